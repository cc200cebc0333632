import AlmanacStore
import CSQLite
import Foundation

/// Brings a database's schema up to date: applies pending migrations in order, each in its own
/// transaction, records them in `schema_migrations` and `PRAGMA user_version`, and refuses a
/// database whose schema is newer than the migrations it knows, or one holding a view, trigger or
/// index of the user's that a pending migration would break (`DatabaseMigrator+UserObjects.swift`).
///
/// Migrations rebuild tables the way SQLite's ALTER TABLE documentation gives (its 12 steps):
/// foreign keys off for the run (`PRAGMA foreign_keys` cannot change inside a transaction), so that
/// dropping the old table neither deletes nor cascades to the rows that refer to it, and
/// `PRAGMA foreign_key_check` before each migration's COMMIT.
public struct DatabaseMigrator: Sendable {
    /// The known migrations, in order.
    public let migrations: [Migration]

    /// A database whose schema is newer than the newest migration known: a later Almanac made it.
    public struct SchemaTooNew: Error, Equatable {
        /// The database's path.
        public let path: String
        /// Its schema version, and the newest this migrator knows.
        public let found: Int, known: Int

        /// The refusal of `path`, at version `found`, by a migrator that knows up to `known`.
        public init(path: String, found: Int, known: Int) {
            self.path = path
            self.found = found
            self.known = known
        }
    }

    /// A migrator over the given migrations (sorted by version; versions must be distinct and positive).
    public init(migrations: [Migration]) {
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    /// The version a fully migrated database has.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// What a migration run did.
    public struct Outcome: Sendable, Equatable {
        /// The schema version before the run.
        public let fromVersion: Int
        /// The schema version after the run.
        public let toVersion: Int
        /// The migrations applied by this run, in order (empty when the database was up to date).
        public let applied: [Migration]
    }

    /// The schema version the database is at: the highest recorded migration, or `user_version`.
    public func currentVersion(of database: Database) throws -> Int {
        var fromTable = 0
        let hasTable =
            try database.scalar(
                "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'") != nil
        if hasTable, case .integer(let version)? = try database.scalar("SELECT max(version) FROM schema_migrations") {
            fromTable = Int(version)
        }
        guard case .integer(let userVersion)? = try database.scalar("PRAGMA user_version") else { return fromTable }
        return max(fromTable, Int(userVersion))
    }

    /// Applies every pending migration. Safe to run concurrently: each step re-reads the version
    /// under the write lock, so two processes never apply the same migration.
    @discardableResult
    public func migrate(_ database: Database) throws -> Outcome {
        let start = try currentVersion(of: database)
        try refuseNewer(start, path: database.path)
        guard start < latestVersion else { return Outcome(fromVersion: start, toVersion: start, applied: []) }
        let foreignKeys = try database.scalar("PRAGMA foreign_keys") == .integer(1)
        if foreignKeys { try database.execute("PRAGMA foreign_keys = OFF") }
        defer { if foreignKeys { try? database.execute("PRAGMA foreign_keys = ON") } }
        var applied: [Migration] = []
        for migration in migrations where migration.version > start {
            let didApply = try database.transaction(.immediate) { () throws -> Bool in
                let current = try currentVersion(of: database)
                try refuseNewer(current, path: database.path)
                guard current < migration.version else { return false }
                // Under the write lock, before the first change: the version and the objects agree.
                if applied.isEmpty { try refuseUserObjects(database, from: current) }
                try database.execute(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version    INTEGER NOT NULL PRIMARY KEY,
                        name       TEXT NOT NULL,
                        applied_at TEXT NOT NULL
                    ) STRICT
                    """)
                try database.execute(migration.sql)
                try database.run(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
                    [.integer(Int64(migration.version)), .text(migration.name)])
                try database.execute("PRAGMA user_version = \(migration.version)")
                let violations = try database.rows("PRAGMA foreign_key_check")
                if let first = violations.first {
                    throw DatabaseError(
                        sqlite: SQLITE_CONSTRAINT | (3 << 8),
                        message:
                            "migration \(migration.version) leaves \(violations.count) foreign key violation(s), first in table \(first[0].textValue ?? "?")",
                        sql: "PRAGMA foreign_key_check", path: database.path)
                }
                return true
            }
            if didApply { applied.append(migration) }
        }
        return Outcome(fromVersion: start, toVersion: try currentVersion(of: database), applied: applied)
    }

    private func refuseNewer(_ version: Int, path: String) throws {
        guard version > latestVersion else { return }
        throw SchemaTooNew(path: path, found: version, known: latestVersion)
    }
}
