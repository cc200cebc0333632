import AlmanacKit
import AlmanacStore
import CSQLite
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

@Suite struct DatabaseTests {
    let database: Database

    init() throws {
        database = try SQLiteDatabase(path: ":memory:")
        try database.execute("CREATE TABLE t (v ANY)")
    }

    static let values: [SQLValue] = [
        .null,
        .integer(0), .integer(Int64.max), .integer(Int64.min), .integer(-1),
        .real(0.1), .real(-2.5e300), .real(Double.leastNonzeroMagnitude),
        .text(""), .text("plain"), .text("Ёлка и «кавычки»"), .text("🇩🇪 flags, \"quotes\", new\nline"),
        .text("nul\u{0}inside"),
        .blob([]), .blob([0, 1, 2, 255]),
    ]

    @Test("every storage class binds and reads back unchanged", arguments: values)
    func roundTrip(_ value: SQLValue) throws {
        let insert = try database.prepare("INSERT INTO t (v) VALUES (?)")
        try insert.bind(value, at: 1)
        #expect(try insert.step() == false)
        let select = try database.prepare("SELECT v, typeof(v) FROM t")
        #expect(try select.step())
        #expect(select.value(at: 0) == value)
        let expectedType: String =
            switch value {
            case .null: "null"
            case .integer: "integer"
            case .real: "real"
            case .text: "text"
            case .blob: "blob"
            }
        #expect(select.string(at: 1) == expectedType)
    }

    @Test func typedAccessors() throws {
        let statement = try database.prepare("SELECT 42, 2.5, 'text', x'00ff', NULL")
        #expect(try statement.step())
        #expect(statement.int64(at: 0) == 42)
        #expect(statement.int(at: 0) == 42)
        #expect(statement.double(at: 1) == 2.5)
        #expect(statement.string(at: 2) == "text")
        #expect(statement.blob(at: 3) == [0, 255])
        #expect(statement.isNull(at: 4))
        #expect(statement.string(at: 4) == nil)
        #expect(statement.columnType(at: 0) == .integer)
        #expect(statement.columnType(at: 1) == .real)
        #expect(statement.columnCount == 5)
        #expect(try statement.step() == false)
    }

    @Test func emptyTextIsNotNull() throws {
        let insert = try database.prepare("INSERT INTO t (v) VALUES (?), (?)")
        try insert.bind("", at: 1)
        try insert.bindText(UnsafeRawBufferPointer(start: nil, count: 0), at: 2)
        try insert.step()
        #expect(
            try database.rows("SELECT typeof(v), v FROM t") == [
                [.text("text"), .text("")], [.text("text"), .text("")],
            ])
    }

    @Test func namedParametersAndReset() throws {
        let insert = try database.prepare("INSERT INTO t (v) VALUES (:value)")
        #expect(insert.parameterName(at: 1) == ":value")
        for number in 1...3 {
            try insert.bind(.integer(Int64(number)), named: ":value")
            try insert.step()
            insert.reset()
        }
        #expect(try database.scalar("SELECT sum(v) FROM t") == .integer(6))
        #expect(throws: DatabaseError.self) { try insert.bind(.integer(1), named: ":missing") }
    }

    @Test func errorCarriesCodeMessageAndSQL() throws {
        try database.execute("CREATE TABLE strict_t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let sql = "INSERT INTO strict_t (id, name) VALUES (1, NULL)"
        let error = try #require(throws: DatabaseError.self) { try database.run(sql) }
        #expect(error.kind == .constraint(.notNull))
        #expect(error.code & 0xff == SQLITE_CONSTRAINT)
        #expect(error.message == "NOT NULL constraint failed: strict_t.name")
        #expect(error.sql == sql)
        #expect(
            error.description
                == "database error 1299: NOT NULL constraint failed: strict_t.name - while executing `\(sql)`")
        #expect(error.isConstraintViolation)
    }

    @Test func syntaxErrorNamesTheSQL() throws {
        let error = try #require(throws: DatabaseError.self) { try database.prepare("SELEC 1") }
        #expect(error.code & 0xff == SQLITE_ERROR)
        #expect(error.message.contains("syntax error"))
        #expect(error.sql == "SELEC 1")
    }

    @Test func prepareRefusesASecondStatement() throws {
        #expect(throws: DatabaseError.self) { try database.prepare("SELECT 1; SELECT 2") }
        // A trailing semicolon or comment is not a second statement.
        _ = try database.prepare("SELECT 1; -- done\n")
        _ = try database.prepare("SELECT 1 /* c */ ;  ")
    }

    /// An insert tells its rows' ids itself (`RETURNING`, as on PostgreSQL), and the rows it changed.
    @Test func insertReturnsItsIDsAndChanges() throws {
        try database.run("INSERT INTO t (v) VALUES (1), (2)")
        #expect(database.changes == 2)
        #expect(try database.scalar("INSERT INTO t (v) VALUES (3) RETURNING rowid") == .integer(3))
        #expect(database.changes == 1)
    }

    @Test func fileDatabaseUsesWALAndForeignKeys() throws {
        let directory = try TemporaryDirectory()
        let file = try SQLiteDatabase(path: directory.path("wal.db"), mode: .create)
        #expect(try file.scalar("PRAGMA journal_mode") == .text("wal"))
        #expect(try file.scalar("PRAGMA foreign_keys") == .integer(1))
    }

    /// Writers leave -wal (emptied) and -shm in place when they close, so a user who may only read
    /// the database, not create files beside it, can still open it (SQLite ≥ 3.22 reads a WAL
    /// database read-only when both files exist).
    @Test func writersLeaveTheWALFilesInPlace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("kept.db")
        do {
            let writer = try SQLiteDatabase(path: path, mode: .create)
            #expect(writer.journalMode == "wal")
            try writer.execute("CREATE TABLE t (v); INSERT INTO t VALUES (randomblob(100000))")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: path + "-wal")
        #expect(attributes[.size] as? Int == 0, "the log is checkpointed and emptied, not left full")
        #expect(FileManager.default.fileExists(atPath: path + "-shm"))
        let reader = try SQLiteDatabase(path: path, mode: .readOnly)
        #expect(try reader.scalar("SELECT length(v) FROM t") == .integer(100_000))
    }

    /// Where WAL is not possible (here a VFS without shared memory, as on some network file
    /// systems), SQLite answers with the journal it keeps: the connection works on the rollback journal.
    @Test func withoutSharedMemoryTheRollbackJournalIsKept() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(path: directory.path("plain.db"), mode: .create, vfs: "unix-dotfile")
        #expect(database.journalMode == "delete")
        try database.execute("CREATE TABLE t (v); INSERT INTO t VALUES (1)")
        #expect(try database.scalar("SELECT count(*) FROM t") == .integer(1))
        #expect(!FileManager.default.fileExists(atPath: directory.path("plain.db-wal")))
    }

    /// Only `.create` creates: a missing file is SQLite's "cannot open", and nothing appears.
    @Test(arguments: [DatabaseMode.readWrite, .readOnly])
    func openingAMissingFileCreatesNothing(_ mode: DatabaseMode) throws {
        let directory = try TemporaryDirectory()
        let error = try #require(throws: DatabaseError.self) {
            try SQLiteDatabase(path: directory.path("none.db"), mode: mode)
        }
        #expect(error.code & 0xff == SQLITE_CANTOPEN)
        #expect(error.path == directory.path("none.db"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [])
    }

    @Test func readOnlyConnectionRefusesEveryWrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("ro.db")
        let writer = try SQLiteDatabase(path: path, mode: .create)
        try writer.execute("CREATE TABLE t (v); INSERT INTO t VALUES (1)")
        let reader = try SQLiteDatabase(path: path, mode: .readOnly)
        #expect(try reader.scalar("SELECT count(*) FROM t") == .integer(1))
        #expect(try reader.rows("PRAGMA table_info(t)").count == 1)
        for sql in [
            "INSERT INTO t VALUES (2)", "DELETE FROM t", "UPDATE t SET v = 3", "DROP TABLE t",
            "CREATE TABLE u (v)", "ATTACH DATABASE '\(directory.path("other.db"))' AS other",
            "PRAGMA writable_schema = 1", "PRAGMA query_only = 0", "PRAGMA user_version = 9",
            "SELECT load_extension('x')", "SELECT fts3_tokenizer('simple')", "SELECT sqlite_log(1, 'x')",
        ] {
            #expect(throws: DatabaseError.self, "\(sql)") { try reader.run(sql) }
        }
        #expect(try writer.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test func busyTimeoutWaitsThenReportsBusy() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("busy.db")
        let first = try SQLiteDatabase(path: path, mode: .create)
        try first.execute("CREATE TABLE t (v)")
        let second = try SQLiteDatabase(path: path, busyTimeout: 50)
        try first.execute("BEGIN IMMEDIATE")
        let error = try #require(throws: DatabaseError.self) { try second.run("INSERT INTO t VALUES (1)") }
        #expect(error.isBusy)
        #expect(error.failure == .busy)
        try first.execute("ROLLBACK")
    }
}
