import AlmanacKit
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

/// `almanac init`, `--version`, the global options and the exit codes, through the built binary.
@Suite struct InitCommandTests {
    let dir: Workdir

    init() throws { dir = try Workdir() }

    @Test func versionPrintsTheVersion() throws {
        let out = try dir.run(["--version"])
        #expect(out.status == 0)
        #expect(out.stdout == AlmanacVersion.current + "\n")
    }

    @Test(.sqliteFile) func initCreatesEveryTableThenIsANoOp() throws {
        let first = try dir.run(["--db", "a.db", "init"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout == "Created a.db (schema version \(DatabaseMigrator.builtIn.latestVersion))\n"
                + "Loaded the reference data: 249 countries and 8 properties of the snowman\n")
        let database = try SQLiteDatabase(path: dir.path("a.db"))
        let tables = try Store.tableSummary(database).map(\.name)
        for table in [
            "holidays", "doors", "calendar_state", "events", "countries", "quiz_answers",
            "animation_properties", "animation_settings", "animation_setting_values", "books",
            "overdue_notices", "import_log",
        ] {
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
        #expect(out.stdout.hasPrefix("Created \(dir.shown("env.db")) "), "\(out.stdout)")
        let fallback = try dir.run(["init"])
        #expect(fallback.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.path("almanac.db")))
    }

    @Test(.sqliteFile) func newerSchemaIsRefused() throws {
        try dir.run(["init", "--db", "a.db"])
        try SQLiteDatabase(path: dir.path("a.db")).execute("PRAGMA user_version = 42")
        let out = try dir.run(["init", "--db", "a.db"])
        #expect(out.status == 65)
        #expect(
            out.stderr
                == "almanac: error: a.db: schema version 42 is newer than this almanac knows (\(DatabaseMigrator.builtIn.latestVersion)); use a newer almanac\n"
        )
    }

    @Test func messagesFollowTheLocale() throws {
        let byOption = try dir.run(["--locale", "ru", "init", "--db", "a.db"])
        #expect(byOption.stdout.hasPrefix("Создана база \(dir.shown("a.db"))"))
        let byEnvironment = try dir.run(["init", "--db", "a.db"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(byEnvironment.stdout.hasPrefix("База \(dir.shown("a.db")) не требует обновления"))
        let overridden = try dir.run(
            ["init", "--db", "a.db"], environment: ["LANG": "ru_RU.UTF-8", "LC_ALL": "en_US.UTF-8"])
        #expect(overridden.stdout.hasPrefix("\(dir.shown("a.db")) is up to date"))
    }

    /// Each failure ends with its own exit status and one line on stderr.
    static let failures: [(arguments: [String], status: Int32, message: String)] = [
        (
            ["init", "--db", "missing-dir/a.db"], 73,
            "almanac: error: cannot create missing-dir/a.db: the folder missing-dir does not exist"
        ),
        (
            ["init", "--db", "not-a-db.txt"], 65,
            "almanac: error: not-a-db.txt is not an SQLite database, so init leaves it as it is"
        ),
        (["init", "--tz", "Mars/Olympus"], 64, "almanac: error: --tz: \"Mars/Olympus\" is not a time zone"),
        (["init", "--today", "2025-02-30"], 64, "almanac: error: --today: \"2025-02-30\" is not a date"),
        (
            ["init", "--format", "xml"], 64,
            #"almanac: error: --format: "xml" is not one of table, markdown, csv, tsv, json"#
        ),
        (["frobnicate"], 64, #"almanac: error: unknown command "frobnicate"; see "almanac help""#),
    ]

    @Test("failures map to exit codes", arguments: failures)
    func failure(_ expected: (arguments: [String], status: Int32, message: String)) throws {
        // A file that is not SQLite's is about the SQLite file: on PostgreSQL the name is a database.
        if TestStore.isPostgres && expected.arguments.contains("not-a-db.txt") { return }
        try dir.write("not-a-db.txt", "This is plain text, not SQLite, and it is long enough to have a header.\n")
        let out = try dir.run(expected.arguments)
        #expect(out.status == expected.status)
        #expect(out.stderr.hasPrefix(expected.message), "\(out.stderr)")
        #expect(out.stdout.isEmpty)
        #expect(out.stderr.split(separator: "\n").count == 1, "one line on stderr")
    }

    /// init on a file that is not an SQLite database (a CSV given by mistake) changes nothing: not
    /// a byte of it, and no file appears beside it. An empty file may become a database.
    @Test(.sqliteFile) func aFileThatIsNotSQLiteIsLeftAsItIs() throws {
        try dir.write("books.csv", "id,title\n1,Dune\n")
        let before = try FileState.digest(dir.path("books.csv"))
        for (locale, message) in [
            (
                "en",
                "almanac: error: books.csv is not an SQLite database, so init leaves it as it is (give the path of a new file)\n"
            ),
            (
                "ru",
                "almanac: ошибка: books.csv — не база SQLite, поэтому init её не трогает (укажите путь к новому файлу)\n"
            ),
        ] {
            let out = try dir.run(["--db", "books.csv", "--locale", locale, "init"])
            #expect(out.status == 65)
            #expect(out.stderr == message)
        }
        #expect(try FileState.digest(dir.path("books.csv")) == before)
        #expect(FileState.names(in: dir.url.path) == ["books.csv"])
        try dir.write("empty.db", "")
        let empty = try dir.run(["--db", "empty.db", "init"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.hasPrefix("Created empty.db"))
        try dir.write("later.db", "")
        let notYet = try dir.run(["--db", "later.db", "books", "add", "Dune", "--due", "2026-01-10"])
        #expect(notYet.status == 66)
        #expect(
            notYet.stderr == "almanac: error: later.db holds no Almanac database yet (create one with almanac init)\n")
        #expect(try FileManager.default.attributesOfItem(atPath: dir.path("later.db"))[.size] as? Int == 0)
        #expect(!FileManager.default.fileExists(atPath: dir.path("later.db-wal")))
    }

    /// Another program's SQLite database (tables of its own, no schema_migrations) is refused,
    /// unchanged and without side files, unless --force; an SQLite file with no tables is taken.
    @Test(.sqliteFile) func anotherProgramsDatabaseIsRefusedUnlessForced() throws {
        // A rollback journal, as most programs keep.
        let other = try SQLiteDatabase(path: dir.path("notes.db"), mode: .create, vfs: "unix-dotfile")
        try other.execute(
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('keep me');"
                + "CREATE TABLE tags (name TEXT); CREATE VIEW recent AS SELECT * FROM notes")
        _ = other
        let before = try FileState.digest(dir.path("notes.db"))
        let refused = try dir.run(["--db", "notes.db", "init"])
        #expect(refused.status == 65)
        #expect(
            refused.stderr
                == "almanac: error: notes.db is another program's SQLite database (its own tables: notes, recent, tags), "
                + "so init leaves it as it is (add --force to add Almanac's tables to it)\n")
        let russian = try dir.run(["--db", "notes.db", "--locale", "ru", "init"])
        #expect(
            russian.stderr
                == "almanac: ошибка: notes.db — база SQLite другой программы (в ней свои таблицы: notes, recent, tags), "
                + "поэтому init её не трогает (добавьте --force, чтобы добавить в неё таблицы Almanac)\n")
        // Nor does any other command, reading or writing.
        for command in [["books", "list"], ["books", "add", "Dune", "--due", "2026-01-10"]] {
            let out = try dir.run(["--db", "notes.db"] + command)
            #expect(out.status == 65)
            #expect(
                out.stderr
                    == "almanac: error: notes.db is another program's SQLite database (its own tables: notes, recent, tags); "
                    + "almanac leaves it as it is (almanac init --force adds Almanac's tables to it)\n")
        }
        #expect(try FileState.digest(dir.path("notes.db")) == before)
        #expect(FileState.names(in: dir.url.path) == ["notes.db"])
        let forced = try dir.run(["--db", "notes.db", "init", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        let database = try SQLiteDatabase(path: dir.path("notes.db"), mode: .readOnly)
        #expect(try database.scalar("SELECT text FROM notes") == .text("keep me"))
        #expect(try Store.tableSummary(database).map(\.name).contains("books"))
    }

    @Test func binaryRunsAloneFromAnEmptyDirectory() throws {
        let alone = dir.url.appendingPathComponent("bin/almanac")
        try FileManager.default.createDirectory(
            at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Workdir.binary, to: alone)
        let out = try dir.run(["--db", "./a.db", "init"], executable: alone)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try Store.tableSummary(SQLiteDatabase(path: dir.path("a.db"))).count >= 12)
    }

    @Test func demoMakesAFreshDatabaseFromTheSampleData() throws {
        let out = try dir.demoDatabase("demo.db")
        #expect(out.stdout.contains("Imported the sample data:"))
        let database = try SQLiteDatabase(path: dir.path("demo.db"))
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
    }

    /// Only init creates a database the user names: the demo makes its own in a new temporary folder,
    /// refuses --db (a usage error, in both languages), leaves $ALMANAC_DB alone, and says where its
    /// database is.
    @Test func demoCreatesOnlyInItsOwnTemporaryFolder() throws {
        let temporary = dir.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let before = FileState.names(in: dir.url.path)
        for (arguments, message) in [
            (
                ["demo", "--db", "tour.db"],
                "almanac: error: the demo makes its own database in a new temporary folder and takes no --db "
                    + "(it prints the database's path, to use with --db afterwards)\n"
            ),
            (
                ["--locale", "ru", "demo", "--db=tour.db"],
                "almanac: ошибка: демонстрация создаёт собственную базу в новой временной папке и "
                    + "не принимает --db (путь к базе она выводит, чтобы потом указать его в --db)\n"
            ),
        ] {
            let out = try dir.run(arguments, environment: ["TMPDIR": temporary.path])
            #expect(out.status == 64)
            #expect(out.stderr == message)
            #expect(out.stdout.isEmpty)
        }
        #expect(FileState.names(in: dir.url.path) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty,
            "a refused demo made its folder")

        let out = try dir.run(
            ["demo", "--keep"], environment: ["TMPDIR": temporary.path, "ALMANAC_DB": dir.path("mine.db")])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(FileState.names(in: dir.url.path) == before, "the demo wrote beside $ALMANAC_DB")
        let folders = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(folders.count == 1 && folders.allSatisfy { $0.hasPrefix("almanac-demo-") })
        let path = temporary.appendingPathComponent(folders.first ?? "").appendingPathComponent("almanac.db").path
        #expect(out.stdout.hasPrefix("Demo database: \(path) (schema version "))
        #expect(try Store.tableSummary(SQLiteDatabase(path: path)).first { $0.name == "books" }?.rows == 23)
    }

    /// The demo removes its temporary folder when the tour ends and says so, in both languages;
    /// `--keep` keeps it (the tests that explore the demo's database use it).
    @Test func demoRemovesItsFolderUnlessKept() throws {
        let temporary = dir.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        for (arguments, said) in [
            (["demo"], "The demo's folder "), (["--locale", "ru", "demo"], "Папка демонстрации "),
        ] {
            let out = try dir.run(arguments, environment: ["TMPDIR": temporary.path])
            #expect(out.status == 0, "\(out.stderr)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty,
                "\(arguments) left its folder")
            #expect(out.stdout.split(separator: "\n").last?.hasPrefix(said) == true, "\(out.stdout.suffix(200))")
        }
        let kept = try dir.run(["demo", "--keep"], environment: ["TMPDIR": temporary.path])
        #expect(kept.status == 0 && !kept.stdout.contains("The demo's folder "))
        let folders = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(folders.count == 1 && folders.allSatisfy { $0.hasPrefix("almanac-demo-") })
    }
}
