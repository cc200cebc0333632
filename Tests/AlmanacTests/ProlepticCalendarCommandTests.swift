import Foundation
import Testing

/// One calendar in every command: an event on 1500-03-01 is on that day in the agenda, in the
/// events-by-day report and in `query` (SQLite's calendar), and it was a Thursday, which `books list`
/// says too, in English and Russian. Before, the agenda grouped by ICU's Julian calendar (1500-02-20)
/// and `books list` called the day a Sunday.
@Suite struct ProlepticCalendarCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase()
    }

    @discardableResult
    func run(_ arguments: [String]) throws -> Workdir.Output {
        let out = try dir.run(["--db", "a.db", "--today", "2025-12-22"] + arguments)
        #expect(out.status == 0, "\(arguments): \(out.stderr)")
        return out
    }

    @Test(arguments: ["UTC", "Europe/Berlin", "America/New_York"])
    func anEventOnFirstMarch1500IsOnThatDayEverywhere(_ zone: String) throws {
        try run(["events", "add", "--title", "Market", "--at", "1500-03-01T12:00", "--tz", zone])
        let agenda = try run(["events", "agenda", "--from", "1500-03-01", "--days", "1", "--tz", zone])
        #expect(agenda.stdout.contains("│ Thu 1 Mar 1500"), "\(agenda.stdout)")
        #expect(agenda.stdout.contains("│ 12:00 │ Market "))
        let machine = try run([
            "events", "agenda", "--from", "1500-02-15", "--days", "30", "--tz", zone, "--format", "csv",
        ])
        #expect(machine.stdout.split(separator: "\r\n").last?.hasPrefix("1500-03-01,1,") == true, "\(machine.stdout)")
        let report = try run([
            "report", "run", "events-by-day", "--param", "from=1500-02-15", "--param", "days=30", "--tz", zone,
            "--format", "csv",
        ])
        #expect(report.stdout.split(separator: "\r\n").last?.hasPrefix("1500-03-01,1,") == true, "\(report.stdout)")
        let shown = try run(["report", "run", "events-by-day", "--param", "from=1500-03-01", "--tz", zone])
        #expect(shown.stdout.contains("Thu 1 Mar 1500"))
        let query = try run([
            "query",
            TestStore.sql(
                "SELECT local_date(starts_at) AS day, strftime('%w', local_date(starts_at)) AS weekday FROM events",
                postgres:
                    "SELECT local_date(starts_at) AS day, extract(dow FROM CAST(local_date(starts_at) AS date)) AS weekday FROM events"
            ),
            "--tz", zone, "--format", "csv",
        ])
        #expect(query.stdout == "day,weekday\r\n1500-03-01,4\r\n")
        #expect(try run(["events", "show", "1", "--tz", zone]).stdout.contains("When: Thu 1 Mar 1500 12:00"))
    }

    /// Locale, the due day, how `books list` shows it, and SQLite's weekday for it (0 = Sunday).
    @Test(arguments: [
        ("en", "1500-03-01", "Thu 1 Mar 1500", 4), ("ru", "1500-03-01", "Чт, 1 марта 1500", 4),
        ("en", "1582-10-10", "Sun 10 Oct 1582", 0), ("en", "1582-10-04", "Mon 4 Oct 1582", 1),
        ("en", "0001-01-01", "Mon 1 Jan 1", 1),
        ("en", "1700-03-01", "Mon 1 Mar 1700", 1), ("ru", "1600-02-29", "Вт, 29 февр. 1600", 2),
    ])
    func booksListNamesTheWeekday(_ locale: String, _ due: String, _ shown: String, _ weekday: Int) throws {
        try run(["books", "add", "Chronicle", "--due", due, "--loaned-on", due])
        let list = try run(["books", "list", "--locale", locale])
        #expect(list.stdout.contains(shown), "\(list.stdout)")
        let dates = try run([
            "query",
            TestStore.sql(
                "SELECT due_on, strftime('%w', due_on) AS weekday FROM books",
                postgres: "SELECT due_on, extract(dow FROM due_on) AS weekday FROM books"),
            "--format", "csv",
        ])
        #expect(dates.stdout == "due_on,weekday\r\n\(due),\(weekday)\r\n")
    }
}
