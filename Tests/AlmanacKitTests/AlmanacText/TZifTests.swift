import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// Reading TZif files (RFC 8536): version 1's 32-bit block, version 2's 64-bit block and footer, files
/// that count leap seconds, and damaged or hostile files, which are refused without a crash, fast.
@Suite struct TZifTests {
    /// A TZif file: `transitions` (time, type), `types` (offset, isdst), a footer for version 2 and later.
    static func file(
        version: UInt8, transitions: [(Int64, UInt8)], types: [(Int32, UInt8)], leaps: [(Int64, Int32)] = [],
        footer: String = ""
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(100 + (transitions.count * 14 + leaps.count * 20))
        func append(_ value: Int64, _ size: Int) {
            for shift in stride(from: 8 * (size - 1), through: 0, by: -8) {
                out.append(UInt8(truncatingIfNeeded: value >> shift))
            }
        }
        func block(_ timeSize: Int) {
            out += Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
            for count in [0, 0, leaps.count, transitions.count, types.count, 4] { append(Int64(count), 4) }
            for (time, _) in transitions { append(time, timeSize) }
            for (_, type) in transitions { out.append(type) }
            for (offset, dst) in types {
                append(Int64(offset), 4)
                out += [dst, 0]
            }
            out += Array("ABC\0".utf8)
            for (time, correction) in leaps {
                append(time, timeSize)
                append(Int64(correction), 4)
            }
        }
        block(4)
        guard version >= UInt8(ascii: "2") else { return out }
        block(8)
        return out + Array(("\n" + footer + "\n").utf8)
    }

    @Test func versionOneHasOnlyItsTransitions() throws {
        let tzif = try #require(
            TZif(Self.file(version: 0, transitions: [(0, 1), (1_000, 0)], types: [(3_600, 0), (7_200, 1)])))
        #expect(tzif.offset(at: -1) == 3_600)
        #expect(tzif.offset(at: 0) == 7_200)
        #expect(tzif.offset(at: 999) == 7_200)
        #expect(tzif.offset(at: 1_000) == 3_600)
        #expect(tzif.offset(at: 9_000_000_000) == 3_600)
    }

    @Test func versionTwoFollowsItsFooterAfterTheLastTransition() throws {
        let bytes = Self.file(
            version: UInt8(ascii: "2"), transitions: [(-5_000_000_000, 1)], types: [(-1_000, 0), (3_600, 0)],
            footer: "CET-1CEST,M3.5.0,M10.5.0/3")
        let tzif = try #require(TZif(bytes))
        #expect(tzif.offset(at: -5_000_000_001) == -1_000, "before 1812: the 64-bit block is read")
        #expect(tzif.offset(at: 0) == 3_600)
        #expect(tzif.offset(at: 1_782_907_200) == 7_200, "July 2026: the footer's summer time")
    }

    /// `right/` files count leap seconds in their transition times; brought back to POSIX time, they
    /// change at the same instants as the plain files (until the leap-second table expires, where a
    /// `right/` file's data ends: `--tz :/…/right/Europe/Berlin` reads the plain file).
    @Test func leapSecondsAreTakenOutOfTransitionTimes() throws {
        let right = "/usr/share/zoneinfo/right/Europe/Berlin"
        let plain = "/usr/share/zoneinfo/Europe/Berlin"
        guard let rightData = FileManager.default.contents(atPath: right),
            let plainData = FileManager.default.contents(atPath: plain)
        else {
            print("TZifTests: \(right) is not installed; the leap-second file is not compared")
            return
        }
        let leap = try #require(TZif([UInt8](rightData)))
        let posix = try #require(TZif([UInt8](plainData)))
        let since1972 = posix.transitions.filter { $0 > 63_072_000 && $0 < leap.transitions.last! }
        #expect(since1972.count > 50)
        for time in since1972 {
            #expect(leap.offset(at: time - 1) == posix.offset(at: time - 1), "\(Instant.utcText(time))")
            #expect(leap.offset(at: time) == posix.offset(at: time), "\(Instant.utcText(time))")
        }
        let made = try #require(
            TZif(
                Self.file(
                    version: UInt8(ascii: "2"), transitions: [(1_027, 1)], types: [(0, 0), (3_600, 0)],
                    leaps: [(500, 27)])))
        #expect(made.transitions == [1_000])
    }

    /// Every prefix of a real file and a thousand damaged copies: read or refused, never a crash or a
    /// transition out of order.
    @Test func damagedFilesAreRefusedWithoutACrash() throws {
        let whole = [UInt8](try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/America/Santiago")))
        #expect(TZif(whole) != nil)
        for length in 0..<whole.count - 1 {
            #expect(TZif(Array(whole.prefix(length))) == nil, "a prefix of \(length) bytes")
        }
        var random = SplitMix64(seed: 1_582)
        for _ in 0..<1_000 {
            var damaged = whole
            for _ in 0..<1 + random.below(4) {
                damaged[random.below(damaged.count)] = UInt8(truncatingIfNeeded: random.next())
            }
            if let tzif = TZif(damaged) {
                #expect(zip(tzif.transitions, tzif.transitions.dropFirst()).allSatisfy { $0 < $1 })
                _ = tzif.offset(at: 0)
            }
        }
        #expect(TZif(Array("TZif but not really".utf8)) == nil)
        #expect(TZif([]) == nil)
    }

    /// A leap record and a transition at Int64's lowest: taking the correction out of the time would
    /// go below it. Refused, not a trap; so are the same at the top, and leap records out of order.
    @Test func timesAtInt64sEdgesAreRefusedNotATrap() {
        let two = UInt8(ascii: "2")
        #expect(TZif(Self.file(version: two, transitions: [(.min, 0)], types: [(0, 0)], leaps: [(.min, 1)])) == nil)
        #expect(TZif(Self.file(version: two, transitions: [(.max, 0)], types: [(0, 0)], leaps: [(0, -1)])) == nil)
        #expect(
            TZif(Self.file(version: two, transitions: [(0, 0)], types: [(0, 0)], leaps: [(500, 1), (100, 2)])) == nil)
        #expect(TZif(Self.file(version: two, transitions: [(10, 0), (5, 0)], types: [(0, 0)])) == nil)
        // At the edges themselves, with no correction to take, a file is read.
        let edges = TZif(
            Self.file(version: two, transitions: [(.min, 0), (.max, 0)], types: [(3_600, 0)], leaps: [(.max, 0)]))
        #expect(edges?.transitions == [.min, .max])
        #expect(edges?.offset(at: 0) == 3_600)
    }

    /// 400,000 transitions and as many leap records (8 MB): refused by its size before it is read,
    /// in well under a second. Under the size, more transitions or leap records than any zone has are
    /// refused too; as many as the limits allow are read, in one pass.
    @Test func hugeFilesAreRefusedFast() throws {
        let two = UInt8(ascii: "2")
        let clock = ContinuousClock()
        var reading = Duration.zero
        func read(_ bytes: [UInt8]) -> TZif? {
            let started = clock.now
            defer { reading += clock.now - started }
            return TZif(bytes)
        }
        let count = 400_000
        let huge = Self.file(
            version: two, transitions: (0..<count).map { (Int64($0) * 10, 0) }, types: [(0, 0)],
            leaps: (0..<count).map { (Int64($0) * 10, 0) })
        #expect(huge.count > TZif.largestFile)
        #expect(read(huge) == nil)
        let over = Self.file(
            version: two, transitions: (0...TZif.mostTransitions).map { (Int64($0) * 10, 0) }, types: [(0, 0)])
        #expect(over.count < TZif.largestFile)
        #expect(read(over) == nil)
        let leapsOver = Self.file(
            version: two, transitions: [(0, 0)], types: [(0, 0)],
            leaps: (0...TZif.mostLeapRecords).map { (Int64($0) * 10, 0) })
        #expect(read(leapsOver) == nil)
        let most = Self.file(
            version: two, transitions: (0..<TZif.mostTransitions).map { (Int64($0) * 10, 0) }, types: [(0, 0)],
            leaps: (0..<TZif.mostLeapRecords).map { (Int64($0) * 100, 0) })
        #expect(read(most)?.transitions.count == TZif.mostTransitions)
        #expect(reading < .seconds(1), "reading took \(reading)")
    }

    /// A POSIX rule asked about instants at Int64's edges (a footer after a transition there) answers
    /// without overflowing its year arithmetic.
    @Test func aRuleAnswersAtInt64sEdges() throws {
        let rule = try PosixZoneRule(parsing: "CET-1CEST,M3.5.0,M10.5.0/3")
        for instant in [Int64.min, .min + 1, -(1 << 62), 1 << 62, .max - 1, .max] {
            #expect([3_600, 7_200].contains(rule.offset(at: instant)))
        }
        let southern = try PosixZoneRule(parsing: "<-03>3<-02>,M9.1.6/24,M4.1.6/24")
        #expect([-10_800, -7_200].contains(southern.offset(at: .max)))
    }
}
