import AlmanacStore
import Crypto
import Foundation

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite

/// A database as Almanac's first schema left it (version 1, from `Schema/001_initial.sql` as the
/// migrator applied it then), with a loan, its notice, an event, and objects of a user's own.
enum OldSchemaFixture {
    /// Makes the database at `path`; `userSQL` runs last (a view, a trigger, a table of the user's).
    @discardableResult
    static func versionOne(_ path: String, userSQL: String = "") throws -> Database {
        let database = try SQLiteDatabase(path: path, mode: .create)
        try DatabaseMigrator(migrations: DatabaseMigrator.builtIn.migrations.filter { $0.version == 1 }).migrate(
            database)
        try database.execute(
            """
            INSERT INTO books (id, title, loaned_on, due_on) VALUES (7, 'Dune', '2025-12-01', '2025-12-20');
            INSERT INTO overdue_notices (book_id, level, issued_on) VALUES (7, 1, '2025-12-21');
            INSERT INTO events (id, title, starts_at) VALUES (3, 'Carols', '2025-12-23T18:00:00Z');
            """)
        if !userSQL.isEmpty { try database.execute(userSQL) }
        return database
    }

    /// The SHA-256 of a file's bytes, in hex.
    static func digest(_ path: String) throws -> String {
        SHA256.hash(data: try Data(contentsOf: URL(fileURLWithPath: path))).map { String(format: "%02x", $0) }.joined()
    }
}
