import Testing

@testable import AlmanacEvents
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// `--from`, `--to` and `--days` as the agenda and the cards read them.
@Suite struct DayRangeTests {
    static let today = LocalDate(year: 2025, month: 12, day: 22)!

    static func resolve(_ from: String?, _ to: String?, _ days: Int?) throws -> String {
        let range = try DayRange.resolve(from: from, to: to, days: days, today: today)
        return "\(range.first)…\(range.last) (\(range.count))"
    }

    @Test(
        arguments: [
            (nil, nil, nil, "2025-12-22…2025-12-28 (7)"),
            ("2025-12-30", nil, nil, "2025-12-30…2026-01-05 (7)"),
            ("today-1", "today+1", nil, "2025-12-21…2025-12-23 (3)"),
            ("2025-12-22", "2025-12-22", nil, "2025-12-22…2025-12-22 (1)"),
            (nil, nil, 1, "2025-12-22…2025-12-22 (1)"),
            ("2024-02-28", nil, 3, "2024-02-28…2024-03-01 (3)"),
            ("TODAY+10", nil, 2, "2026-01-01…2026-01-02 (2)"),
            // A day counted from today past the years is cut at their end (the agenda says so).
            ("today+3000000", nil, nil, "9999-12-31…9999-12-31 (1)"),
            ("today-3000000", nil, 3, "0001-01-01…0001-01-03 (3)"),
        ] as [(String?, String?, Int?, String)])
    func ranges(_ from: String?, _ to: String?, _ days: Int?, _ expected: String) throws {
        #expect(try Self.resolve(from, to, days) == expected)
    }

    @Test(
        arguments: [
            ("2025-12-32", nil, nil, "events.error.bad-day"),
            ("tomorrow", nil, nil, "events.error.bad-day"),
            (nil, "22.12.2025", nil, "events.error.bad-day"),
            (nil, "2025-12-28", 3, "events.error.to-and-days"),
            ("2025-12-22", "2025-12-21", nil, "events.error.to-before-from"),
            (nil, nil, 0, "events.error.bad-days"),
            (nil, nil, -1, "events.error.bad-days"),
            (nil, nil, 3661, "events.error.bad-days"),
            ("2000-01-01", "2025-01-01", nil, "events.error.range-too-long"),
            ("today+10000001", nil, nil, "events.error.bad-day"),
            ("today--9223372036854775808", nil, nil, "events.error.bad-day"),
        ] as [(String?, String?, Int?, String)])
    func refusals(_ from: String?, _ to: String?, _ days: Int?, _ key: String) throws {
        let error = #expect(throws: AlmanacError.self) { try Self.resolve(from, to, days) }
        #expect(error?.key == key)
        #expect(error?.failure == .usage)
    }

    @Test func messagesNameTheOptionAndTheValue() {
        let error = #expect(throws: AlmanacError.self) { try Self.resolve(nil, "22.12.2025", nil) }
        #expect(
            error?.description == "--to: \"22.12.2025\" is not a day (expected YYYY-MM-DD, today, today+N or today-N)")
        #expect(
            error?.message(Localizer(locale: "ru"))
                == "--to: «22.12.2025» — не день (нужно ГГГГ-ММ-ДД, today, today+N или today-N)")
    }
}
