import AlmanacKit
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

/// Every file a command writes is checked before a byte is written (`OutputGuard`): `export --out`
/// and `import --rejects` onto the database, its side files, an input or a link to one, an existing
/// file, a folder or a missing folder are refused with the database, its dump and the inputs as they
/// were; what is allowed is written whole.
@Suite struct OutputPathCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try HostileInputTests.prepare(dir)
        try dir.write("in.csv", Self.mixed)
        try FileManager.default.createDirectory(atPath: dir.path("folder"), withIntermediateDirectories: true)
        try dir.write("old.csv", "old\n")
        try FileManager.default.createSymbolicLink(atPath: dir.path("sym.db"), withDestinationPath: "a.db")
        try FileManager.default.createSymbolicLink(atPath: dir.path("sym-shm"), withDestinationPath: "a.db-shm")
        try FileManager.default.createSymbolicLink(atPath: dir.path("sym-in.csv"), withDestinationPath: "in.csv")
        try FileManager.default.linkItem(atPath: dir.path("in.csv"), toPath: dir.path("hard-in.csv"))
    }

    /// One valid row and one invalid one.
    static let mixed = "id,title,loaned_on,due_on\n901,Good,2025-12-01,2025-12-20\n902,Bad,2025-12-01,2025-13-20\n"

    /// A refused path and the start of the first error line (the option and path are put in front).
    static let refused: [(path: String, status: Int32, why: String)] = [
        ("a.db", 64, "that is the database (use another file)"),
        ("./folder/../a.db", 64, "that is the database (use another file)"),
        ("sym.db", 64, "that is the database (use another file)"),
        ("a.db-wal", 64, "that is the database's -wal file"),
        ("a.db-shm", 64, "that is the database's -shm file"),
        ("sym-shm", 64, "that is the database's -shm file"),
        ("a.db-journal", 64, "that is the database's -journal file"),
        ("old.csv", 64, "the file exists (add --force to replace it)"),
        ("folder", 64, "that is a folder"),
        ("missing/x.csv", 73, "there is no folder missing (create it first)"),
        ("old.csv/x.csv", 73, "there is no folder old.csv"),
    ]

    static let refusedCases = refused.indices.map { $0 }

    /// True for the refused paths that name the SQLite database or its side files.
    static func isDatabaseFile(_ path: String) -> Bool {
        refused.prefix { $0.why.hasPrefix("that is the database") }.contains { $0.path == path }
    }

    @Test(arguments: refusedCases)
    func exportOutIsRefusedBeforeAnythingIsWritten(_ index: Int) throws {
        let (path, status, why) = Self.refused[index]
        // The database's file and its side files are SQLite's: on PostgreSQL those names are plain files.
        if TestStore.isPostgres && Self.isDatabaseFile(path) { return }
        try expectUnchanged(
            ["--db", "a.db", "export", "books", "--out", path], status: status,
            firstLine: "almanac: error: --out \(path): \(why)")
    }

    @Test(arguments: refusedCases + [-1, -2, -3])
    func rejectsIsRefusedBeforeTheImportBegins(_ index: Int) throws {
        let (path, status, why) =
            index >= 0
            ? Self.refused[index]
            : [
                ("in.csv", Int32(64), "that is in.csv, an input of this command"),
                ("hard-in.csv", 64, "that is in.csv, an input of this command"),
                ("sym-in.csv", 64, "that is in.csv, an input of this command"),
            ][-index - 1]
        if TestStore.isPostgres && Self.isDatabaseFile(path) { return }
        try expectUnchanged(
            [
                "--db", "a.db", "--today", "2025-12-22", "import", "books", "in.csv", "--skip-invalid", "--rejects",
                path,
            ],
            status: status, firstLine: "almanac: error: --rejects \(path): \(why)")
    }

    /// The side files exist while another connection has the database open: refused by inode then.
    @Test(.sqliteFile, arguments: ["a.db-wal", "a.db-shm", "sym-shm"])
    func sideFilesThatExistAreRefusedToo(_ path: String) throws {
        let holder = try SQLiteDatabase(path: dir.path("a.db"))
        _ = try holder.scalar("SELECT count(*) FROM books")
        #expect(FileManager.default.fileExists(atPath: dir.path("a.db-shm")))
        try expectUnchanged(
            ["--db", "a.db", "export", "books", "--out", path], status: 64,
            firstLine: "almanac: error: --out \(path): that is")
        try expectUnchanged(
            ["--db", "a.db", "import", "books", "in.csv", "--skip-invalid", "--rejects", path], status: 64,
            firstLine: "almanac: error: --rejects \(path): that is")
    }

    /// `r.csv` for inputs `a.csv` and `r-a.csv` would make `r-a.csv`, an input, and overwrite it
    /// before it was read.
    @Test func aDerivedRejectsNameThatIsAnInputIsRefused() throws {
        try dir.write("a.csv", Self.mixed)
        try dir.write("r-a.csv", Self.mixed)
        try expectUnchanged(
            ["--db", "a.db", "import", "books", "a.csv", "r-a.csv", "--skip-invalid", "--rejects", "r.csv"], status: 64,
            firstLine:
                "almanac: error: --rejects r.csv: the rejects file of a.csv, r-a.csv, would be r-a.csv, an input of this command",
            inputs: ["a.csv", "r-a.csv"])
    }

    @Test func inputsOfOneNameInDifferentFoldersWriteTwoRejectsFilesNamedInTheMessage() throws {
        for folder in ["x1", "x2"] {
            try FileManager.default.createDirectory(atPath: dir.path(folder), withIntermediateDirectories: true)
        }
        try dir.write("x1/x.csv", Self.mixed)
        try dir.write("x2/x.csv", Self.mixed.replacingOccurrences(of: "90", with: "80"))
        let out = try dir.run([
            "--db", "a.db", "--today", "2025-12-22", "import", "books", "x1/x.csv", "x2/x.csv", "--skip-invalid",
            "--rejects", "r.csv",
        ])
        #expect(out.status == 65)
        #expect(
            out.stderr.hasSuffix(
                "almanac: error: 2 invalid rows left out and written to r-x1-x.csv, r-x2-x.csv; the valid rows were imported\n"
            ))
        #expect(try String(contentsOfFile: dir.path("r-x1-x.csv"), encoding: .utf8).contains("902,Bad"))
        #expect(try String(contentsOfFile: dir.path("r-x2-x.csv"), encoding: .utf8).contains("802,Bad"))
    }

    @Test func forceReplacesAnExistingFileWhole() throws {
        let export = try dir.run(["--db", "a.db", "export", "books", "--out", "old.csv", "--force"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try String(contentsOfFile: dir.path("old.csv"), encoding: .utf8).hasPrefix("id,title,author"))
        let rejects = try dir.run([
            "--db", "a.db", "--today", "2025-12-22", "import", "books", "in.csv", "--skip-invalid",
            "--rejects", "old.csv", "--force",
        ])
        #expect(rejects.status == 65)
        #expect(
            try String(contentsOfFile: dir.path("old.csv"), encoding: .utf8).hasPrefix(
                "id,title,loaned_on,due_on,reason\n902,Bad"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func standardOutputAndDevicesAreWrittenAsStreams() throws {
        let out = try dir.run(["--db", "a.db", "export", "holidays", "--out", "/dev/stdout"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasPrefix("key,title,color,image,greeting,first_day\n"))
        #expect(try dir.run(["--db", "a.db", "export", "holidays", "--out", "/dev/null"]).status == 0)
    }

    /// Runs `arguments`, which must fail before writing: the exit status, the first line on standard
    /// error, the database's SHA-256 and dump, and the inputs are checked.
    func expectUnchanged(
        _ arguments: [String], status: Int32, firstLine: String, inputs: [String] = ["in.csv", "old.csv"]
    ) throws {
        let digest = try HostileInputTests.digest(dir)
        let dump = try DatabaseDump.of(dir, "a.db")
        let contents = try inputs.map { try Data(contentsOf: URL(fileURLWithPath: dir.path($0))) }
        let listing = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted()
        let out = try dir.run(arguments)
        #expect(out.status == status, "\(arguments): \(out.stderr)")
        let first = out.stderr.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        #expect(first.hasPrefix(firstLine), "\(arguments): \(first)")
        #expect(out.stdout == "")
        #expect(try HostileInputTests.digest(dir) == digest, "the database changed")
        #expect(try DatabaseDump.of(dir, "a.db") == dump)
        #expect(
            try inputs.map { try Data(contentsOf: URL(fileURLWithPath: dir.path($0))) } == contents, "an input changed")
        let after = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted().filter {
            !$0.hasPrefix("a.db-")
        }
        #expect(after == listing.filter { !$0.hasPrefix("a.db-") }, "a file was left behind")
    }
}

/// Every row of every table, as text: equal dumps hold equal data.
enum DatabaseDump {
    /// The dump of database `name` of `dir`: its SQLite file, or its database on the server.
    static func of(_ dir: Workdir, _ name: String) throws -> [String] {
        guard TestStore.isPostgres else { return try of(dir.path(name)) }
        let tables = try dir.rows(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
                + "AND table_type = 'BASE TABLE' ORDER BY 1", in: name
        ).map { $0[0] }
        var lines: [String] = []
        for table in tables {
            lines += try dir.rows("SELECT * FROM \"\(table)\"", in: name).map {
                table + ": " + $0.joined(separator: "|")
            }
            .sorted()
        }
        return lines
    }

    static func of(_ path: String) throws -> [String] {
        let database = try SQLiteDatabase(path: path, mode: .readOnly)
        let tables = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap {
            $0.first?.textValue
        }
        var lines: [String] = []
        for table in tables {
            let rows = try database.rows("SELECT * FROM \"\(table)\"").map { row in
                table + ": " + row.map { "\($0)" }.joined(separator: "|")
            }
            lines += rows.sorted()
        }
        return lines
    }
}
