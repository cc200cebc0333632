import Foundation
import TestSupport
import Testing

/// Almanac on a real PostgreSQL server (`make test` starts one, with a hot standby, through
/// `scripts/pg-cluster`; `ALMANAC_TEST_POSTGRES` names it): the same commands give the same bytes as
/// on SQLite, init is safe from two hosts at once, notices are issued once by many hosts, and a
/// server that is not there or refuses the login is one line and the right exit status.
@Suite(.enabled(if: PostgresTestServer.url != nil, "no PostgreSQL server: run make test, or set ALMANAC_TEST_POSTGRES"))
struct PostgresStoreTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir(mapsNames: false)
    }

    /// A new empty database on the server, dropped when the test's directory goes.
    func freshDatabase() throws -> String {
        let name = dir.serverDatabase("pg" + UUID().uuidString.prefix(8))
        try PostgresTestServer.admin("CREATE DATABASE \(name)")
        dir.madeDatabases.insert(name)
        return PostgresTestServer.url(database: name)
    }

    /// The read commands whose output is compared byte for byte on both stores.
    static let readCommands: [[String]] = [
        ["books", "list"], ["books", "list", "--format", "json"], ["books", "list", "--format", "csv"],
        ["books", "list", "--open"], ["books", "list", "--overdue", "--format", "tsv"],
        ["books", "list", "--borrower", "анна"], ["books", "list", "--search", "ежик"], ["books", "show", "1"],
        ["overdue"], ["overdue", "--format", "json"], ["overdue", "--format", "nagios"],
        ["events", "list"], ["events", "list", "--format", "json"], ["events", "agenda"],
        ["events", "agenda", "--days", "30", "--tz", "Asia/Tokyo"], ["events", "show", "1"],
        ["calendar", "list"], ["calendar", "show"], ["countries", "list"], ["countries", "list", "--format", "csv"],
        ["countries", "show", "RU"], ["animation", "list"], ["animation", "show"], ["quiz", "scores"],
        ["report", "list"], ["config", "show"],
        ["--locale", "ru", "books", "list"], ["--locale", "ru", "events", "agenda", "--days", "14"],
    ]

    /// The sample data in both stores, then every read command, every named report in three formats
    /// and every kind's export: the same bytes and the same exit status.
    @Test func everyListingReportAndExportIsTheSameOnBothStores() throws {
        let server = try freshDatabase()
        let sample = Workdir.packageRoot.appendingPathComponent("SampleData").path
        let day = ["--today", "2025-12-22"]
        for db in [server, "s.db"] {
            #expect(try dir.run(["--db", db, "init"]).status == 0)
            let out = try dir.run(["--db", db] + day + ["import", sample])
            #expect(out.status == 0, "\(db): \(out.stderr)")
        }
        var commands = Self.readCommands
        for report in [
            "overdue-books", "loans-by-borrower", "calendar-progress", "events-by-day", "quiz-scores",
            "quiz-missed-flags", "animation-values",
        ] {
            for format in ["table", "csv", "json"] { commands.append(["report", "run", report, "--format", format]) }
        }
        for kind in [
            "books", "events", "holidays", "doors", "countries", "quiz-answers", "animation-properties",
            "animation-settings", "last-ids", "overdue-notices", "library-settings",
        ] {
            commands.append(["export", kind, "-"])
        }
        for command in commands {
            let onServer = try dir.run(["--db", server] + day + command)
            let onFile = try dir.run(["--db", "s.db"] + day + command)
            #expect(onServer.status == onFile.status, "\(command): \(onServer.stderr) | \(onFile.stderr)")
            #expect(onServer.stdout == onFile.stdout, "\(command)")
        }
    }

    /// Moving a library: `export DIR` from a file, `import DIR` into PostgreSQL, `export DIR` again,
    /// and back into a new file: every kind's file the same bytes each time, ids kept, and the next
    /// id given above the largest moved (the sequences were advanced past them).
    @Test func movingALibraryToTheServerAndBackLosesNothing() throws {
        let server = try freshDatabase()
        let sample = Workdir.packageRoot.appendingPathComponent("SampleData").path
        let day = ["--today", "2025-12-22"]
        #expect(try dir.run(["--db", "s.db", "init"]).status == 0)
        #expect(try dir.run(["--db", "s.db"] + day + ["import", sample]).status == 0)
        #expect(try dir.run(["--db", "s.db"] + day + ["overdue", "--notify"]).status == 2)
        #expect(try dir.run(["--db", "s.db"] + day + ["books", "delete", "23", "--yes"]).status == 0)
        #expect(try dir.run(["--db", "s.db", "export", "from-file"]).status == 0)
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        let moved = try dir.run(["--db", server] + day + ["import", "from-file"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(try dir.run(["--db", server, "export", "from-server"]).status == 0)
        #expect(try dir.run(["--db", "back.db", "init"]).status == 0)
        #expect(try dir.run(["--db", "back.db"] + day + ["import", "from-server"]).status == 0)
        #expect(try dir.run(["--db", "back.db", "export", "back"]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path("from-file")).sorted()
        #expect(files.count == 12, "\(files)")
        for file in files {
            let original = try Data(contentsOf: URL(fileURLWithPath: dir.path("from-file/" + file)))
            #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path("from-server/" + file))) == original, "\(file)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path("back/" + file))) == original, "\(file)")
        }
        // Book 23 was deleted: its id stays given, on the server as in the file.
        let added = try dir.run(["--db", server] + day + ["books", "add", "Next", "--due", "2026-01-10"])
        #expect(added.stdout.hasPrefix("Added book 24 "), "\(added.stdout)\(added.stderr)")
    }

    /// `query` on the server: a read-only transaction, and by name the functions that reach past the
    /// database (files, other servers, the session's role), whatever the login may do (the test
    /// server's is a superuser). Each is a usage error (64) naming what was refused; nothing runs.
    @Test(arguments: [
        ("SELECT pg_read_file('/etc/passwd')", "pg_read_file()"),
        ("select \"pg_read_file\"('/etc/hosts')", "pg_read_file()"),
        ("COPY (SELECT 1) TO PROGRAM 'touch pwned'", "COPY"),
        ("COPY books FROM PROGRAM 'true'", "COPY"),
        ("SET ROLE postgres", "SET"),
        ("SELECT set_config('role', 'almanac', false)", "set_config()"),
        ("DELETE FROM books", "DELETE FROM books"),
        ("delete from public.books where id = 1", "DELETE FROM public.books"),
        ("TRUNCATE books", "TRUNCATE books"),
        ("CREATE TABLE IF NOT EXISTS scratch (a int)", "CREATE TABLE scratch"),
        ("CREATE OR REPLACE FUNCTION f() RETURNS int LANGUAGE sql AS 'SELECT 1'", "CREATE FUNCTION f"),
        ("DROP INDEX CONCURRENTLY IF EXISTS books_open_by_due", "DROP INDEX books_open_by_due"),
        ("GRANT ALL ON books TO PUBLIC", "GRANT"),
        ("WITH d AS (DELETE FROM books RETURNING 1) SELECT count(*) FROM d", "a WITH that writes"),
        ("EXPLAIN ANALYZE DELETE FROM books", "DELETE"),
        ("SELECT lo_export(1, '/tmp/x')", "lo_export()"),
        ("SELECT * FROM dblink('host=x', 'SELECT 1') AS t(a int)", "dblink()"),
    ])
    func queryRefusesWhatReachesPastTheDatabase(_ sql: String, _ refused: String) throws {
        let server = try freshDatabase()
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        let out = try dir.run(["--db", server, "query", sql])
        #expect(out.status == 64, "\(out.stderr)")
        #expect(out.stderr.contains(refused + " is refused"), "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("pwned")))
        let fine = try dir.run(["--db", server, "query", "SELECT 'pg_read_file' AS word", "--format", "csv"])
        #expect(fine.stdout == "word\r\npg_read_file\r\n")
    }

    /// Text with COPY's own special characters (backslash, tab, newline, carriage return) and
    /// non-ASCII goes through `COPY … FROM STDIN` as it was.
    @Test func copyKeepsEveryCharacter() throws {
        let server = try freshDatabase()
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        try dir.write(
            "odd.csv",
            "title,author,loaned_on,due_on\n\"a\\b\tc\\N\",\"x\ny\r\nz\",2025-12-01,2025-12-10\n\\N,Ёж 🦔,2025-12-01,2025-12-10\n"
        )
        #expect(try dir.run(["--db", server, "--today", "2025-12-20", "import", "books", "odd.csv"]).status == 0)
        let out = try dir.run([
            "--db", server, "query", "SELECT title, author FROM books ORDER BY id", "--format", "json",
        ])
        #expect(
            out.stdout
                == "[\n  {\"title\": \"a\\\\b\\tc\\\\N\", \"author\": \"x\\ny\\r\\nz\"},\n  {\"title\": \"\\\\N\", \"author\": \"Ёж 🦔\"}\n]\n",
            "\(out.stdout)")
    }

    /// An import with one bad row changes nothing on the server either.
    @Test func aRefusedImportLeavesNothing() throws {
        let server = try freshDatabase()
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        try dir.write(
            "bad.csv",
            "title,due_on,loaned_on\nA,2025-12-30,2025-12-01\nB,2025-12-31,2025-12-01\nA,2025-12-31,2025-13-01\n")
        let out = try dir.run(["--db", server, "--today", "2025-12-22", "import", "books", "bad.csv"])
        #expect(out.status == 65)
        #expect(out.stderr.contains("bad.csv:4:"), "\(out.stderr)")
        let count = try dir.run(["--db", server, "query", "SELECT count(*) AS n FROM books", "--format", "csv"])
        #expect(count.stdout == "n\r\n0\r\n")
    }

    /// No server at the address: one line naming host and port, exit 75, at once.
    @Test func aServerThatIsNotThereIsOneLineAndExit75() throws {
        let started = Date()
        let out = try dir.run(["--db", "postgresql://almanac@127.0.0.1:1/almanac", "books", "list"])
        #expect(out.status == 75)
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        #expect(out.stderr.contains("127.0.0.1:1"), "\(out.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// A login the server refuses: exit 77, and a password never shows.
    @Test func aRefusedLoginIsExit77AndAPasswordInTheAddressIsRefused() throws {
        let server = try freshDatabase()
        let wrongUser = server.replacingOccurrences(of: "user=almanac", with: "user=nobody_here")
        let out = try dir.run(["--db", wrongUser, "books", "list"])
        #expect(out.status == 77, "\(out.stderr)")
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        let withPassword = try dir.run(["--db", "postgresql://almanac:s3cret@127.0.0.1:1/almanac", "books", "list"])
        #expect(withPassword.status != 0)
        #expect(!withPassword.stderr.contains("s3cret"), "\(withPassword.stderr)")
        #expect(withPassword.stderr.contains("~/.pgpass"), "\(withPassword.stderr)")
    }

    /// `backup` copies an SQLite file; a database on a server is refused (64) before any file is
    /// made, pointing to pg_dump and to `export`, in English and Russian.
    @Test func backupIsRefusedPointingToPgDump() throws {
        let server = try freshDatabase()
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        let out = try dir.run(["--db", server, "backup", "copy.db"])
        #expect(out.status == 64)
        #expect(out.stderr.hasPrefix("almanac: error: backup copy.db: "), "\(out.stderr)")
        #expect(out.stderr.contains("pg_dump") && out.stderr.contains("almanac export"), "\(out.stderr)")
        #expect(!out.stderr.contains("SQLite"))
        let russian = try dir.run(["--db", server, "--locale", "ru", "backup", "copy.db"])
        #expect(russian.status == 64 && russian.stderr.contains("pg_dump"), "\(russian.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("copy.db")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).allSatisfy { !$0.hasPrefix("copy") })
    }
}
