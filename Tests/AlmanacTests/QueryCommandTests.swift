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
    /// The third element is PostgreSQL's message where it differs: a statement only SQLite has does
    /// not parse there, and SQLite's functions and tables do not exist.
    static let refused: [(sql: String, message: String, postgres: String?)] = [
        ("DELETE FROM books", "DELETE FROM books is refused: queries are read-only", nil),
        ("UPDATE books SET title = 'gone'", "UPDATE books is refused: queries are read-only", nil),
        (
            "INSERT INTO books (title, loaned_on, due_on) VALUES ('x', '2025-12-01', '2025-12-02')",
            "INSERT INTO books is refused", nil
        ),
        ("DROP TABLE books", "DROP TABLE books is refused", nil),
        (
            "ATTACH DATABASE 'other.db' AS other", "ATTACH is refused",
            "query: the SQL does not parse: syntax error at or near \"ATTACH\""
        ),
        (
            "PRAGMA writable_schema=1", "PRAGMA writable_schema = 1 is refused",
            "query: the SQL does not parse: syntax error at or near \"PRAGMA\""
        ),
        (
            "SELECT load_extension('libanything')", "load_extension() is refused",
            "query: PostgreSQL cannot run the SQL: function load_extension(unknown) does not exist"
        ),
        // Functions with effects outside the result, or pointers (see `deniedFunctions`); the shell's
        // file functions and the debugging sqlite_offset are not in the library at all.
        (
            "SELECT hex(fts3_tokenizer('simple'))", "fts3_tokenizer() is refused",
            "query: PostgreSQL cannot run the SQL: function fts3_tokenizer(unknown) does not exist"
        ),
        (
            "SELECT fts3_tokenizer('simple', x'0000000000000000')", "fts3_tokenizer() is refused",
            "query: PostgreSQL cannot run the SQL: function fts3_tokenizer(unknown, bit) does not exist"
        ),
        (
            "SELECT sqlite_log(1, 'written to the log')", "sqlite_log() is refused",
            "query: PostgreSQL cannot run the SQL: function sqlite_log(integer, unknown) does not exist"
        ),
        (
            "SELECT optimize(title) FROM books", "optimize() is refused",
            "query: PostgreSQL cannot run the SQL: function optimize(text) does not exist"
        ),
        (
            "SELECT readfile('/etc/passwd')",
            "query: SQLite cannot run the SQL: no such function: readfile (SQLite error 1)",
            "query: PostgreSQL cannot run the SQL: function readfile(unknown) does not exist"
        ),
        (
            "SELECT writefile('copy.db', 'x')",
            "query: SQLite cannot run the SQL: no such function: writefile (SQLite error 1)",
            "query: PostgreSQL cannot run the SQL: function writefile(unknown, unknown) does not exist"
        ),
        (
            "SELECT edit('text', 'vi')", "query: SQLite cannot run the SQL: no such function: edit (SQLite error 1)",
            "query: PostgreSQL cannot run the SQL: function edit(unknown, unknown) does not exist"
        ),
        (
            "SELECT sqlite_offset(id) FROM books",
            "query: SQLite cannot run the SQL: no such function: sqlite_offset (SQLite error 1)",
            "query: PostgreSQL cannot run the SQL: function sqlite_offset(bigint) does not exist"
        ),
        ("SELECT 1; DELETE FROM books", "only one statement can be run at a time", nil),
        ("SELECT title FROM books; SELECT 2", "only one statement can be run at a time", nil),
        (
            "PRAGMA journal_mode=DELETE", "PRAGMA journal_mode = DELETE is refused",
            "query: the SQL does not parse: syntax error at or near \"PRAGMA\""
        ),
        (
            "VACUUM INTO 'copy.db'", "VACUUM is refused",
            "query: the SQL does not parse: syntax error at or near \"INTO\""
        ),
        ("VACUUM", "VACUUM is refused", nil),
        ("ANALYZE", "ANALYZE is refused", nil),
        ("ANALYZE books", "ANALYZE is refused", nil),
        ("BEGIN", "BEGIN is refused", nil),
        (
            "DETACH DATABASE main", "DETACH is refused",
            "query: the SQL does not parse: syntax error at or near \"DETACH\""
        ),
        (
            "CREATE TEMP TABLE scratch (a)", "CREATE TABLE scratch is refused",
            "query: the SQL does not parse: syntax error at end of input"
        ),
        ("CREATE TEMP VIEW seen AS SELECT 1", "CREATE VIEW seen is refused", nil),
        ("DROP INDEX books_open_by_due", "DROP INDEX books_open_by_due is refused", nil),
        (
            "ALTER TABLE books ADD COLUMN shelf", "ALTER TABLE books is refused",
            "query: the SQL does not parse: syntax error at end of input"
        ),
        ("REINDEX books", "REINDEX is refused", "query: the SQL does not parse: syntax error at or near \"books\""),
        (
            "WITH gone AS (SELECT id FROM books) DELETE FROM books WHERE id IN gone", "DELETE FROM books is refused",
            "query: the SQL does not parse: syntax error at or near \"gone\""
        ),
        (
            "DELETE FROM sqlite_master",
            "query: SQLite cannot run the SQL: table sqlite_master may not be modified (SQLite error 1)",
            "query: PostgreSQL cannot run the SQL: relation \"sqlite_master\" does not exist"
        ),
        (
            "UPDATE sqlite_schema SET sql = ''",
            "query: SQLite cannot run the SQL: table sqlite_master may not be modified (SQLite error 1)",
            "query: PostgreSQL cannot run the SQL: relation \"sqlite_schema\" does not exist"
        ),
        ("SELECT 1; PRAGMA writable_schema = 1", "only one statement can be run at a time", nil),
        // A table-valued function reads, but the pragma it runs is asked about like any other.
        (
            "SELECT * FROM pragma_optimize", "PRAGMA optimize is refused",
            "query: PostgreSQL cannot run the SQL: relation \"pragma_optimize\" does not exist"
        ),
        (
            "SELECT * FROM json_each('[1]'), pragma_optimize", "PRAGMA optimize is refused",
            "query: PostgreSQL cannot run the SQL: relation \"pragma_optimize\" does not exist"
        ),
        (
            "SELECT * FROM pragma_wal_checkpoint",
            "query: SQLite cannot run the SQL: no such table: pragma_wal_checkpoint (SQLite error 1)",
            "query: PostgreSQL cannot run the SQL: relation \"pragma_wal_checkpoint\" does not exist"
        ),
        (
            "SELECT * FROM no_such_table",
            "query: SQLite cannot run the SQL: no such table: no_such_table (SQLite error 1)",
            "query: PostgreSQL cannot run the SQL: relation \"no_such_table\" does not exist"
        ),
    ]

    @Test(arguments: refused)
    func nothingChangesTheFile(_ sample: (sql: String, message: String, postgres: String?)) throws {
        // The read-only connection's own files exist from here on.
        _ = try dir.run(["--db", "a.db", "query", "SELECT 1"])
        let before = try sha256("a.db")
        let out = try dir.run(["--db", "a.db", "query", sample.sql])
        #expect(out.status == 64 || out.status == 65, "exit \(out.status)")
        let message = TestStore.isPostgres ? sample.postgres ?? sample.message : sample.message
        #expect(out.stderr.hasPrefix("almanac: error: " + message), "\(out.stderr)")
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
        ("SELECT * FROM pragma_user_version", "user_version\r\n9\r\n"),
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
        // VACUUM INTO is SQLite's alone; PostgreSQL's VACUUM is refused as a statement.
        let vacuum = TestStore.sql("VACUUM INTO 'copy.db'", postgres: "VACUUM books")
        let written = try dir.run(["--db", "a.db", "--locale", "ru", "query", vacuum])
        #expect(written.stderr.hasPrefix("almanac: ошибка: запрещено: VACUUM — "), "\(written.stderr)")
        let pragma = try dir.run([
            "--db", "a.db", "query",
            TestStore.sql("/* look */ SELECT * FROM pragma_optimize", postgres: "/* look */ TRUNCATE books"),
        ])
        let refused = TestStore.sql("PRAGMA optimize", postgres: "TRUNCATE books")
        #expect(pragma.stderr.hasPrefix("almanac: error: \(refused) is refused"), "\(pragma.stderr)")
        #expect(!pragma.stderr.contains("look") && !pragma.stderr.contains("SELECT *"))
        try FileManager.default.createDirectory(atPath: dir.path("mine"), withIntermediateDirectories: true)
        let unpacking = TestStore.sql(
            "SELECT value FROM json_each('[\"a\",\"b\"]')",
            postgres: "SELECT value FROM json_array_elements_text('[\"a\",\"b\"]') AS value")
        try dir.write("mine/unpack.sql", "-- title: Unpacked\n\(unpacking);\n")
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
