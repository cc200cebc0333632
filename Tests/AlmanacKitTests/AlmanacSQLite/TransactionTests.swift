import AlmanacKit
import AlmanacStore
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

@Suite struct TransactionTests {
    struct Boom: Error {}

    let database: Database

    init() throws {
        database = try SQLiteDatabase(path: ":memory:")
        try database.execute("CREATE TABLE t (v INTEGER)")
    }

    func count() throws -> SQLValue? { try database.scalar("SELECT count(*) FROM t") }

    @Test func commitsWhenTheBodyReturns() throws {
        let value = try database.transaction {
            try database.run("INSERT INTO t VALUES (1)")
            return 7
        }
        #expect(value == 7)
        #expect(try count() == .integer(1))
        #expect(!database.isInTransaction)
    }

    @Test func throwingTransactionLeavesNothingBehind() throws {
        #expect(throws: Boom.self) {
            try database.transaction {
                try database.run("INSERT INTO t VALUES (1)")
                try database.run("INSERT INTO t VALUES (2)")
                throw Boom()
            }
        }
        #expect(try count() == .integer(0))
        #expect(!database.isInTransaction)
    }

    @Test func failingStatementRollsBackTheWholeTransaction() throws {
        try database.execute("CREATE TABLE u (v INTEGER NOT NULL)")
        #expect(throws: DatabaseError.self) {
            try database.transaction {
                try database.run("INSERT INTO t VALUES (1)")
                try database.run("INSERT INTO u VALUES (NULL)")
            }
        }
        #expect(try count() == .integer(0))
    }

    @Test func savepointRollsBackOnlyItsOwnWork() throws {
        try database.transaction {
            try database.run("INSERT INTO t VALUES (1)")
            #expect(throws: Boom.self) {
                try database.savepoint("inner") {
                    try database.run("INSERT INTO t VALUES (2)")
                    throw Boom()
                }
            }
            try database.savepoint("kept") {
                try database.run("INSERT INTO t VALUES (3)")
            }
        }
        #expect(try database.rows("SELECT v FROM t ORDER BY v") == [[.integer(1)], [.integer(3)]])
    }

    @Test func savepointOutsideATransactionCommits() throws {
        try database.savepoint { try database.run("INSERT INTO t VALUES (1)") }
        #expect(try count() == .integer(1))
        #expect(throws: Boom.self) {
            try database.savepoint {
                try database.run("INSERT INTO t VALUES (2)")
                throw Boom()
            }
        }
        #expect(try count() == .integer(1))
        #expect(!database.isInTransaction)
    }
}
