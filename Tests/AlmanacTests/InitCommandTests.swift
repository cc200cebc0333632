import AlmanacKit
import Foundation
import Testing

/// `almanac init`, `--version`, the global options and the exit codes, through the built binary.
@Suite struct InitCommandTests {
    let dir: Workdir

    init() throws { dir = try Workdir() }

    @Test func versionPrintsTheVersion() throws {
        let out = try dir.run(["--version"])
        #expect(out.status == 0)
        #expect(out.stdout == AlmanacVersion.current + "\n")
    }

    @Test func initCreatesEveryTableThenIsANoOp() throws {
        let first = try dir.run(["--db", "a.db", "init"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "Created a.db (schema version \(DatabaseMigrator.builtIn.latestVersion))\n")
        let database = try Database(path: dir.path("a.db"))
        let tables = try Store.tableSummary(database).map(\.name)
        for table in ["holidays", "doors", "calendar_state", "events", "countries", "quiz_answers",
                      "animation_properties", "animation_settings", "animation_setting_values", "books",
                      "overdue_notices", "import_log"] {
            #expect(tables.contains(table), "missing table \(table)")
        }
        let schema = try database.rows("SELECT sql FROM sqlite_schema ORDER BY name")
        let second = try dir.run(["init", "--db", "a.db"])
        #expect(second.status == 0)
        #expect(second.stdout.contains("is up to date"))
        #expect(try database.rows("SELECT sql FROM sqlite_schema ORDER BY name") == schema)
    }

    @Test func databaseComesFromTheEnvironmentWhenNotGiven() throws {
        let out = try dir.run(["init"], environment: ["ALMANAC_DB": "env.db"])
        #expect(out.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.path("env.db")))
        let fallback = try dir.run(["init"])
        #expect(fallback.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.path("almanac.db")))
    }

    @Test func newerSchemaIsRefused() throws {
        try dir.run(["init", "--db", "a.db"])
        try Database(path: dir.path("a.db")).execute("PRAGMA user_version = 42")
        let out = try dir.run(["init", "--db", "a.db"])
        #expect(out.status == 65)
        #expect(out.stderr == "almanac: error: a.db: schema version 42 is newer than this almanac knows (\(DatabaseMigrator.builtIn.latestVersion)); use a newer almanac\n")
    }

    @Test func messagesFollowTheLocale() throws {
        let byOption = try dir.run(["--locale", "ru", "init", "--db", "a.db"])
        #expect(byOption.stdout.hasPrefix("Создана база a.db"))
        let byEnvironment = try dir.run(["init", "--db", "a.db"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(byEnvironment.stdout.hasPrefix("База a.db не требует обновления"))
        let overridden = try dir.run(["init", "--db", "a.db"], environment: ["LANG": "ru_RU.UTF-8", "LC_ALL": "en_US.UTF-8"])
        #expect(overridden.stdout.hasPrefix("a.db is up to date"))
    }

    /// Each failure ends with its own exit status and one line on stderr.
    static let failures: [(arguments: [String], status: Int32, message: String)] = [
        (["init", "--db", "missing-dir/a.db"], 73, "almanac: error: cannot create missing-dir/a.db: the folder missing-dir does not exist"),
        (["init", "--db", "not-a-db.txt"], 65, "almanac: error: not-a-db.txt: not a database (the file is not SQLite)"),
        (["init", "--tz", "Mars/Olympus"], 64, "almanac: error: --tz: \"Mars/Olympus\" is not a time zone"),
        (["init", "--today", "2025-02-30"], 64, "almanac: error: --today: \"2025-02-30\" is not a date"),
        (["init", "--format", "xml"], 64, "Error: The value 'xml' is invalid for '--format <format>'"),
        (["frobnicate"], 64, "Error: Unexpected argument 'frobnicate'"),
    ]

    @Test("failures map to exit codes", arguments: failures)
    func failure(_ expected: (arguments: [String], status: Int32, message: String)) throws {
        try dir.write("not-a-db.txt", "This is plain text, not SQLite, and it is long enough to have a header.\n")
        let out = try dir.run(expected.arguments)
        #expect(out.status == expected.status)
        #expect(out.stderr.hasPrefix(expected.message), "\(out.stderr)")
        #expect(out.stdout.isEmpty)
        if expected.status != 64 {
            #expect(out.stderr.split(separator: "\n").count == 1, "one line on stderr")
        }
    }

    @Test func binaryRunsAloneFromAnEmptyDirectory() throws {
        let alone = dir.url.appendingPathComponent("bin/almanac")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Workdir.binary, to: alone)
        let out = try dir.run(["--db", "./a.db", "init"], executable: alone)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try Store.tableSummary(Database(path: dir.path("a.db"))).count >= 12)
    }

    @Test func demoMakesAFreshDatabaseFromTheSampleData() throws {
        let out = try dir.run(["demo", "--db", "demo.db"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("Imported the sample data:"))
        let database = try Database(path: dir.path("demo.db"))
        let counts = Dictionary(uniqueKeysWithValues: try Store.tableSummary(database).map { ($0.name, $0.rows) })
        #expect(counts["holidays"] == 4)
        #expect(counts["doors"] == 96)
        #expect(counts["countries"] == 249)
        #expect(counts["events"] == 43)
        #expect(counts["books"] == 23)
        #expect(counts["quiz_answers"] == 71)
        #expect(counts["animation_properties"] == 8)
        #expect(counts["animation_settings"] == 7)
        #expect(counts["import_log"] == 8)
        #expect(FileManager.default.fileExists(atPath: dir.path("sample-data/books.csv")))
        let again = try dir.run(["demo", "--db", "demo.db"])
        #expect(again.status == 73)
    }
}
