import Foundation
import Testing

/// Recurring events in reports and listings (issue 41): `events-by-day` counts a rule on every day it
/// falls in, as the agenda shows it, on either store; an `EXDATE` that takes away a series' first
/// occurrence hides it everywhere.
@Suite struct RecurringReportCommandTests {
    /// A weekly choir (Mondays 19:00 in Berlin, five times, not on 9 February) and a daily class whose
    /// first day, 3 February, was deleted (`EXDATE` on its `DTSTART`, as calendar programs write it).
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Almanac tests//EN\r
        BEGIN:VEVENT\r
        UID:choir@example.org\r
        DTSTAMP:20260101T000000Z\r
        DTSTART;TZID=Europe/Berlin:20260202T190000\r
        DTEND;TZID=Europe/Berlin:20260202T210000\r
        RRULE:FREQ=WEEKLY;COUNT=5\r
        EXDATE;TZID=Europe/Berlin:20260209T190000\r
        SUMMARY:Choir\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:yoga@example.org\r
        DTSTAMP:20260101T000000Z\r
        DTSTART;TZID=Europe/Berlin:20260203T080000\r
        RRULE:FREQ=DAILY;COUNT=3\r
        EXDATE;TZID=Europe/Berlin:20260203T080000\r
        SUMMARY:Yoga\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase("a.db")
        try dir.write("series.ics", Self.calendar)
        let imported = try almanac(["import", "events", "series.ics"])
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    func almanac(_ arguments: [String]) throws -> Workdir.Output {
        try dir.run(["--db", "a.db", "--tz", "Europe/Berlin"] + arguments)
    }

    @Test func eventsByDayCountsEveryOccurrenceAsTheAgendaShowsThem() throws {
        let report = try almanac([
            "report", "run", "events-by-day", "--param", "from=2026-02-02", "--param", "days=15", "--format", "csv",
        ])
        #expect(report.status == 0, "\(report.stderr)")
        let days = report.stdout.split(separator: "\r\n").dropFirst().map {
            $0.split(separator: ",").prefix(2).joined(separator: ",")
        }
        #expect(days == ["2026-02-02,1", "2026-02-04,1", "2026-02-05,1", "2026-02-16,1"], "\(report.stdout)")
        let agenda = try almanac([
            "events", "agenda", "--from", "2026-02-02", "--to", "2026-02-16", "--format", "csv",
        ])
        let agendaDays = agenda.stdout.split(separator: "\r\n").dropFirst().map { $0.prefix(10) }
        #expect(agendaDays == ["2026-02-02", "2026-02-04", "2026-02-05", "2026-02-16"], "\(agenda.stdout)")
    }

    @Test func aDeletedFirstOccurrenceIsHiddenFromEveryListing() throws {
        let list = try almanac(["events", "list", "--from", "2026-02-03", "--to", "2026-02-03", "--format", "csv"])
        #expect(list.status == 0 && !list.stdout.contains("Yoga"), "\(list.stdout)")
        let later = try almanac(["events", "list", "--from", "2026-02-04", "--to", "2026-02-05", "--format", "csv"])
        #expect(later.stdout.components(separatedBy: "Yoga").count - 1 == 2, "\(later.stdout)")
        // The event itself is still there, with its rules.
        let id = try #require(
            try almanac(["export", "events"]).stdout.split(separator: "\n").first { $0.contains("Yoga") }?
                .split(separator: ",").first)
        let shown = try almanac(["events", "show", String(id)])
        #expect(shown.status == 0 && shown.stdout.contains("daily, 3 times, except 1 date"), "\(shown.stdout)")
    }

    @Test func aReportsOccurrencesDirectiveNamesItsParameters() throws {
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("mine"), withIntermediateDirectories: true)
        try dir.write(
            "mine/bad.sql",
            """
            -- param: from date = today
            -- occurrences: from days
            SELECT CAST(:occurrences AS text) AS occurrences;
            """)
        let refused = try almanac(["report", "list", "--reports-dir", "mine"])
        #expect(refused.status == 65)
        #expect(
            refused.stderr.contains("mine/bad.sql:2: cannot read the occurrences \"from days\""), "\(refused.stderr)")
        try dir.write(
            "mine/bad.sql",
            """
            -- param: from date = today
            -- param: days integer = 7
            -- occurrences: from days
            SELECT CAST(:occurrences AS text) AS occurrences;
            """)
        let counted = try almanac([
            "report", "run", "bad", "--param", "from=2026-02-02", "--param", "days=30", "--reports-dir", "mine",
            "--format", "json",
        ])
        #expect(counted.status == 0, "\(counted.stderr)")
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(counted.stdout.utf8)) as? [[String: String]])
        let bound = try #require(
            try JSONSerialization.jsonObject(with: Data((rows.first?["occurrences"] ?? "").utf8)) as? [String: Any])
        // The class's first day is hidden; after the first: two classes, then three choirs (16 and 23
        // February, 2 March; 9 February is taken away), in order of start.
        let hidden = try #require(bound["hidden"] as? [Int])
        #expect(hidden.count == 1)
        let occurrences = try #require(bound["occurrences"] as? [[String: Any]])
        #expect(occurrences.map { $0["title"] as? String } == ["Yoga", "Yoga", "Choir", "Choir", "Choir"])
        #expect(occurrences.map { $0["starts_at"] as? String }.last == "2026-03-02T18:00:00Z")
        #expect(occurrences.allSatisfy { $0["id"] as? Int != nil && $0["all_day"] as? Bool == false })
    }
}
