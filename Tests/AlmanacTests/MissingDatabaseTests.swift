import Foundation
import Testing

/// Only `init` creates a database: every other command, reading or writing, whether it would have
/// succeeded or not, exits 66 on a `--db` that does not exist and leaves no file behind (no
/// database, no -wal, -shm or -journal). The commands are read from the binary's own command tree,
/// so a command added later is covered, or this test asks for its sample arguments.
@Suite struct MissingDatabaseTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.write("books.csv", "title,loaned_on,due_on\nDune,2025-12-01,2025-12-10\n")
    }

    /// Arguments with which each command would get to work on a database that exists.
    static let sampleArguments: [String: [String]] = [
        "import": ["books", "books.csv"],
        "export": ["books"], "backup": ["copy.db"],
        "report run": ["overdue-books"],
        "query": ["SELECT count(*) FROM books"],
        "calendar holidays": [], "calendar select": ["christmas"], "calendar show": [], "calendar open": ["1"],
        "calendar reset": ["--yes"], "calendar test-mode": ["on"],
        "calendar holiday add": ["newyear", "--title", "New Year"],
        "calendar holiday edit": ["christmas", "--title", "Xmas"],
        "calendar holiday delete": ["hanukkah", "--yes"],
        "calendar door set": ["christmas", "24", "--surprise", "Star"],
        "calendar door delete": ["christmas", "23"],
        "animation edit": ["Wobble", "--set", "opacity=0.5"], "animation step": ["Wobble", "opacity", "-1"],
        "animation delete": ["Wobble", "--yes"], "animation rename": ["Wobble", "Hop"],
        "animation properties": [], "animation settings": [], "animation save": ["Wobble", "--set", "height=1"],
        "animation timeline": ["Wobble"], "animation play": ["Wobble"],
        "countries list": [],
        "quiz question": [], "quiz play": [], "quiz scores": [], "quiz missed": [],
        "books list": [], "books add": ["Dune", "--due", "2026-01-10"], "books edit": ["1", "--title", "Emma"],
        "books return": ["1"], "books delete": ["1", "--yes"],
        "overdue": [],
        "config list": [], "config get": ["longest-loan-months"], "config set": ["longest-loan-months", "4"],
        "events agenda": [], "events list": [], "schema": [], "events show": ["1"], "events cards": [],
        "events add": ["--title", "Carols", "--at", "2025-12-23T17:00"], "events edit": ["1", "--title", "X"],
        "events delete": ["1", "--yes"],
        "site": ["public"], "serve": ["--port", "0"],
    ]

    /// Commands that may run without a database: `init` creates it, `demo` makes its own (in a new
    /// temporary folder; it refuses `--db`), `report list` reads no database.
    static let needNoDatabase: Set<String> = ["init", "demo", "report list"]

    /// Every leaf command of the binary, by its words (`books add`), from its hidden `__commands`.
    func commands() throws -> [String] { try Self.commands(dir) }

    /// Every leaf command of the binary, read by running it in `dir`.
    static func commands(_ dir: Workdir) throws -> [String] {
        let out = try dir.run(["__commands"])
        #expect(out.status == 0 && out.stderr.isEmpty)
        return out.stdout.split(separator: "\n").map(String.init)
    }

    @Test func everyCommandButInitRefusesAMissingDatabaseAndCreatesNothing() throws {
        let commands = try commands()
        #expect(commands.count >= 30, "\(commands)")
        let before = FileState.names(in: dir.url.path)
        for command in commands where !Self.needNoDatabase.contains(command) {
            guard let sample = Self.sampleArguments[command] else {
                Issue.record("a new command, \"\(command)\": add its sample arguments to MissingDatabaseTests")
                continue
            }
            let words = command.split(separator: " ").map(String.init)
            for arguments in [sample, sample + ["--locale", "ru"]] {
                let out = try dir.run(["--db", "typo.db", "--today", "2025-12-22"] + words + arguments)
                let expected =
                    arguments.contains("ru")
                    ? "almanac: ошибка: " + dir.missing("typo.db", russian: true)
                    : "almanac: error: " + dir.missing("typo.db")
                #expect(out.status == (command == "overdue" ? 3 : 66), "\(command): \(out.stderr)")
                #expect(out.stderr.split(separator: "\n").first.map(String.init) == expected, "\(command)")
                #expect(FileState.names(in: dir.url.path) == before, "\(command) left a file")
            }
        }
        for variant in ["overdue --notify", "overdue --format nagios"] {
            let out = try dir.run(["--db", "typo.db"] + variant.split(separator: " ").map(String.init))
            #expect(out.status == 3, "\(variant): the monitoring convention")
        }
        #expect(FileState.names(in: dir.url.path) == before)
    }

    /// The same through `$ALMANAC_DB` and the default `./almanac.db`.
    @Test func theEnvironmentAndTheDefaultAreCheckedToo() throws {
        let fromEnvironment = try dir.run(
            ["books", "add", "Dune", "--due", "2026-01-10"], environment: ["ALMANAC_DB": "env.db"])
        #expect(fromEnvironment.status == 66)
        #expect(fromEnvironment.stderr == "almanac: error: \(dir.missing("env.db"))\n")
        let byDefault = try dir.run(["import", "books", "books.csv"])
        #expect(byDefault.status == 66)
        #expect(byDefault.stderr == "almanac: error: no such database: ./almanac.db (create it with almanac init)\n")
        #expect(FileState.names(in: dir.url.path) == ["books.csv"])
    }

    @Test func theCommandsThatNeedNoDatabaseCreateNone() throws {
        let list = try dir.run(["--db", "typo.db", "report", "list"])
        #expect(list.status == 0)
        #expect(FileState.names(in: dir.url.path) == ["books.csv"])
    }

    /// Names that are not a file of the database's own are usage errors (64), a folder or a missing
    /// folder a clear error (66 for every command, 73 for init): never a "success" into a database
    /// that vanishes.
    static let notAFile: [(db: String, status: Int32, initStatus: Int32, message: String)] = [
        (
            ":memory:", 64, 64,
            "almanac: error: --db: \":memory:\" is a database that vanishes when almanac exits; give a file (create it with almanac init)"
        ),
        ("", 64, 64, "almanac: error: --db: an empty path names no database (give a file, such as --db almanac.db)"),
        (
            "file:x.db?mode=memory", 64, 64,
            "almanac: error: --db: \"file:x.db?mode=memory\" is an SQLite URI, not a file path; give a plain path (write ./file:x.db?mode=memory for a file whose name starts with file:)"
        ),
        (
            "file::memory:", 64, 64,
            "almanac: error: --db: \"file::memory:\" is an SQLite URI, not a file path; give a plain path (write ./file::memory: for a file whose name starts with file:)"
        ),
        ("folder", 66, 73, "almanac: error: folder is a folder, not a database file"),
        ("no-folder/a.db", 66, 73, "almanac: error: "),
    ]

    @Test(.sqliteFile, arguments: notAFile)
    func namesThatAreNotADatabaseFileAreRefused(
        _ expected: (db: String, status: Int32, initStatus: Int32, message: String)
    ) throws {
        try FileManager.default.createDirectory(atPath: dir.path("folder"), withIntermediateDirectories: true)
        let before = FileState.names(in: dir.url.path)
        for command in [
            ["books", "list"], ["books", "add", "Dune", "--due", "2026-01-10"], ["import", "books", "books.csv"],
            ["init"],
        ] {
            let out = try dir.run(["--db", expected.db] + command)
            #expect(
                out.status == (command == ["init"] ? expected.initStatus : expected.status), "\(command): \(out.stderr)"
            )
            #expect(out.stderr.hasPrefix(expected.message), "\(command): \(out.stderr)")
            #expect(out.stderr.split(separator: "\n").count == 1)
            #expect(FileState.names(in: dir.url.path) == before, "\(command) left a file")
            #expect(FileState.names(in: dir.path("folder")) == [])
        }
        let missingFolder = try dir.run(["--db", "no-folder/a.db", "init"])
        #expect(
            missingFolder.stderr
                == "almanac: error: cannot create no-folder/a.db: the folder no-folder does not exist\n")
    }
}
