import AlmanacKit
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

/// `almanac query` through the built binary: reads work, and no statement changes the file.
@Suite struct QueryCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase()
        try dir.execute(
            """
            INSERT INTO books (id, title, author, borrower, loaned_on, due_on) VALUES
                (1, 'Мастер и Маргарита', 'Михаил Булгаков', 'Аня', '2025-11-01', '2025-12-01'),
                (2, 'ノルウェイの森', '村上春樹', 'Kenji', '2025-12-10', '2025-12-24');
            """)
    }

    /// The SHA-256 of the database's file; "" on PostgreSQL, where there is no file to compare.
    func sha256(_ name: String) throws -> String {
        guard !TestStore.isPostgres else { return "" }
        let out = try dir.run([dir.path(name)], executable: URL(fileURLWithPath: "/usr/bin/sha256sum"))
        #expect(out.status == 0)
        return String(out.stdout.prefix(64))
    }

    /// The acceptance list: each fails with a clear message, exit 64 or 65, and the file is unchanged.
    static let refused: [(sql: String, message: String)] = [
        ("DELETE FROM books", "DELETE FROM books is refused: queries are read-only"),
        ("UPDATE books SET title = 'gone'", "UPDATE books is refused: queries are read-only"),
        (
            "INSERT INTO books (title, loaned_on, due_on) VALUES ('x', '2025-12-01', '2025-12-02')",
            "INSERT INTO books is refused"
        ),
        ("DROP TABLE books", "DROP TABLE books is refused"),
        ("ATTACH DATABASE 'other.db' AS other", "ATTACH is refused"),
        ("PRAGMA writable_schema=1", "PRAGMA writable_schema = 1 is refused"),
        ("SELECT load_extension('libanything')", "load_extension() is refused"),
        // Functions with effects outside the result, or pointers (see `deniedFunctions`); the shell's
        // file functions and the debugging sqlite_offset are not in the library at all.
        ("SELECT hex(fts3_tokenizer('simple'))", "fts3_tokenizer() is refused"),
        ("SELECT fts3_tokenizer('simple', x'0000000000000000')", "fts3_tokenizer() is refused"),
        ("SELECT sqlite_log(1, 'written to the log')", "sqlite_log() is refused"),
        ("SELECT optimize(title) FROM books", "optimize() is refused"),
        (
            "SELECT readfile('/etc/passwd')",
            "query: SQLite cannot run the SQL: no such function: readfile (SQLite error 1)"
        ),
        (
            "SELECT writefile('copy.db', 'x')",
            "query: SQLite cannot run the SQL: no such function: writefile (SQLite error 1)"
        ),
        ("SELECT edit('text', 'vi')", "query: SQLite cannot run the SQL: no such function: edit (SQLite error 1)"),
        (
            "SELECT sqlite_offset(id) FROM books",
            "query: SQLite cannot run the SQL: no such function: sqlite_offset (SQLite error 1)"
        ),
        ("SELECT 1; DELETE FROM books", "only one statement can be run at a time"),
        ("SELECT title FROM books; SELECT 2", "only one statement can be run at a time"),
        ("PRAGMA journal_mode=DELETE", "PRAGMA journal_mode = DELETE is refused"),
        ("VACUUM INTO 'copy.db'", "VACUUM is refused"),
        ("VACUUM", "VACUUM is refused"),
        ("ANALYZE", "ANALYZE is refused"),
        ("ANALYZE books", "ANALYZE is refused"),
        ("BEGIN", "BEGIN is refused"),
        ("DETACH DATABASE main", "DETACH is refused"),
        ("CREATE TEMP TABLE scratch (a)", "CREATE TABLE scratch is refused"),
        ("CREATE TEMP VIEW seen AS SELECT 1", "CREATE VIEW seen is refused"),
        ("DROP INDEX books_open_by_due", "DROP INDEX books_open_by_due is refused"),
        ("ALTER TABLE books ADD COLUMN shelf", "ALTER TABLE books is refused"),
        ("REINDEX books", "REINDEX is refused"),
        ("WITH gone AS (SELECT id FROM books) DELETE FROM books WHERE id IN gone", "DELETE FROM books is refused"),
        (
            "DELETE FROM sqlite_master",
            "query: SQLite cannot run the SQL: table sqlite_master may not be modified (SQLite error 1)"
        ),
        (
            "UPDATE sqlite_schema SET sql = ''",
            "query: SQLite cannot run the SQL: table sqlite_master may not be modified (SQLite error 1)"
        ),
        ("SELECT 1; PRAGMA writable_schema = 1", "only one statement can be run at a time"),
        // A table-valued function reads, but the pragma it runs is asked about like any other.
        ("SELECT * FROM pragma_optimize", "PRAGMA optimize is refused"),
        ("SELECT * FROM json_each('[1]'), pragma_optimize", "PRAGMA optimize is refused"),
        (
            "SELECT * FROM pragma_wal_checkpoint",
            "query: SQLite cannot run the SQL: no such table: pragma_wal_checkpoint (SQLite error 1)"
        ),
        (
            "SELECT * FROM no_such_table",
            "query: SQLite cannot run the SQL: no such table: no_such_table (SQLite error 1)"
        ),
    ]

    @Test(arguments: refused)
    func nothingChangesTheFile(_ sample: (sql: String, message: String)) throws {
        // The read-only connection's own files exist from here on.
        _ = try dir.run(["--db", "a.db", "query", "SELECT 1"])
        let before = try sha256("a.db")
        let out = try dir.run(["--db", "a.db", "query", sample.sql])
        #expect(out.status == 64 || out.status == 65, "exit \(out.status)")
        #expect(out.stderr.hasPrefix("almanac: error: " + sample.message), "\(out.stderr)")
        #expect(out.stderr.split(separator: "\n").count == 1, "one line")
        #expect(out.stdout.isEmpty)
        #expect(try sha256("a.db") == before)
        #expect(!FileManager.default.fileExists(atPath: dir.path("other.db")))
        #expect(!FileManager.default.fileExists(atPath: dir.path("copy.db")))
        let count = try dir.run(["--db", "a.db", "query", "SELECT count(*) AS n FROM books", "--format", "csv"])
        #expect(count.stdout == "n\r\n2\r\n")
    }

    /// What only reads runs: table-valued functions (JSON, `pragma_*` whose pragma reads), CTEs and
    /// views, the user's own included, with the file unchanged.
    static let reading: [(sql: String, csv: String)] = [
        ("SELECT value FROM json_each('[1,2]')", "value\r\n1\r\n2\r\n"),
        ("SELECT key, value FROM json_tree('{\"a\":{\"b\":2}}') WHERE type = 'integer'", "key,value\r\nb,2\r\n"),
        ("SELECT name FROM pragma_table_info('books') WHERE pk = 1", "name\r\nid\r\n"),
        ("SELECT count(*) AS n FROM pragma_index_list('books')", "n\r\n1\r\n"),
        ("SELECT count(*) AS n FROM pragma_foreign_key_list('overdue_notices')", "n\r\n1\r\n"),
        ("SELECT * FROM pragma_user_version", "user_version\r\n7\r\n"),
        ("SELECT integrity_check FROM pragma_integrity_check", "integrity_check\r\nok\r\n"),
        (
            "SELECT m.name, p.name AS col FROM sqlite_schema m, pragma_table_info(m.name) p WHERE m.name = 'books' AND p.cid < 2",
            "name,col\r\nbooks,id\r\nbooks,title\r\n"
        ),
        (
            "WITH late AS (SELECT title FROM books WHERE due_on < '2025-12-10') SELECT title FROM late",
            "title\r\nМастер и Маргарита\r\n"
        ),
        ("SELECT title FROM late_books", "title\r\nМастер и Маргарита\r\n"),
        ("SELECT j.value AS n, b.id FROM books b JOIN json_each('[2]') j ON j.value = b.id", "n,id\r\n2,2\r\n"),
        ("EXPLAIN QUERY PLAN SELECT 1 FROM json_each('[]')", ""),
    ]

    @Test(.sqliteFile, arguments: reading)
    func readingRuns(_ sample: (sql: String, csv: String)) throws {
        try SQLiteDatabase(path: dir.path("a.db")).execute(
            "CREATE VIEW IF NOT EXISTS late_books AS SELECT title FROM books WHERE due_on < '2025-12-10'")
        _ = try dir.run(["--db", "a.db", "query", "SELECT 1"])
        let before = try sha256("a.db")
        let out = try dir.run(["--db", "a.db", "query", sample.sql, "--format", "csv"])
        #expect(out.status == 0, "\(out.stderr)")
        if !sample.csv.isEmpty { #expect(out.stdout == sample.csv) }
        #expect(try sha256("a.db") == before)
    }

    /// The refusal names what was refused, from what SQLite was asked, never a slice of the SQL; in
    /// Russian too. `report run` goes through the same guard.
    @Test func refusalsNameWhatWasRefusedInEnglishAndRussian() throws {
        let ru = try dir.run(["--db", "a.db", "--locale", "ru", "query", "DELETE FROM books WHERE id = 1"])
        #expect(ru.status == 64)
        #expect(
            ru.stderr.hasPrefix("almanac: ошибка: запрещено: DELETE FROM books — запросы только читают базу"),
            "\(ru.stderr)")
        let written = try dir.run(["--db", "a.db", "--locale", "ru", "query", "VACUUM INTO 'copy.db'"])
        #expect(written.stderr.hasPrefix("almanac: ошибка: запрещено: VACUUM — "), "\(written.stderr)")
        let pragma = try dir.run(["--db", "a.db", "query", "/* look */ SELECT * FROM pragma_optimize"])
        #expect(pragma.stderr.hasPrefix("almanac: error: PRAGMA optimize is refused"), "\(pragma.stderr)")
        #expect(!pragma.stderr.contains("look") && !pragma.stderr.contains("SELECT *"))
        try FileManager.default.createDirectory(atPath: dir.path("mine"), withIntermediateDirectories: true)
        try dir.write("mine/unpack.sql", "-- title: Unpacked\nSELECT value FROM json_each('[\"a\",\"b\"]');\n")
        try dir.write("mine/sweep.sql", "-- title: Sweep\nDELETE FROM books;\n")
        let unpack = try dir.run([
            "--db", "a.db", "report", "run", "unpack", "--reports-dir", "mine", "--format", "csv",
        ])
        #expect(unpack.stdout == "value\r\na\r\nb\r\n", "\(unpack.stderr)")
        let before = try sha256("a.db")
        let sweep = try dir.run(["--db", "a.db", "--locale", "ru", "report", "run", "sweep", "--reports-dir", "mine"])
        #expect(sweep.status == 64)
        #expect(sweep.stderr.hasPrefix("almanac: ошибка: запрещено: DELETE FROM books — "), "\(sweep.stderr)")
        #expect(try sha256("a.db") == before)
    }

    @Test func refusalsAreUsageErrorsAndSQLErrorsInvalidData() throws {
        #expect(try dir.run(["--db", "a.db", "query", "DELETE FROM books"]).status == 64)
        #expect(try dir.run(["--db", "a.db", "query", "SELEC 1"]).status == 65)
        #expect(try dir.run(["--db", "missing.db", "query", "SELECT 1"]).status == 66)
        #expect(!FileManager.default.fileExists(atPath: dir.path("missing.db")), "a query never creates a database")
    }

    @Test func printsRowsInEveryFormat() throws {
        let sql = "SELECT id, title, due_on FROM books WHERE due_on < :today ORDER BY id"
        let base = ["--db", "a.db", "--today", "2025-12-20", "query", sql]
        let table = try dir.run(base + ["--locale", "ru"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(
            table.stdout == """
                ┌───┬────────────────────┬────────────┐
                │ № │      название      │ вернуть до │
                ├───┼────────────────────┼────────────┤
                │ 1 │ Мастер и Маргарита │ Пн, 1 дек. │
                └───┴────────────────────┴────────────┘
                1 строка

                """)
        #expect(
            try dir.run(base + ["--format", "json"]).stdout
                == "[\n  {\"id\": 1, \"title\": \"Мастер и Маргарита\", \"due_on\": \"2025-12-01\"}\n]\n")
        #expect(
            try dir.run(base + ["--format", "tsv"]).stdout == "id\ttitle\tdue_on\n1\tМастер и Маргарита\t2025-12-01\n")
        #expect(
            try dir.run(base + ["--format", "markdown"]).stdout.hasPrefix(
                "| id  | title              | due       |\n| --: |"))
    }

    @Test func parametersAndStandardInput() throws {
        let out = try dir.run(
            ["--db", "a.db", "query", "-", "--param", "who=Kenji", "--format", "csv"],
            input: "SELECT title FROM books WHERE borrower = :who")
        #expect(out.stdout == "title\r\nノルウェイの森\r\n", "\(out.stderr)")
        let missing = try dir.run(["--db", "a.db", "query", "SELECT :who"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "almanac: error: the query needs --param who=VALUE; its parameters: who\n")
    }
}
