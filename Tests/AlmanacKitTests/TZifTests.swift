@testable import AlmanacKit
import Foundation
import Testing

/// Reading TZif files (RFC 8536): version 1's 32-bit block, version 2's 64-bit block and footer, files
/// that count leap seconds, and damaged files, which are refused without a crash.
@Suite struct TZifTests {
    /// A TZif file: `transitions` (time, type), `types` (offset, isdst), a footer for version 2 and later.
    static func file(version: UInt8, transitions: [(Int64, UInt8)], types: [(Int32, UInt8)], leaps: [(Int64, Int32)] = [],
                     footer: String = "") -> [UInt8] {
        func block(_ timeSize: Int) -> [UInt8] {
            var out = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
            for count in [0, 0, leaps.count, transitions.count, types.count, 4] { out += bigEndian(Int64(count), 4) }
            for (time, _) in transitions { out += bigEndian(time, timeSize) }
            out += transitions.map(\.1)
            for (offset, dst) in types { out += bigEndian(Int64(offset), 4) + [dst, 0] }
            out += Array("ABC\0".utf8)
            for (time, correction) in leaps { out += bigEndian(time, timeSize) + bigEndian(Int64(correction), 4) }
            return out
        }
        guard version >= UInt8(ascii: "2") else { return block(4) }
        return block(4) + block(8) + Array(("\n" + footer + "\n").utf8)
    }

    static func bigEndian(_ value: Int64, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    @Test func versionOneHasOnlyItsTransitions() throws {
        let tzif = try #require(TZif(Self.file(version: 0, transitions: [(0, 1), (1_000, 0)], types: [(3_600, 0), (7_200, 1)])))
        #expect(tzif.offset(at: -1) == 3_600)
        #expect(tzif.offset(at: 0) == 7_200)
        #expect(tzif.offset(at: 999) == 7_200)
        #expect(tzif.offset(at: 1_000) == 3_600)
        #expect(tzif.offset(at: 9_000_000_000) == 3_600)
    }

    @Test func versionTwoFollowsItsFooterAfterTheLastTransition() throws {
        let bytes = Self.file(version: UInt8(ascii: "2"), transitions: [(-5_000_000_000, 1)], types: [(-1_000, 0), (3_600, 0)],
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
        let right = "/usr/share/zoneinfo/right/Europe/Berlin", plain = "/usr/share/zoneinfo/Europe/Berlin"
        guard let rightData = FileManager.default.contents(atPath: right), let plainData = FileManager.default.contents(atPath: plain) else {
            print("TZifTests: \(right) is not installed; the leap-second file is not compared")
            return
        }
        let leap = try #require(TZif([UInt8](rightData))), posix = try #require(TZif([UInt8](plainData)))
        let since1972 = posix.transitions.filter { $0 > 63_072_000 && $0 < leap.transitions.last! }
        #expect(since1972.count > 50)
        for time in since1972 {
            #expect(leap.offset(at: time - 1) == posix.offset(at: time - 1), "\(Instant.utcText(time))")
            #expect(leap.offset(at: time) == posix.offset(at: time), "\(Instant.utcText(time))")
        }
        let made = try #require(TZif(Self.file(version: UInt8(ascii: "2"), transitions: [(1_027, 1)], types: [(0, 0), (3_600, 0)],
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
}
