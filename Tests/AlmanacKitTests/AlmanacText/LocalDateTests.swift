import AlmanacKit
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacText

@Suite struct LocalDateTests {
    @Test(arguments: [
        "2025-02-30", "2025-13-01", "2025-00-10", "2025-1-01", "25-01-01", "2025/01/01",
        "2025-01-01T00:00", " 2025-01-01", "２０２５-01-01", "", "2023-02-29", "0000-01-01",
    ])
    func refusesTextThatIsNotADay(_ text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test(arguments: ["2024-02-29", "2025-12-31", "1970-01-01", "0001-01-01", "9999-12-31"])
    func readsAndWritesBack(_ text: String) throws {
        #expect(try #require(LocalDate(text)).description == text)
    }

    @Test(arguments: [
        ("2025-11-30", 3, "2026-02-28"), ("2023-11-30", 3, "2024-02-29"), ("2025-01-31", 1, "2025-02-28"),
        ("2025-01-15", 3, "2025-04-15"), ("2025-12-31", 2, "2026-02-28"), ("2025-03-31", -1, "2025-02-28"),
        ("2024-02-29", 12, "2025-02-28"),
    ])
    func addingMonthsClampsToTheMonthEnd(_ start: String, _ months: Int, _ expected: String) throws {
        #expect(try #require(LocalDate(start)).adding(months: months).description == expected)
    }

    @Test func dayNumbersMatchFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Foundation switches to the Julian calendar before 1582; LocalDate stays proleptic Gregorian.
        for offset in stride(from: -140_000, through: 2_900_000, by: 997) {
            let date = LocalDate(dayNumber: offset)
            let instant = Date(timeIntervalSince1970: TimeInterval(offset) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: instant)
            guard (parts.year ?? 0) > 0 else { continue }
            #expect(date.year == parts.year && date.month == parts.month && date.day == parts.day)
            #expect(date.dayNumber == offset)
            #expect(date.isoWeekday == ((parts.weekday ?? 1) + 5) % 7 + 1)
        }
    }

    @Test func todayDependsOnTheZone() throws {
        // 2025-12-22T23:30:00Z is still the 22nd in UTC but already the 23rd in Tokyo.
        let instant = Date(timeIntervalSince1970: 1_766_446_200)
        #expect(LocalDate(instant, in: Zone(identifier: "UTC")!).description == "2025-12-22")
        #expect(LocalDate(instant, in: Zone(identifier: "Asia/Tokyo")!).description == "2025-12-23")
        #expect(LocalDate(instant, in: Zone(identifier: "America/Los_Angeles")!).description == "2025-12-22")
    }

    @Test func arithmetic() throws {
        let start = try #require(LocalDate("2025-12-22"))
        #expect(start.adding(days: 10).description == "2026-01-01")
        #expect(start.days(to: try #require(LocalDate("2026-01-01"))) == 10)
        #expect(start.isoWeekday == 1)
        #expect(start < start.adding(days: 1))
    }
}
