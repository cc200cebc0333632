import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacQuiz

/// The generator behind every seeded question. The pinned numbers come from a C transcription of
/// Vigna's SplitMix64 and Lemire's bounded integers (with `__uint128_t`), so they check the Swift
/// code against the algorithm, not against itself.
@Suite struct SeededRandomTests {
    @Test func matchesTheSplitMix64ReferenceOutput() {
        var zero = SeededRandom(seed: 0)
        #expect(
            (0..<3).map { _ in zero.next() } == [
                16_294_208_416_658_607_535, 7_960_286_522_194_355_700, 487_617_019_471_545_679,
            ])
        var random = SeededRandom(seed: 1_234_567)
        #expect(
            (0..<5).map { _ in random.next() } == [
                6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
            ])
    }

    @Test func boundedIntegersMatchLemiresMethod() {
        var random = SeededRandom(seed: 42)
        #expect((0..<8).map { _ in random.below(249) } == [184, 39, 69, 85, 9, 216, 54, 199])
        var small = SeededRandom(seed: 42)
        #expect((0..<8).map { _ in small.below(3) } == [2, 0, 0, 1, 0, 2, 0, 2])
        var one = SeededRandom(seed: 9)
        #expect((0..<20).allSatisfy { _ in one.below(1) == 0 })
    }

    @Test(arguments: [2, 3, 4, 7, 249, 1 << 40, Int.max])
    func boundedIntegersStayInRange(_ bound: Int) {
        var random = SeededRandom(seed: UInt64(bound))
        for _ in 0..<2_000 {
            let value = random.below(bound)
            #expect(value >= 0 && value < bound)
        }
    }

    /// 60 000 draws below 6 land about 10 000 times on each face: a biased method (modulo with a
    /// bad bound, a dropped rejection) would not. The seed makes it exact, so it cannot flake.
    @Test func boundedIntegersAreEven() {
        var random = SeededRandom(seed: 2025)
        var counts = [Int](repeating: 0, count: 6)
        for _ in 0..<60_000 { counts[random.below(6)] += 1 }
        #expect(counts.allSatisfy { (9_600...10_400).contains($0) }, "\(counts)")
    }

    @Test func shuffleIsAPermutationAndDependsOnlyOnTheSeed() {
        for seed in UInt64(0)..<50 {
            var first = SeededRandom(seed: seed)
            var second = SeededRandom(seed: seed)
            var a = Array(0..<30)
            var b = Array(0..<30)
            first.shuffle(&a)
            second.shuffle(&b)
            #expect(a == b)
            #expect(a.sorted() == Array(0..<30))
        }
        var random = SeededRandom(seed: 7)
        var empty: [Int] = []
        var single = [1]
        random.shuffle(&empty)
        random.shuffle(&single)
        #expect(empty.isEmpty && single == [1])
    }

    /// Every arrangement of four elements comes up about equally often (24 of them, 48 000 shuffles).
    @Test func shuffleReachesEveryArrangementEvenly() {
        var random = SeededRandom(seed: 11)
        var counts: [[Int]: Int] = [:]
        for _ in 0..<48_000 {
            var elements = [0, 1, 2, 3]
            random.shuffle(&elements)
            counts[elements, default: 0] += 1
        }
        #expect(counts.count == 24)
        #expect(counts.values.allSatisfy { (1_800...2_200).contains($0) }, "\(counts.values.sorted())")
    }

    @Test func chooseDrawsDistinctElements() {
        var random = SeededRandom(seed: 3)
        for count in 0...5 {
            let chosen = random.choose(count, from: Array("abcde"))
            #expect(chosen.count == count && Set(chosen).count == count)
        }
    }

    @Test func theVersionNamesTheAlgorithm() {
        #expect(SeededRandom.version == "splitmix64-v1")
    }
}
