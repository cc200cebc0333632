import Foundation
import Testing

@testable import AlmanacEvents
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// Local days and wall-clock times, against Foundation's calendar, in zones with odd offsets and
/// clock changes.
@Suite struct ZoneDaysTests {
    static let zones = [
        "UTC", "Europe/Berlin", "Asia/Tokyo", "Europe/Moscow", "Asia/Kathmandu", "Australia/Lord_Howe",
        "America/Santiago", "America/St_Johns", "Pacific/Chatham",
    ]

    /// 2025 in full: every clock change of the year falls inside.
    @Test(arguments: zones)
    func timesAndDaysMatchFoundation(_ identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        let range = DayRange(
            first: LocalDate(year: 2025, month: 1, day: 1)!, last: LocalDate(year: 2025, month: 12, day: 31)!)!
        let days = ZoneDays(range: range, zone: zone)
        // ICU's copy of the tz database agrees with the system's on these zones since 1970.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: identifier))
        var random = SplitMix64(seed: UInt64(identifier.utf8.count))
        // Random instants, and the instants around every day's start.
        var instants = (0..<3000).map { _ in days.lowerBound - 86_400 + Int64(random.below(368 * 86_400)) }
        instants += days.starts.flatMap { [$0 - 1, $0, $0 + 1, $0 + 3600] }
        for instant in instants {
            let date = Date(timeIntervalSince1970: TimeInterval(instant))
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            let clock = String(format: "%02d:%02d", parts.hour!, parts.minute!)
            #expect(days.clockTime(instant) == clock, "\(identifier) \(Instant.utcText(instant))")
            #expect(
                days.localDate(instant) == LocalDate(year: parts.year!, month: parts.month!, day: parts.day!),
                "\(identifier) \(Instant.utcText(instant))")
            let index = days.dayIndex(of: instant)
            if (0..<range.count).contains(index) { #expect(range.day(index) == days.localDate(instant)) }
        }
    }

    @Test func dayStartsAreLocalMidnights() throws {
        let berlin = Zone(identifier: "Europe/Berlin")!
        let range = DayRange(first: LocalDate("2025-03-29")!, last: LocalDate("2025-03-31")!)!
        let days = ZoneDays(range: range, zone: berlin)
        #expect(
            days.starts.map(Instant.utcText) == [
                "2025-03-28T23:00:00Z", "2025-03-29T23:00:00Z", "2025-03-30T22:00:00Z", "2025-03-31T22:00:00Z",
            ])
        #expect(days.dayIndex(of: days.lowerBound - 1) == -1)
        #expect(days.dayIndex(of: days.upperBound) == 3)
        #expect(days.dayIndex(of: days.upperBound - 1) == 2)
    }
}
