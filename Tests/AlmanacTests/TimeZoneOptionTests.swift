import AlmanacKit
import Foundation
import Testing

@testable import AlmanacKinds

/// `--tz` and `TZ` through the built binary: the forms cron, containers and systemd set are accepted and
/// mean their zone (a wall time typed in it is stored as that zone's UTC and shown back as typed), and
/// anything else is a usage error naming the value and where it came from.
@Suite struct TimeZoneOptionTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase()
    }

    /// How the zone is given: as `--tz`, or in the environment as `TZ`.
    enum Given: Sendable { case option, environment }

    func run(_ arguments: [String], zone: String, _ given: Given, environment: [String: String] = [:]) throws
        -> Workdir.Output
    {
        switch given {
        case .option:
            return try dir.run(
                ["--db", "a.db", "--today", "2025-12-22"] + arguments + ["--tz", zone], environment: environment)
        case .environment:
            return try dir.run(
                ["--db", "a.db", "--today", "2025-12-22"] + arguments,
                environment: environment.merging(["TZ": zone]) { $1 })
        }
    }

    /// Adds an event at 2026-07-01T12:00 on the zone's clock; its stored UTC instant and how it is shown back.
    func addNoon(_ zone: String, _ given: Given, environment: [String: String] = [:]) throws -> (
        stored: String, shown: String
    ) {
        let added = try run(
            ["events", "add", "--title", zone, "--at", "2026-07-01T12:00"], zone: zone, given, environment: environment)
        #expect(added.status == 0, "\(zone): \(added.stderr)")
        let id = added.stdout.split(separator: " ").dropFirst(2).first.map { String($0.dropLast()) } ?? ""
        let stored = try dir.run([
            "--db", "a.db", "query", "SELECT starts_at FROM events WHERE id = \(id)", "--format", "csv",
        ])
        let shown = try run(["events", "show", id], zone: zone, given, environment: environment)
        return (
            String(stored.stdout.split(separator: "\r\n").last ?? ""),
            String(shown.stdout.split(separator: "\n").dropFirst().first ?? "")
        )
    }

    @Test(arguments: [
        ("Asia/Kolkata", Given.environment, "2026-07-01T06:30:00Z"), ("Asia/Kolkata", .option, "2026-07-01T06:30:00Z"),
        (":Europe/Berlin", .environment, "2026-07-01T10:00:00Z"),
        (":/usr/share/zoneinfo/Europe/Berlin", .option, "2026-07-01T10:00:00Z"),
        ("EST5EDT", .option, "2026-07-01T16:00:00Z"), ("US/Eastern", .option, "2026-07-01T16:00:00Z"),
        ("CET", .option, "2026-07-01T10:00:00Z"), ("UTC0", .option, "2026-07-01T12:00:00Z"),
        ("GMT", .environment, "2026-07-01T12:00:00Z"),
        ("Etc/GMT+3", .option, "2026-07-01T15:00:00Z"),
        ("EST5EDT,M3.2.0,M11.1.0", .environment, "2026-07-01T16:00:00Z"),
        ("<+0530>-5:30", .environment, "2026-07-01T06:30:00Z"), ("Asia/Calcutta", .option, "2026-07-01T06:30:00Z"),
    ])
    func acceptedZonesStoreAndShowTheirOwnTime(_ zone: String, _ given: Given, _ stored: String) throws {
        let noon = try addNoon(zone, given)
        #expect(noon.stored == stored, "\(zone)")
        #expect(noon.shown == "  When: Wed 1 Jul 2026 12:00", "\(zone)")
    }

    /// `:/etc/localtime` (systemd, containers) is the zone its link names: a link made here to Asia/Tokyo,
    /// and the machine's own.
    @Test func localtimeLinksAreTheirZone() throws {
        try FileManager.default.createSymbolicLink(
            atPath: dir.path("localtime"), withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        #expect(try addNoon(":" + dir.path("localtime"), .environment).stored == "2026-07-01T03:00:00Z")
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime") else {
            print("TimeZoneOptionTests: /etc/localtime is not a link here; only the link made by the test is checked")
            return
        }
        let machine = try addNoon(":/etc/localtime", .option)
        let named = try addNoon(
            URL(fileURLWithPath: target, relativeTo: URL(fileURLWithPath: "/etc/")).standardizedFileURL.path, .option)
        #expect(machine.stored == named.stored)
    }

    /// The nightly check from cron with the tz database's own name for India: no longer UNKNOWN.
    @Test func overdueFromCronWithTheCanonicalName() throws {
        let out = try dir.run(
            ["--db", "a.db", "--today", "2025-12-22", "overdue", "--format", "nagios"],
            environment: ["TZ": "Asia/Kolkata"])
        #expect(out.status == 0, "\(out.stdout)")
        #expect(out.stdout == "OVERDUE OK - no loans overdue | overdue=0 due_soon=0\n")
    }

    /// Foundation, ICU and the C library read `TZ` too; whatever they make of it, Almanac shows its own
    /// reading of `TZ`, and `--tz` over it.
    @Test func theOptionWinsOverTZAndNothingFallsBackToUTC() throws {
        let both = try run(
            ["events", "add", "--title", "x", "--at", "2026-07-01T12:00"], zone: "Asia/Tokyo", .option,
            environment: ["TZ": "EST5EDT,M3.2.0,M11.1.0"])
        #expect(both.stdout == "Added event 1: x, Wed 1 Jul 2026 12:00\n")
        let stored = try dir.run(
            ["--db", "a.db", "query", "SELECT starts_at FROM events", "--format", "csv"],
            environment: ["TZ": "EST5EDT,M3.2.0,M11.1.0"])
        #expect(stored.stdout.hasSuffix("2026-07-01T03:00:00Z\r\n"))
        for rule in ["EST5EDT,M3.2.0,M11.1.0", "<-03>3", "XXX-14"] {
            let shown = try run(["events", "show", "1"], zone: rule, .environment)
            let hour = ["EST5EDT,M3.2.0,M11.1.0": "23:00", "<-03>3": "00:00", "XXX-14": "17:00"][rule]!
            #expect(shown.stdout.contains(hour), "TZ=\(rule): \(shown.stdout)")
        }
    }

    /// SQLite's `'localtime'` modifier asks the C library; `query` and `report` point it at `--tz`, so it
    /// agrees with `local_date()` whatever `TZ` says.
    @Test(
        .sqliteFile,
        arguments: [
            ("Asia/Tokyo", "2026-07-01 21:00:00"), ("EST5EDT,M3.2.0,M11.1.0", "2026-07-01 08:00:00"),
            ("<+0530>-5:30", "2026-07-01 17:30:00"), ("UTC", "2026-07-01 12:00:00"),
        ])
    func sqlLocaltimeIsTheZone(_ zone: String, _ local: String) throws {
        let sql = "SELECT datetime('2026-07-01T12:00:00Z', 'localtime') AS t"
        let out = try dir.run(
            ["--db", "a.db", "query", sql, "--tz", zone, "--format", "csv"], environment: ["TZ": "America/New_York"])
        #expect(out.stdout == "t\r\n\(local)\r\n")
        let unset = try dir.run(["--db", "a.db", "query", sql, "--format", "csv"])
        // Without --tz or TZ: the machine's zone, as `date` reads /etc/localtime (UTC when there is none).
        let machine = try dir.run(
            ["-d", "2026-07-01T12:00:00Z", "+%Y-%m-%d %H:%M:%S"], executable: URL(fileURLWithPath: "/bin/date"))
        #expect(
            unset.stdout == "t\r\n\(machine.stdout.trimmingCharacters(in: .newlines))\r\n",
            "without --tz or TZ: /etc/localtime")
    }

    /// Without a tz database (`TZDIR` pointing nowhere), ICU's copy answers for names.
    @Test func withoutATzDatabaseICUAnswers() throws {
        let noon = try addNoon("Asia/Kolkata", .environment, environment: ["TZDIR": dir.path("no-zoneinfo")])
        #expect(noon.stored == "2026-07-01T06:30:00Z")
    }

    @Test(arguments: [
        ("Mars/Olympus", #""Mars/Olympus" is not a time zone"#),
        ("Asia/Kolkatta", #""Asia/Kolkatta" is not a time zone"#),
        ("EST5EDT4", #""EST5EDT4" names daylight saving time without the dates it starts and ends"#),
        (":/etc/passwd", #"":/etc/passwd" is not a time zone file"#), ("zone.tab", #""zone.tab" is not a time zone"#),
        ("../../etc/localtime", #""../../etc/localtime" is not a time zone"#),
    ])
    func otherValuesAreUsageErrorsNamingTheValueAndItsSource(_ zone: String, _ message: String) throws {
        for (given, source) in [(Given.option, "--tz"), (.environment, "TZ")] {
            let out = try run(["books", "list"], zone: zone, given)
            #expect(out.status == 64)
            #expect(out.stderr.hasPrefix("almanac: error: \(source): \(message)"), "\(out.stderr)")
            let nagios = try run(["overdue", "--format", "nagios"], zone: zone, given)
            #expect(nagios.status == 3)
            #expect(nagios.stdout.hasPrefix("OVERDUE UNKNOWN - \(source): \(message)"))
        }
        let russian = try run(["books", "list", "--locale", "ru"], zone: "EST5EDT4", .option)
        #expect(russian.stderr.hasPrefix("almanac: ошибка: --tz: в «EST5EDT4» есть летнее время"))
    }
}
