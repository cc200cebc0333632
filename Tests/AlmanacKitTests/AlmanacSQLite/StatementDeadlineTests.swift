import AlmanacKit
import AlmanacStore
import AlmanacText
import CSQLite
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

/// A deadline stops the statements its thread runs once it has passed, as a page of `almanac serve`
/// needs: the statement ends with SQLite's interrupt, a transaction it was in is rolled back whole,
/// the connection is usable afterwards, and the error is said as a page that took too long.
@Suite struct StatementDeadlineTests {
    /// A statement that never ends on its own: it counts to ten billion.
    static let endless =
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10000000000) SELECT count(*) FROM c"

    let folder: URL
    let path: String

    init() throws {
        StatementDeadline.enable()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-deadline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("d.db").path
        let database = try SQLiteDatabase(path: path, mode: .create)
        try database.execute("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1)")
    }

    @Test func aStatementPastItsDeadlineIsInterrupted() throws {
        let database = try SQLiteDatabase(path: path)
        let deadline = StatementDeadline(in: .milliseconds(100))
        let error = #expect(throws: DatabaseError.self) {
            try deadline.during { _ = try database.scalar(Self.endless) }
        }
        #expect(error?.kind == .interrupted)
        #expect(deadline.hasPassed)
        // Said as a page that took too long, in the thread's deadline: 503 for the server, 75 for a command.
        deadline.during {
            let said = AlmanacError(reporting: error!)
            #expect(said.failure == .busy)
            #expect(said.message(.english).contains("took longer than 0 seconds and was stopped; nothing was changed"))
        }
        // The connection goes on; outside the deadline nothing stops it.
        #expect(try database.scalar("SELECT v FROM t") == .integer(1))
    }

    @Test func aWritePastItsDeadlineIsRolledBackWhole() throws {
        let database = try SQLiteDatabase(path: path)
        let deadline = StatementDeadline(in: .milliseconds(100))
        #expect(throws: DatabaseError.self) {
            try deadline.during {
                try database.transaction {
                    try database.execute("INSERT INTO t VALUES (2); UPDATE t SET v = v + 10")
                    _ = try database.scalar(Self.endless)
                }
            }
        }
        #expect(!database.isInTransaction)
        let other = try SQLiteDatabase(path: path, mode: .readOnly)
        #expect(try other.scalar("SELECT group_concat(v) FROM t") == .text("1"))
        // The write lock was let go: another connection writes at once.
        try SQLiteDatabase(path: path, busyTimeout: 0).execute("INSERT INTO t VALUES (3)")
    }

    @Test func stopEndsTheStatementBeforeItsTime() throws {
        let database = try SQLiteDatabase(path: path)
        let deadline = StatementDeadline(in: .seconds(3_600))
        let stopper = Thread {
            Thread.sleep(forTimeInterval: 0.2)
            deadline.stop()
        }
        stopper.start()
        let error = #expect(throws: DatabaseError.self) {
            try deadline.during { _ = try database.scalar(Self.endless) }
        }
        #expect(error?.kind == .interrupted)
    }

    /// Another thread's deadline, or none, stops nothing here; a deadline ends with its `during`.
    @Test func aDeadlineHoldsOnlyItsThreadAndItsCall() throws {
        let database = try SQLiteDatabase(path: path)
        let passed = StatementDeadline(in: .zero)
        #expect(passed.hasPassed)
        #expect(StatementDeadline.current == nil)
        passed.during { #expect(StatementDeadline.current === passed) }
        #expect(StatementDeadline.current == nil)
        #expect(
            try database.scalar(
                "SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) SELECT x FROM c)"
            ) == .integer(100_000))
    }
}
