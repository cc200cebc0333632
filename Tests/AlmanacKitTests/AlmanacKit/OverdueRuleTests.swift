import Foundation
import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// The overdue rule as a table: (loaned, due, returned, today, grace) → overdue or not, days overdue.
@Suite struct OverdueRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let loaned: String, due: String, returned: String?, today: String, grace: Int
        /// Days overdue when overdue, nil when not.
        let overdue: Int?
        let why: String
        var testDescription: String { why }
    }

    static let cases: [Case] = [
        Case(
            loaned: "2025-12-01", due: "2025-12-22", returned: nil, today: "2025-12-22", grace: 0, overdue: nil,
            why: "due today is not overdue"),
        Case(
            loaned: "2025-12-01", due: "2025-12-22", returned: nil, today: "2025-12-23", grace: 0, overdue: 1,
            why: "the day after the due date"),
        Case(
            loaned: "2025-12-01", due: "2025-12-22", returned: nil, today: "2025-12-21", grace: 0, overdue: nil,
            why: "before the due date"),
        Case(
            loaned: "2025-12-01", due: "2025-12-20", returned: nil, today: "2025-12-23", grace: 3, overdue: nil,
            why: "inside the grace"),
        Case(
            loaned: "2025-12-01", due: "2025-12-20", returned: nil, today: "2025-12-24", grace: 3, overdue: 4,
            why: "past the grace: days count from the due date"),
        Case(
            loaned: "2025-12-01", due: "2025-12-20", returned: "2025-12-19", today: "2025-12-24", grace: 0,
            overdue: nil, why: "returned on time"),
        Case(
            loaned: "2025-12-01", due: "2025-12-20", returned: "2025-12-23", today: "2025-12-24", grace: 0,
            overdue: nil, why: "returned late, then never overdue again"),
        Case(
            loaned: "2025-12-01", due: "2025-12-20", returned: "2025-12-30", today: "2025-12-24", grace: 0,
            overdue: nil, why: "a recorded return counts on a replayed day before it"),
        Case(
            loaned: "2025-11-30", due: "2026-02-28", returned: nil, today: "2026-02-28", grace: 0, overdue: nil,
            why: "month-end clamp: Nov 30 due Feb 28, on Feb 28"),
        Case(
            loaned: "2025-11-30", due: "2026-02-28", returned: nil, today: "2026-03-01", grace: 0, overdue: 1,
            why: "month-end clamp: Nov 30 due Feb 28, on Mar 1"),
        Case(
            loaned: "2023-11-30", due: "2024-02-29", returned: nil, today: "2024-02-29", grace: 0, overdue: nil,
            why: "leap year: due Feb 29, on Feb 29"),
        Case(
            loaned: "2023-11-30", due: "2024-02-29", returned: nil, today: "2024-03-01", grace: 0, overdue: 1,
            why: "leap year: due Feb 29, on Mar 1"),
        Case(
            loaned: "2023-12-01", due: "2024-02-28", returned: nil, today: "2024-03-01", grace: 0, overdue: 2,
            why: "leap year: Feb 29 is a day overdue too"),
        Case(
            loaned: "2024-12-01", due: "2025-02-28", returned: nil, today: "2025-03-01", grace: 0, overdue: 1,
            why: "no Feb 29 in 2025"),
        Case(
            loaned: "2023-11-30", due: "2024-02-29", returned: nil, today: "2024-03-01", grace: 1, overdue: nil,
            why: "leap day due, one day of grace"),
        Case(
            loaned: "2023-11-30", due: "2024-02-29", returned: nil, today: "2024-03-02", grace: 1, overdue: 2,
            why: "leap day due, past one day of grace"),
        Case(
            loaned: "2024-01-15", due: "2024-02-28", returned: nil, today: "2025-02-28", grace: 0, overdue: 366,
            why: "a year later across Feb 29"),
        Case(
            loaned: "2025-10-01", due: "2025-12-31", returned: nil, today: "2026-01-01", grace: 0, overdue: 1,
            why: "across the year's end"),
        Case(
            loaned: "2025-12-10", due: "2026-01-10", returned: nil, today: "2025-12-05", grace: 0, overdue: nil,
            why: "a replayed day before the loan"),
        Case(
            loaned: "2025-03-01", due: "2025-03-29", returned: nil, today: "2025-03-30", grace: 0, overdue: 1,
            why: "due the day before the spring DST change"),
        Case(
            loaned: "2025-09-01", due: "2025-10-25", returned: nil, today: "2025-10-27", grace: 0, overdue: 2,
            why: "across the autumn DST change"),
    ]

    @Test(arguments: cases)
    func ruleTable(_ c: Case) throws {
        let rule = OverdueRule(grace: c.grace)
        let standing = rule.standing(
            loanedOn: try #require(LocalDate(c.loaned)), dueOn: try #require(LocalDate(c.due)),
            returnedOn: try c.returned.map { try #require(LocalDate($0)) }, today: try #require(LocalDate(c.today)))
        if let days = c.overdue {
            #expect(standing == .overdue(days: days, level: rule.level(forDaysOverdue: days)))
        } else if case .overdue = standing {
            Issue.record("\(c.why): expected not overdue, got \(standing)")
        }
        // The SQL narrows by the last overdue due date; it must agree with the rule.
        let due = try #require(LocalDate(c.due))
        let today = try #require(LocalDate(c.today))
        let narrowed = c.returned == nil && due <= rule.lastOverdueDue(on: today)
        #expect(narrowed == (c.overdue != nil), "\(c.why)")
    }

    @Test(arguments: [(0, nil), (1, 1), (6, 1), (7, 7), (13, 7), (14, 14), (400, 14)] as [(Int, Int?)])
    func levelIsTheHighestReached(_ days: Int, _ level: Int?) {
        #expect(OverdueRule(levels: [14, 1, 7, 7]).level(forDaysOverdue: days) == level)
    }

    @Test func belowTheLowestLevelAnOverdueLoanHasNoLevel() throws {
        let rule = OverdueRule(levels: [7, 14])
        let standing = rule.standing(
            loanedOn: try #require(LocalDate("2025-12-01")), dueOn: try #require(LocalDate("2025-12-10")),
            returnedOn: nil, today: try #require(LocalDate("2025-12-13")))
        #expect(standing == .overdue(days: 3, level: nil))
    }

    @Test func dueSoonCoversTheWindowAndTheGrace() throws {
        let rule = OverdueRule(grace: 2, dueWithin: 3)
        let today = try #require(LocalDate("2025-12-22"))
        let loaned = try #require(LocalDate("2025-12-01"))
        func standing(_ due: String) throws -> OverdueRule.Standing {
            rule.standing(loanedOn: loaned, dueOn: try #require(LocalDate(due)), returnedOn: nil, today: today)
        }
        #expect(try standing("2025-12-19") == .overdue(days: 3, level: 1))
        #expect(try standing("2025-12-20") == .dueSoon(daysOverdue: 2))
        #expect(try standing("2025-12-22") == .dueSoon(daysOverdue: 0))
        #expect(try standing("2025-12-25") == .dueSoon(daysOverdue: -3))
        #expect(try standing("2025-12-26") == .onLoan)
        #expect(rule.lastDueRead(on: today).description == "2025-12-25")
        #expect(rule.lastOverdueDue(on: today).description == "2025-12-19")
    }

    /// The window ends at 9999-12-31: there is no later day (and a year 10000 would sort before 9999 as
    /// text, hiding every loan from the check).
    @Test func theWindowEndsAtTheLastDay() throws {
        let rule = OverdueRule(dueWithin: 7)
        #expect(rule.lastDueRead(on: try #require(LocalDate("9999-12-31"))) == LocalDate.last)
        #expect(rule.lastDueRead(on: try #require(LocalDate("9999-12-27"))) == LocalDate.last)
        #expect(rule.lastDueRead(on: try #require(LocalDate("9999-12-24"))).description == "9999-12-31")
        #expect(rule.lastDueRead(on: try #require(LocalDate("9999-12-23"))).description == "9999-12-30")
        #expect(OverdueRule(grace: 3).lastDueRead(on: LocalDate.first).description == "0000-12-28")
    }

    @Test func levelsParse() throws {
        #expect(try OverdueRule.parseLevels("14,1, 7,7") == [1, 7, 14])
        #expect(try OverdueRule.parseLevels("3") == [3])
        for bad in ["", "1,,7", "0", "-1", "x", "1;7", "1.5"] {
            #expect(throws: AlmanacError.self, "\(bad)") { try OverdueRule.parseLevels(bad) }
        }
    }

    /// `--tz Europe/Berlin`: "today" is the day on Berlin's clock, and a 23- or 25-hour day is one day.
    @Test(arguments: [
        ("2025-03-29T22:59:00Z", "2025-03-29"), ("2025-03-29T23:00:00Z", "2025-03-30"),
        ("2025-03-30T00:59:00Z", "2025-03-30"),
        ("2025-03-30T01:00:00Z", "2025-03-30"), ("2025-03-30T21:59:00Z", "2025-03-30"),
        ("2025-03-30T22:00:00Z", "2025-03-31"),
        ("2025-10-25T21:59:00Z", "2025-10-25"), ("2025-10-25T22:00:00Z", "2025-10-26"),
        ("2025-10-26T00:30:00Z", "2025-10-26"),
        ("2025-10-26T01:30:00Z", "2025-10-26"), ("2025-10-26T22:59:00Z", "2025-10-26"),
        ("2025-10-26T23:00:00Z", "2025-10-27"),
    ])
    func dstDaysInBerlin(_ instant: String, _ berlinDay: String) throws {
        let now = try #require(ISO8601DateFormatter().date(from: instant))
        let settings = try Settings.resolve(
            database: nil, locale: "en", timeZone: "Europe/Berlin", today: nil, environment: [:], now: now)
        #expect(settings.today.description == berlinDay)
        // A loan due the day before is overdue by exactly one day, at any hour of the day.
        let due = settings.today.adding(days: -1)
        let standing = OverdueRule().standing(
            loanedOn: due.adding(days: -14), dueOn: due, returnedOn: nil, today: settings.today)
        #expect(standing == .overdue(days: 1, level: 1))
    }
}
