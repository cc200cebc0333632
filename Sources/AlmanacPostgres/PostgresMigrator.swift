import AlmanacStore
import Foundation

/// Brings a PostgreSQL database's schema up to date with the numbered migrations of
/// `Schema/postgresql/` (the same numbers, tables, keys and checks as SQLite's), recorded in
/// `schema_migrations`. Every run holds a session-level advisory lock while it reads the version and
/// applies what is pending, so two hosts initializing or upgrading at once apply each step once:
/// the second waits, then finds nothing left to do. Each migration commits alone.
public struct PostgresMigrator: Sendable {
    public let migrations: [Migration]

    /// The advisory lock's key: "almanac" in ASCII, the same for every host.
    public static let lockKey: Int64 = 0x616C_6D61_6E61_63

    public init(migrations: [Migration]) {
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The schema version the database is at: the highest recorded migration, 0 when none is.
    public func currentVersion(of database: Database) throws -> Int {
        guard try isAlmanac(database) else { return 0 }
        guard case .integer(let version)? = try database.scalar("SELECT max(version) FROM schema_migrations") else {
            return 0
        }
        return Int(version)
    }

    /// True when the database has Almanac's migration table.
    public func isAlmanac(_ database: Database) throws -> Bool {
        try database.scalar("SELECT to_regclass('schema_migrations') IS NOT NULL") == .integer(1)
    }

    /// The tables of the database's own schema (not PostgreSQL's catalogs), by name.
    public static func tables(of database: Database) throws -> [String] {
        try database.rows(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"
        ).compactMap { $0.first?.textValue }
    }

    /// Applies every pending migration, each in its own transaction, under the advisory lock.
    /// Returns the version before and after and the migrations this run applied.
    @discardableResult
    public func migrate(_ database: Database) throws -> (from: Int, to: Int, applied: [Migration]) {
        let start = try currentVersion(of: database)
        if start > latestVersion { throw tooNew(database, start) }
        guard start < latestVersion else { return (start, start, []) }
        try database.execute("SELECT pg_advisory_lock(\(Self.lockKey))")
        defer { try? database.execute("SELECT pg_advisory_unlock(\(Self.lockKey))") }
        var applied: [Migration] = []
        for migration in migrations {
            let didApply = try database.transaction(.immediate) { () throws -> Bool in
                try database.execute(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version    bigint NOT NULL PRIMARY KEY,
                        name       text NOT NULL,
                        applied_at timestamptz NOT NULL
                    )
                    """)
                let current = try currentVersion(of: database)
                if current > latestVersion { throw tooNew(database, current) }
                guard current < migration.version else { return false }
                try database.execute(migration.sql)
                try database.run(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, date_trunc('second', now()))",
                    [.integer(Int64(migration.version)), .text(migration.name)])
                return true
            }
            if didApply { applied.append(migration) }
        }
        return (start, try currentVersion(of: database), applied)
    }

    /// The refusal of a database a later Almanac made.
    public struct SchemaTooNew: Error, Equatable {
        public let path: String
        public let found: Int, known: Int

        public init(path: String, found: Int, known: Int) {
            self.path = path
            self.found = found
            self.known = known
        }
    }

    private func tooNew(_ database: Database, _ version: Int) -> SchemaTooNew {
        SchemaTooNew(path: database.path, found: version, known: latestVersion)
    }
}
