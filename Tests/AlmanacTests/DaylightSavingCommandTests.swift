import AlmanacKit
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacText

/// The daylight-saving rule through the built binary: a wall time the clocks skip moves forward by the
/// gap, one they repeat is the earlier instant, the same in `events add`, `import events` and
/// `import quiz-answers`; `query` shows the stored UTC, the agenda and `events show` the moved time; and
/// days whose midnight (or whole self) the clocks skip are listed without a crash or a lost day.
@Suite struct DaylightSavingCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase()
    }

    func run(_ arguments: [String]) throws -> Workdir.Output {
        try dir.run(["--db", "a.db", "--today", "2025-12-22"] + arguments)
    }

    func stored(_ sql: String) throws -> [String] {
        let out = try run(["query", sql, "--format", "csv"])
        #expect(out.status == 0, "\(out.stderr)")
        return out.stdout.split(separator: "\r\n").dropFirst().map(String.init)
    }

    /// Zone, wall time as typed, the stored instant, and the day and time the agenda shows.
    static let cases = [
        ("Europe/Berlin", "2026-03-29T02:30", "2026-03-29T01:30:00Z", "Sun 29 Mar 2026", "03:30"),
        ("Europe/Berlin", "2026-10-25T02:30", "2026-10-25T00:30:00Z", "Sun 25 Oct 2026", "02:30"),
        ("America/New_York", "2026-03-08T02:30", "2026-03-08T07:30:00Z", "Sun 8 Mar 2026", "03:30"),
        ("America/New_York", "2026-11-01T01:30", "2026-11-01T05:30:00Z", "Sun 1 Nov 2026", "01:30"),
        ("Australia/Lord_Howe", "2026-10-04T02:15", "2026-10-03T15:45:00Z", "Sun 4 Oct 2026", "02:45"),
        ("Australia/Lord_Howe", "2026-04-05T01:45", "2026-04-04T14:45:00Z", "Sun 5 Apr 2026", "01:45"),
        ("Pacific/Apia", "2011-12-30T10:00", "2011-12-30T20:00:00Z", "Sat 31 Dec 2011", "10:00"),
        ("Pacific/Apia", "2012-04-01T03:30", "2012-03-31T13:30:00Z", "Sun 1 Apr 2012", "03:30"),
    ]

    @Test(arguments: cases)
    func addImportAndShowAgree(_ zone: String, _ typed: String, _ utc: String, _ day: String, _ time: String) throws {
        let added = try run(["events", "add", "--title", "added", "--at", typed, "--tz", zone])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Added event 1: added, \(day) \(time)\n")
        try dir.write("events.csv", "title,starts_at\nimported,\(typed)\n")
        let imported = try run(["import", "events", "events.csv", "--tz", zone])
        #expect(imported.status == 0, "\(imported.stderr)")
        try dir.write("countries.csv", "code,name\nDE,Germany\n")
        try dir.write("answers.csv", "player,answered_at,country,chosen\nAnna,\(typed),DE,DE\n")
        #expect(try run(["import", "countries", "countries.csv"]).status == 0)
        #expect(try run(["import", "quiz-answers", "answers.csv", "--tz", zone]).status == 0)
        #expect(try stored("SELECT starts_at FROM events ORDER BY id") == [utc, utc])
        #expect(try stored("SELECT answered_at FROM quiz_answers WHERE player = 'Anna'") == [utc])
        // The agenda lists both on the day and at the time the wall clock showed at that instant.
        let date = String(utc.prefix(10))
        let first = LocalDate(date)!.adding(days: -1).description
        let agenda = try run(["events", "agenda", "--from", first, "--days", "3", "--tz", zone])
        #expect(agenda.stdout.contains("│ \(day)"), "\(agenda.stdout)")
        #expect(agenda.stdout.components(separatedBy: "│ \(time) ").count == 3, "\(agenda.stdout)")
        #expect(try run(["events", "show", "2", "--tz", zone]).stdout.contains("When: \(day) \(time)"))
    }

    /// An end typed after the start can land before it when the start is in a gap: 02:30 becomes 03:30,
    /// after 03:15. The row is refused and the message shows both instants.
    @Test func anEndInTheGapsShadowIsBeforeTheMovedStart() throws {
        let out = try run([
            "events", "add", "--title", "x", "--at", "2026-03-29T02:30", "--ends", "2026-03-29T03:15", "--tz",
            "Europe/Berlin",
        ])
        #expect(out.status == 65)
        #expect(
            out.stderr
                == "almanac: error: --ends \"2026-03-29T03:15\" (2026-03-29T01:15:00Z) is before --at (2026-03-29T01:30:00Z)\n"
        )
    }

    /// Havana, Santiago and Beirut skip midnight on the day summer time starts; Apia skipped
    /// 2011-12-30 entirely. The agenda starts each day at its first instant, lists every day that has
    /// events, and "today" may be such a day.
    @Test(arguments: [
        ("America/Havana", "2026-03-08", "2026-03-08T05:30:00Z", "Sun 8 Mar", "01:30"),
        ("America/Santiago", "2026-09-06", "2026-09-06T04:30:00Z", "Sun 6 Sep", "01:30"),
        ("Asia/Beirut", "2020-03-29", "2020-03-28T22:30:00Z", "Sun 29 Mar", "01:30"),
        ("Pacific/Apia", "2011-12-30", "2011-12-30T10:30:00Z", "Sat 31 Dec", "00:30"),
    ])
    func daysWhoseMidnightIsSkipped(_ zone: String, _ day: String, _ utc: String, _ heading: String, _ time: String)
        throws
    {
        try dir.write(
            "events.csv",
            "title,starts_at\nat the skipped midnight,\(day)T00:30\nthe day before,\(LocalDate(day)!.adding(days: -1))T23:30\n"
        )
        #expect(try run(["import", "events", "events.csv", "--tz", zone]).status == 0)
        #expect(try stored("SELECT starts_at FROM events WHERE id = 1") == [utc])
        let agenda = try dir.run([
            "--db", "a.db", "--today", day, "events", "agenda", "--from", "today-1", "--days", "3", "--tz", zone,
        ])
        #expect(agenda.status == 0, "\(agenda.stderr)")
        #expect(agenda.stdout.contains("│ \(heading)"))
        #expect(agenda.stdout.contains("│ \(time) │ at the skipped midnight"), "\(agenda.stdout)")
        #expect(agenda.stdout.hasSuffix("\n2 events\n"))
        let csv = try dir.run([
            "--db", "a.db", "events", "agenda", "--from", LocalDate(day)!.adding(days: -1).description, "--days", "3",
            "--tz", zone, "--format", "csv",
        ])
        #expect(csv.stdout.split(separator: "\r\n").count == 3, "\(csv.stdout)")
        let report = try dir.run([
            "--db", "a.db", "report", "run", "events-by-day", "--param", "from=\(LocalDate(day)!.adding(days: -1))",
            "--tz", zone, "--format", "csv",
        ])
        #expect(report.stdout.split(separator: "\r\n").count == 3, "\(report.stdout)")
    }
}
