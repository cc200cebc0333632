import Foundation
import TestSupport
import Testing

/// iCalendar in and out, with files made by other programs: a calendar written by Python's icalendar
/// (`Tests/Calendars/make_calendar.py`: UTC, floating and TZID times, all-day events, a weekly rule
/// with EXDATE, RDATE and a moved occurrence, a rule across daylight saving, what is not kept) is
/// imported; Almanac's own `.ics` is read back by Python's icalendar and imported by khal, and both
/// see the same events. Python's icalendar and khal come from `make test-deps`; without them those
/// tests are skipped and the reason printed.
@Suite struct CalendarFileTests {
    static let python = Workdir.packageRoot.appendingPathComponent(".build/test-python").path
    static let script = Workdir.packageRoot.appendingPathComponent("Tests/Calendars/make_calendar.py").path

    /// Nil when Python's icalendar can be imported, else why not.
    static let noIcalendar: String? = {
        let probe = try? ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", "import icalendar; icalendar.Calendar.add_missing_timezones"],
            environment: ["PATH": "/usr/bin:/bin:/usr/local/bin", "PYTHONPATH": python], input: nil, directory: nil)
        return probe?.status == 0
            ? nil : "Python's icalendar 6 or later is not installed (make test-deps puts it in .build/test-python)"
    }()
    static let noKhal: String? =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/khal") ? nil : "khal is not installed (make test-deps)"

    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase("a.db")
    }

    func almanac(_ arguments: [String]) throws -> Workdir.Output {
        try dir.run(["--db", "a.db", "--tz", "Europe/Moscow"] + arguments)
    }

    func python(_ arguments: [String]) throws -> Workdir.Output {
        try dir.run(
            arguments, environment: ["PYTHONPATH": Self.python, "PATH": "/usr/bin:/bin:/usr/local/bin"],
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
    }

    /// The starts and titles of the agenda's occurrences, `2026-02-02 19:00 Choir`, in `zone`.
    func agenda(_ from: String, _ to: String, zone: String = "Europe/Berlin", db: String = "a.db") throws -> [String] {
        let out = try dir.run([
            "--db", db, "--tz", zone, "events", "agenda", "--from", from, "--to", to, "--format", "csv",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        let wall = DateFormatter()
        wall.locale = Locale(identifier: "en_US_POSIX")
        wall.timeZone = TimeZone(identifier: zone)
        wall.dateFormat = "HH:mm"
        // day,id,starts_at,ends_at,all_day,title,…: the start's time on the zone's clock.
        return out.stdout.split(separator: "\r\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let time =
                fields[4] == "true" ? "all-day" : wall.string(from: ISO8601DateFormatter().date(from: fields[2])!)
            return fields[0] + " " + time + " " + fields[5]
        }
    }

    @Test func theReasonForSkippingIsPrinted() {
        for reason in [Self.noIcalendar, Self.noKhal].compactMap({ $0 }) { print("CalendarFileTests: \(reason)") }
        #expect(Self.noIcalendar.map { !$0.isEmpty } ?? true)
    }

    @Test(.enabled(if: noIcalendar == nil, "needs Python's icalendar"))
    func aCalendarWrittenByIcalendarImportsWithEveryFeature() throws {
        #expect(try python([Self.script, dir.path("made.ics")]).status == 0)
        let imported = try almanac(["import", "events", "made.ics"])
        #expect(imported.status == 0, "\(imported.stderr)")
        // The summary says what was read, in which zone floating times were read, and what was not
        // kept, with the lines (the reminder's and the link's of the dentist's event).
        #expect(
            imported.stdout.hasSuffix(
                "made.ics: iCalendar, 9 events, times without a zone read in Europe/Moscow (--tz chooses the zone), "
                    + "not kept: URL (line 123), VALARM (line 124)\n"), "\(imported.stdout)")
        let list = try almanac(["events", "list", "--format", "csv"]).stdout
        #expect(list.contains("Ёлка во дворе"))
        #expect(list.contains("Anna Petrova"))
        // The weekly choir: 2 Feb, the RDATE on the 5th, 9 Feb, not the 16th (EXDATE), the 23rd moved
        // to the 24th at 18:00, then 2 and 9 March (COUNT=6 counts the left-out and moved ones).
        let choir = try agenda("2026-02-01", "2026-03-15").filter { $0.contains("Choir") }
        #expect(
            choir == [
                "2026-02-02 19:00 Choir", "2026-02-05 19:00 Choir", "2026-02-09 19:00 Choir",
                "2026-02-24 18:00 Choir (in the big hall)", "2026-03-02 19:00 Choir", "2026-03-09 19:00 Choir",
            ], "\(choir)")
        // 09:00 in Berlin before and after the change to summer time, until 5 April.
        let market = try agenda("2026-03-01", "2026-04-30").filter { $0.contains("Market") }
        #expect(market == ["2026-03-21 09:00 Market", "2026-03-28 09:00 Market", "2026-04-04 09:00 Market"])
        // A floating time is 18:00 in the --tz of the import (Moscow), the all-day trip three days.
        #expect(
            try agenda("2026-01-20", "2026-01-20", zone: "Europe/Moscow").contains("2026-01-20 18:00 Ёлка во дворе"))
        let trip = try agenda("2026-01-22", "2026-01-27").filter { $0.contains("Kazan") }
        #expect(trip.count == 3, "\(trip)")
        // A yearly all-day rule without an end: shown in the range asked.
        #expect(
            try agenda("2030-03-01", "2030-03-31").contains { $0.hasPrefix("2030-03-08") && $0.contains("birthday") })
        // The same file again updates: nothing is added.
        let again = try almanac(["import", "events", "made.ics"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try almanac(["events", "list", "--format", "csv"]).stdout == list)
    }

    /// Almanac's .ics read by Python's icalendar: the same events, UIDs, rules and zones; and a round
    /// trip through a second import (into this database, and into a new one) changes nothing.
    @Test(.enabled(if: noIcalendar == nil, "needs Python's icalendar"))
    func almanacsCalendarReadsBackEverywhere() throws {
        #expect(try python([Self.script, dir.path("made.ics")]).status == 0)
        #expect(try almanac(["import", "events", "made.ics"]).status == 0)
        #expect(try almanac(["events", "add", "--title", "Made here", "--at", "2026-02-03T10:00"]).status == 0)
        let exported = try almanac(["export", "events", "--format", "ics", "--out", "out.ics"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let read = try python([
            "-c",
            """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            for e in sorted(cal.walk('VEVENT'), key=lambda e: (str(e['UID']), str(e.get('RECURRENCE-ID', '')))):
                rule = e.get('RRULE')
                print(e['UID'], '|', e['SUMMARY'], '|', e.decoded('DTSTART').isoformat(), '|', rule.to_ical().decode() if rule else '')
            """, dir.path("out.ics"),
        ])
        #expect(read.status == 0, "\(read.stderr)")
        let lines = read.stdout.split(separator: "\n")
        #expect(lines.count == 10, "\(read.stdout)")
        #expect(lines.contains("weekly-1@tests | Choir | 2026-02-02T19:00:00+01:00 | FREQ=WEEKLY;COUNT=6"))
        #expect(lines.contains("trip-1@tests | Trip to Kazan | 2026-01-23 | "))
        #expect(lines.contains { $0.contains("| Made here | 2026-02-03T07:00:00+00:00 |") })
        let before = try almanac(["events", "list", "--format", "csv"]).stdout
        #expect(try almanac(["import", "events", "out.ics"]).status == 0)
        #expect(try almanac(["events", "list", "--format", "csv"]).stdout == before)
        try dir.initDatabase("b.db")
        #expect(try dir.run(["--db", "b.db", "import", "events", "out.ics"]).status == 0)
        #expect(try agenda("2026-01-01", "2026-04-30", db: "b.db") == agenda("2026-01-01", "2026-04-30"))
    }

    /// khal (an agenda tool on Python's icalendar) imports Almanac's .ics and lists the same days.
    @Test(.enabled(if: noIcalendar == nil && noKhal == nil, "needs Python's icalendar and khal"))
    func khalImportsAlmanacsCalendar() throws {
        #expect(try python([Self.script, dir.path("made.ics")]).status == 0)
        #expect(try almanac(["import", "events", "made.ics"]).status == 0)
        #expect(try almanac(["export", "events", "--format", "ics", "--out", "out.ics"]).status == 0)
        try FileManager.default.createDirectory(atPath: dir.path("khal-cal"), withIntermediateDirectories: true)
        try dir.write(
            "khal.conf",
            """
            [calendars]
            [[almanac]]
            path = \(dir.path("khal-cal"))
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            local_timezone = Europe/Berlin
            default_timezone = Europe/Berlin
            """)
        let khal = URL(fileURLWithPath: "/usr/bin/khal")
        let imported = try dir.run(
            ["-c", dir.path("khal.conf"), "import", "--batch", "-a", "almanac", "out.ics"], executable: khal)
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try dir.run(
            [
                "-c", dir.path("khal.conf"), "list", "--format", "{start-date} {start-time} {title}", "--day-format",
                "",
                "2026-02-01", "2026-03-15",
            ], executable: khal)
        #expect(listed.status == 0, "\(listed.stderr)")
        let khals = listed.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.contains("Choir") }
        #expect(
            Array(Set(khals)).sorted()
                == (try agenda("2026-02-01", "2026-03-15").filter { $0.contains("Choir") }).sorted())
    }

    /// What cannot be read is refused at its line and property, and nothing is imported.
    @Test func whatCannotBeReadIsRefusedByLine() throws {
        try dir.write(
            "bad.ics",
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x",
                "BEGIN:VEVENT", "UID:a", "SUMMARY:Fine", "DTSTART:20260105T090000Z", "END:VEVENT",
                "BEGIN:VEVENT", "UID:b", "SUMMARY:No start", "END:VEVENT",
                "BEGIN:VEVENT", "UID:c", "SUMMARY:Mars", "DTSTART;TZID=Mars/Olympus:20260105T090000", "END:VEVENT",
                "BEGIN:VEVENT", "UID:d", "SUMMARY:Often", "DTSTART:20260105T090000Z", "RRULE:FREQ=MINUTELY",
                "END:VEVENT", "END:VCALENDAR", "",
            ].joined(separator: "\r\n"))
        let out = try almanac(["import", "events", "bad.ics"])
        #expect(out.status == 65)
        #expect(out.stderr.contains("bad.ics:9:1: error: this VEVENT has no DTSTART"), "\(out.stderr)")
        #expect(out.stderr.contains("bad.ics:16:1: error: DTSTART: the zone \"Mars/Olympus\""), "\(out.stderr)")
        #expect(out.stderr.contains("bad.ics:22:1: error: column \"RRULE\""), "\(out.stderr)")
        #expect(try almanac(["events", "list", "--format", "csv"]).stdout.split(separator: "\n").count == 1)
        try Data([
            0x42, 0x45, 0x47, 0x49, 0x4E, 0x3A, 0x56, 0x43, 0x41, 0x4C, 0x45, 0x4E, 0x44, 0x41, 0x52, 0x0D, 0x0A, 0xE9,
        ])
        .write(to: dir.url.appendingPathComponent("latin.ics"))
        let latin = try almanac(["import", "events", "latin.ics"])
        #expect(latin.status == 65 && latin.stderr.contains("not UTF-8"), "\(latin.stderr)")
    }

    /// `--format ics` is the events commands' alone.
    @Test func onlyEventsWriteCalendars() throws {
        #expect(try almanac(["books", "list", "--format", "ics"]).status == 64)
        let export = try almanac(["export", "books", "--format", "ics"])
        #expect(export.status == 64 && export.stderr.contains("--format ics writes events"), "\(export.stderr)")
        #expect(try almanac(["events", "add", "--title", "Tea", "--at", "2026-01-05T10:00"]).status == 0)
        let listed = try almanac(["events", "list", "--format", "ics"])
        #expect(
            listed.status == 0 && listed.stdout.hasPrefix("BEGIN:VCALENDAR\r\n")
                && listed.stdout.contains("SUMMARY:Tea"))
        let agenda = try almanac(["events", "agenda", "--from", "2026-01-05", "--days", "1", "--format", "ics"])
        #expect(
            agenda.status == 0 && agenda.stdout.contains("SUMMARY:Tea") && agenda.stdout.hasSuffix("END:VCALENDAR\r\n"))
    }

    /// `serve` publishes every event at `/events.ics` for a calendar program to subscribe to: the file
    /// `export events --format ics` writes, with the headers every answer has; read-only (no POST).
    @Test func servePublishesTheEventsAsACalendar() throws {
        #expect(try almanac(["events", "add", "--title", "Tea, with lemon", "--at", "2026-01-05T10:00"]).status == 0)
        let server = try RunningServer(dir, [], database: "a.db")
        let answer = try server.get("/events.ics")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "text/calendar; charset=utf-8")
        #expect(
            answer.headers["content-security-policy"] != nil && answer.headers["x-content-type-options"] == "nosniff")
        #expect(answer.body.hasPrefix("BEGIN:VCALENDAR\r\n") && answer.body.contains("SUMMARY:Tea\\, with lemon\r\n"))
        let exported = try almanac(["export", "events", "--format", "ics"]).stdout
        let withoutStamps = { (text: String) in text.split(separator: "\r\n").filter { !$0.hasPrefix("DTSTAMP") } }
        #expect(withoutStamps(answer.body) == withoutStamps(exported))
        #expect(try server.request("POST", "/events.ics").status >= 400)
    }
}
