import Foundation
import TestSupport
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// POSIX TZ rules read as the C library reads them: offsets west of Greenwich, `Mm.w.d`, `Jn` and `n`
/// days, times past midnight or before it, the southern hemisphere, daylight time all year.
@Suite struct PosixZoneRuleTests {
    static let rules = [
        "EST5EDT,M3.2.0,M11.1.0", "CET-1CEST,M3.5.0,M10.5.0/3", "AEST-10AEDT,M10.1.0,M4.1.0/3",
        "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "NZST-12NZDT,M9.5.0,M4.1.0/3",
        "IST-2IDT,M3.4.4/26,M10.5.0", "XXX3YYY,J60/1:30:15,J300", "XXX3YYY,59,299/25", "EST5EDT,0/0,J365/25",
        "<+00>0<+01>,0/0,J365/25", "UTC0", "<+0545>-5:45", "ABC+11:30:15", "WGT3WGST,M3.5.0/-2,M10.5.0/-1",
        "XXX-1YYY-3,M3.5.0/167,M10.5.0/-167",
    ]

    /// Against glibc (through Python's `time`, which calls `localtime_r` with `TZ` set): the offset at
    /// the first second of each hour of 2026 and 2100, and around each change.
    @Test(.enabled(if: Python.missing == nil, Comment(rawValue: Python.missing ?? "")), arguments: rules)
    func offsetsAreTheCLibrarys(_ text: String) throws {
        let rule = try PosixZoneRule(parsing: text)
        let instants =
            stride(from: Int64(1_767_225_600), to: 1_798_761_600, by: 3_600).map { $0 }
            + stride(from: Int64(4_102_444_800), to: 4_133_980_800, by: 3_600).map { $0 }
        let script = """
            import os, sys, time
            time.tzset()
            print("\\n".join(str(time.localtime(int(t)).tm_gmtoff) for t in sys.stdin.read().split()))
            """
        let expected = try Python.run(
            script, input: instants.map(String.init).joined(separator: "\n"), environment: ["TZ": text]
        )
        .split(separator: "\n").map { Int($0)! }
        #expect(expected.count == instants.count)
        let wrong = zip(instants, expected).filter { rule.offset(at: $0.0) != $0.1 }
        #expect(wrong.isEmpty, "\(text): \(wrong.prefix(3).map { "\(Instant.utcText($0.0)) glibc \($0.1)" })")
    }

    @Test func daysOfTheYear() throws {
        // J60 is March 1 in every year; 59 (from 0) is February 29 in a leap year.
        let julian = PosixZoneRule.Change(day: .julian(60), time: 0)
        #expect(Instant.utcText(julian.wallSeconds(in: 2024)) == "2024-03-01T00:00:00Z")
        #expect(Instant.utcText(julian.wallSeconds(in: 2025)) == "2025-03-01T00:00:00Z")
        let counted = PosixZoneRule.Change(day: .zeroBased(59), time: 0)
        #expect(Instant.utcText(counted.wallSeconds(in: 2024)) == "2024-02-29T00:00:00Z")
        // Week 5 is the last: February 2026 has four Sundays, the last on the 22nd.
        let last = PosixZoneRule.Change(day: .weekday(month: 2, week: 5, day: 0), time: 0)
        #expect(Instant.utcText(last.wallSeconds(in: 2026)) == "2026-02-22T00:00:00Z")
    }

    @Test(arguments: [
        "", "EST", "ES5", "EST5EDT4", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0",
        "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,J0,J365", "EST5EDT,366,1", "EST25", "EST5:60", "EST5EDT,M3.2.0/168,M11.1.0",
        "<AB>5", "<ABC5", "EST5 ", "EST5EDT,M3.2.0,M11.1.0,", "Europe/Berlin",
    ])
    func malformedRulesAreRefused(_ text: String) {
        #expect(throws: PosixZoneRule.Failure.self) { try PosixZoneRule(parsing: text) }
    }
}
