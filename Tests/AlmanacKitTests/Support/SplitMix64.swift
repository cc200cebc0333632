import AlmanacKit

@testable import AlmanacKinds
@testable import AlmanacQuiz

/// The tests' own seeded generator: Almanac's SplitMix64 (`SeededRandom`) as a
/// `RandomNumberGenerator`, so a failing property test can be replayed from its seed on every machine.
struct SplitMix64: RandomNumberGenerator {
    private var base: SeededRandom

    init(seed: UInt64) { base = SeededRandom(seed: seed) }

    mutating func next() -> UInt64 { base.next() }

    /// A number in `0..<bound` (a plain modulo: a slight bias does not matter to a test's inputs).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One of the elements.
    mutating func pick<T>(_ elements: [T]) -> T { elements[below(elements.count)] }
}
