import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite

/// `almanac backup FILE`: a consistent copy of a live database (SQLite's online backup), also while
/// another process writes; the file goes through the output guard; exit codes as PRODUCT.md says.
@Suite(.sqliteFile) struct BackupCommandTests {
    let dir: Workdir

    init() throws { dir = try Workdir() }

    /// Every row of every table, by table, in a stable order.
    static func rows(_ path: String) throws -> [String: [[SQLValue]]] {
        let database = try SQLiteDatabase(path: path, mode: .readOnly)
        var tables: [String: [[SQLValue]]] = [:]
        for (table, _) in try Store.tableSummary(database) {
            tables[table] = try database.rows("SELECT * FROM \"\(table)\" ORDER BY 1, 2")
        }
        return tables
    }

    static func integrity(_ path: String) throws -> String? {
        try SQLiteDatabase(path: path, mode: .readOnly).scalar("PRAGMA integrity_check")?.textValue
    }

    @Test func theCopyHoldsEveryRowOfEveryTable() throws {
        try dir.demoDatabase()
        let out = try dir.run(["backup", "copy.db"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasPrefix("Copied ./almanac.db to copy.db ("), "\(out.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("copy.db-wal")), "the copy is complete in itself")
        #expect(try Self.integrity(dir.path("copy.db")) == "ok")
        let original = try Self.rows(dir.path("almanac.db"))
        let copy = try Self.rows(dir.path("copy.db"))
        #expect(original.keys.sorted() == copy.keys.sorted())
        for (table, rows) in original { #expect(copy[table] == rows, "\(table)") }
        // The copy is a database like any other, complete in itself.
        let list = try dir.run(["--db", "copy.db", "--format", "csv", "books", "list"])
        #expect(list.status == 0 && list.stdout.split(separator: "\r\n").count == 24, "\(list.stderr)")
        let russian = try dir.run(["--locale", "ru", "backup", "copy-ru.db"])
        #expect(russian.stdout.hasPrefix("База ./almanac.db скопирована в copy-ru.db ("), "\(russian.stdout)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: dir.path("copy-ru.db"))[.size] as? Int)
        let few = (2...4).contains(size % 10) && !(12...14).contains(size % 100)
        #expect(russian.stdout.hasSuffix(few ? " байта)\n" : " байт)\n"), "\(size): \(russian.stdout)")
    }

    /// A writer process imports 500 loans at a time, each import one transaction with its import_log
    /// row, while backups are taken: each copy passes `integrity_check` and holds whole imports only.
    @Test func aCopyTakenWhileAnotherProcessWritesIsConsistent() throws {
        try dir.initDatabase()
        var batch = "title,loaned_on,due_on\n"
        for row in 0..<500 { batch += "Book \(row),2025-12-01,2026-01-10\n" }
        try dir.write("batch.csv", batch)
        let binary = Workdir.binary.path.replacingOccurrences(of: "'", with: "'\\''")
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = [
            "-c",
            "while [ ! -e stop ]; do '\(binary)' --db a.db --today 2025-12-22 import books batch.csv >/dev/null || exit 1; done",
        ]
        writer.currentDirectoryURL = dir.url
        writer.environment = ["PATH": "/usr/bin:/bin", "HOME": dir.url.path]
        try writer.run()
        defer {
            _ = FileManager.default.createFile(atPath: dir.path("stop"), contents: nil)
            writer.waitUntilExit()
        }
        // Wait for the first import to be in.
        let started = Date()
        while try (Self.rows(dir.path("a.db"))["import_log"]?.count ?? 0) == 0 && Date().timeIntervalSince(started) < 60
        {
            usleep(50_000)
        }
        var copies: [(books: Int64, imports: Int64)] = []
        for index in 0..<6 {
            let name = "copy-\(index).db"
            let out = try dir.run(["--db", "a.db", "backup", name])
            #expect(out.status == 0, "\(out.stderr)")
            #expect(try Self.integrity(dir.path(name)) == "ok", "\(name)")
            let copy = try SQLiteDatabase(path: dir.path(name), mode: .readOnly)
            guard case .integer(let books)? = try copy.scalar("SELECT count(*) FROM books"),
                case .integer(let imports)? = try copy.scalar("SELECT count(*) FROM import_log")
            else { continue }
            copies.append((books, imports))
        }
        #expect(writer.isRunning, "the writer stopped during the backups (status \(writer.terminationStatus))")
        _ = FileManager.default.createFile(atPath: dir.path("stop"), contents: nil)
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        #expect(copies.count == 6)
        for copy in copies { #expect(copy.imports > 0 && copy.books == 500 * copy.imports, "\(copy)") }
        print("backup: 6 copies while a writer imported, holding \(copies.map(\.imports)) imports")
    }

    @Test func theFileGoesThroughTheOutputGuard() throws {
        try dir.initDatabase()
        for (target, status, message) in [
            ("a.db", 64, "backup a.db: that is the database"),
            ("a.db-wal", 64, "backup a.db-wal: that is the database's -wal file"),
            ("a.db-shm", 64, "backup a.db-shm: that is the database's -shm file"),
            ("link.db", 64, "backup link.db: that is the database"),
            ("nowhere/copy.db", 73, "backup nowhere/copy.db: there is no folder nowhere"),
            ("/dev/stdout", 64, "backup /dev/stdout: a database copy must be a regular file"),
            ("", 64, "backup: the path is empty"),
        ] as [(String, Int32, String)] {
            if target == "link.db" {
                try FileManager.default.linkItem(atPath: dir.path("a.db"), toPath: dir.path("link.db"))
            }
            let before = try Self.rows(dir.path("a.db"))
            let out = try dir.run(["--db", "a.db", "backup", target])
            #expect(out.status == status, "\(target): \(out.stderr)")
            #expect(out.stderr.hasPrefix("almanac: error: " + message), "\(target): \(out.stderr)")
            #expect(try Self.rows(dir.path("a.db")) == before)
        }
        try dir.write("old.db", "not a database")
        let refused = try dir.run(["--db", "a.db", "backup", "old.db"])
        #expect(refused.status == 64 && refused.stderr.contains("the file exists (add --force to replace it)"))
        #expect(try String(contentsOfFile: dir.path("old.db"), encoding: .utf8) == "not a database")
        let forced = try dir.run(["--db", "a.db", "backup", "old.db", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Self.integrity(dir.path("old.db")) == "ok")
        // No temporary file is left beside the copies.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func aMissingOrForeignDatabaseIsRefused() throws {
        let missing = try dir.run(["--db", "none.db", "backup", "copy.db"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "almanac: error: no such database: none.db (create it with almanac init)\n")
        #expect(
            !FileManager.default.fileExists(atPath: dir.path("none.db"))
                && !FileManager.default.fileExists(atPath: dir.path("copy.db")))
        try dir.write("notes.txt", "hello")
        let notSQLite = try dir.run(["--db", "notes.txt", "backup", "copy.db"])
        #expect(notSQLite.status == 65)
        #expect(!FileManager.default.fileExists(atPath: dir.path("copy.db")))
        let usage = try dir.run(["backup"])
        #expect(usage.status == 64)
        let json = try dir.run(["--format", "json", "backup", "copy.db"])
        #expect(json.status == 64)
    }
}
