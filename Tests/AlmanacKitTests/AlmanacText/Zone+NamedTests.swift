import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// The forms of `--tz` and `TZ`: names and aliases, `:NAME`, `:/path`, POSIX rules; and the errors that
/// name the value and where it came from.
@Suite struct ZoneNamedTests {
    /// An instant in each zone's summer (northern) and one in its winter.
    static let july: Int64 = 1_782_907_200  // 2026-07-01T12:00:00Z
    static let january: Int64 = 1_767_268_800  // 2026-01-01T12:00:00Z

    @Test(arguments: [
        ("Asia/Kolkata", 19_800, 19_800), ("Asia/Calcutta", 19_800, 19_800),
        ("US/Eastern", -14_400, -18_000), ("America/New_York", -14_400, -18_000),
        ("EST5EDT", -14_400, -18_000), ("CET", 7_200, 3_600), ("EST", -18_000, -18_000),
        ("Etc/GMT+3", -10_800, -10_800), ("Etc/GMT-14", 50_400, 50_400),
        ("UTC", 0, 0), ("GMT", 0, 0), ("UTC0", 0, 0), ("Etc/UTC", 0, 0), ("Zulu", 0, 0),
        (":Europe/Berlin", 7_200, 3_600), (":/usr/share/zoneinfo/Europe/Berlin", 7_200, 3_600),
        ("posix/Europe/Berlin", 7_200, 3_600), (":/usr/share/zoneinfo/right/Europe/Berlin", 7_200, 3_600),
        ("EST5EDT,M3.2.0,M11.1.0", -14_400, -18_000), ("<+0530>-5:30", 19_800, 19_800), ("JST-9", 32_400, 32_400),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", 36_000, 39_600), ("Australia/Sydney", 36_000, 39_600),
    ])
    func acceptedFormsMeanWhatTheySay(_ value: String, _ july: Int, _ january: Int) throws {
        let zone = try Zone.named(value, source: "--tz")
        #expect(zone.offset(at: Self.july) == july)
        #expect(zone.offset(at: Self.january) == january)
    }

    /// A path inside a tz database, or a link to one, is known by the zone's name.
    @Test func pathsAreKnownByTheirZonesName() throws {
        #expect(try Zone.named(":/usr/share/zoneinfo/Europe/Berlin", source: "TZ").identifier == "Europe/Berlin")
        #expect(try Zone.named("/usr/share/zoneinfo/posix/Asia/Tokyo", source: "TZ").identifier == "Asia/Tokyo")
        // A `right/` file's data ends where its leap-second table expires; the zone's does not.
        let right = try Zone.named(":/usr/share/zoneinfo/right/Europe/Berlin", source: "TZ")
        #expect(right.identifier == "Europe/Berlin")
        #expect(right.offset(at: 1_893_456_000) == 3_600, "2030-01-01")
        let dir = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: dir.path("localtime"), withDestinationPath: "/usr/share/zoneinfo/Asia/Kolkata")
        let linked = try Zone.named(":" + dir.path("localtime"), source: "TZ")
        #expect(linked.identifier == "Asia/Kolkata")
        #expect(linked.offset(at: Self.july) == 19_800)
        // A TZif file outside any tz database is read, and known by its path.
        let copy = dir.path("my-zone")
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/America/Sao_Paulo", toPath: copy)
        let copied = try Zone.named(":" + copy, source: "TZ")
        #expect(copied.identifier == copy)
        #expect(copied.offset(at: Self.july) == -10_800)
        // `:` alone is the system's zone, as for the C library.
        #expect(
            try Zone.named(":", source: "TZ").offset(at: Self.july)
                == Zone.named(":/etc/localtime", source: "TZ").offset(at: Self.july))
    }

    @Test(arguments: [
        ("Mars/Olympus", "error.bad-time-zone"), ("Asia/Kolkatta", "error.bad-time-zone"),
        ("Europe", "error.bad-time-zone"),
        ("zone.tab", "error.bad-time-zone"), ("tzdata.zi", "error.bad-time-zone"),
        ("../../etc/passwd", "error.bad-time-zone"),
        ("Europe/../Europe/Berlin", "error.bad-time-zone"), ("Europe//Berlin", "error.bad-time-zone"),
        ("", "error.bad-time-zone"),
        ("UT", "error.bad-time-zone"), ("EST5EDT,M3.2.0", "error.bad-time-zone"), ("UTC+25", "error.bad-time-zone"),
        ("EST5EDT4", "time.error.daylight-without-dates"), ("CET-1CEST", "time.error.daylight-without-dates"),
        (":/etc/passwd", "time.error.not-a-zone-file"), (":/usr/share/zoneinfo", "time.error.not-a-zone-file"),
        ("/no/such/file", "time.error.not-a-zone-file"),
        (":/usr/share/zoneinfo/zone.tab", "time.error.not-a-zone-file"),
    ])
    func anythingElseIsAUsageErrorNamingTheValue(_ value: String, _ key: String) throws {
        for source in ["--tz", "TZ"] {
            let error = try #require(throws: AlmanacError.self) { try Zone.named(value, source: source) }
            #expect(error.failure == .usage)
            #expect(error.key == key)
            #expect(error.arguments == ["zone": value, "source": source])
        }
    }

    /// A zone file is read only when it is a regular file of at most `TZif.largestFile` bytes: a FIFO
    /// (here with a writer that never closes it) is refused at once, never waited on; a larger file
    /// is refused unread. A damaged zone file under a database name (`TZDIR`) is named as the file.
    @Test func onlyARegularFileOfBoundedSizeIsRead() throws {
        let dir = try TemporaryDirectory()
        let fifo = dir.path("fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = open(fifo, O_RDWR | O_NONBLOCK)
        try #require(writer >= 0)
        _ = write(writer, "TZif", 4)
        nonisolated(unsafe) var key: String?
        let done = DispatchSemaphore(value: 0)
        Thread {
            do {
                _ = try Zone.named(":" + fifo, source: "TZ")
                key = "read"
            } catch {
                key = (error as? AlmanacError)?.key ?? "\(error)"
            }
            done.signal()
        }.start()
        let answered = done.wait(timeout: .now() + 5) == .success
        close(writer)
        if !answered { _ = done.wait(timeout: .now() + 60) }
        #expect(answered, "reading a FIFO as a zone file waited for its writer")
        #expect(key == "time.error.not-a-zone-file")

        var large = try [UInt8](#require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin")))
        large += [UInt8](repeating: 0, count: TZif.largestFile)
        try Data(large).write(to: URL(fileURLWithPath: dir.path("large")))
        let tooLarge = try #require(throws: AlmanacError.self) { try Zone.named(dir.path("large"), source: "--tz") }
        #expect(tooLarge.key == "time.error.zone-file-too-large")

        try FileManager.default.createDirectory(atPath: dir.path("zoneinfo/Europe"), withIntermediateDirectories: true)
        try Data("TZif2 and then nothing a zone needs".utf8).write(
            to: URL(fileURLWithPath: dir.path("zoneinfo/Europe/Berlin")))
        let damaged = try #require(throws: AlmanacError.self) {
            try Zone.named("Europe/Berlin", source: "TZ", directory: dir.path("zoneinfo"))
        }
        #expect(damaged.key == "time.error.not-a-zone-file")
        #expect(damaged.arguments == ["zone": dir.path("zoneinfo/Europe/Berlin"), "source": "TZ"])
    }

    /// Without a tz database (`TZDIR` pointing nowhere), ICU's copy answers for the names it knows,
    /// and POSIX rules and TZif paths still work; ICU's custom `GMT+5` (UTC+5) is not taken for POSIX's.
    @Test func withoutATzDatabaseICUAnswers() throws {
        let nowhere = "/nonexistent-zoneinfo"
        let kolkata = try Zone.named("Asia/Kolkata", source: "TZ", directory: nowhere)
        #expect(kolkata.offset(at: Self.july) == 19_800)
        #expect(try Zone.named("US/Eastern", source: "TZ", directory: nowhere).offset(at: Self.july) == -14_400)
        #expect(try Zone.named("UTC0", source: "TZ", directory: nowhere).offset(at: Self.july) == 0)
        #expect(try Zone.named("GMT+5", source: "TZ", directory: nowhere).offset(at: Self.july) == -18_000)
        #expect(
            try Zone.named(":/usr/share/zoneinfo/Europe/Berlin", source: "TZ", directory: nowhere).offset(at: Self.july)
                == 7_200)
        #expect(throws: AlmanacError.self) { try Zone.named("GMT+0530", source: "TZ", directory: nowhere) }
        #expect(throws: AlmanacError.self) { try Zone.named("Mars/Olympus", source: "TZ", directory: nowhere) }
        // And the day rules hold with ICU's answers too.
        let berlin = try Zone.named("Europe/Berlin", source: "TZ", directory: nowhere)
        #expect(
            Instant.utcText(try #require(Instant.seconds(iso8601: "2026-03-29T02:30", zone: berlin)))
                == "2026-03-29T01:30:00Z")
    }

    /// `TZDIR` moves the database, as for the C library.
    @Test func tzdirIsTheDatabasesDirectory() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("Moon"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: dir.path("Moon/Base"))
        let settings = try Settings.resolve(
            database: nil, locale: nil, timeZone: "Moon/Base", today: "2026-01-01",
            environment: ["TZDIR": dir.url.path])
        #expect(settings.timeZone.identifier == "Moon/Base")
        #expect(settings.timeZone.offset(at: Self.july) == 32_400)
        #expect(Zone.databaseNames(in: dir.url.path) == ["Moon/Base"])
    }
}
