import AlmanacKinds
import AlmanacPostgres
import AlmanacSQLite
import AlmanacStore
import AlmanacText
import Foundation

/// Opens Almanac's database the way every command needs it: an existing file (only `init` creates
/// one, see `Store+Init.swift`), migrated to the latest schema, with SQLite's failures in Almanac's
/// words (`DatabaseError.almanacError`).
public enum Store {
    /// Opens an existing Almanac database for reading and writing, migrating it as needed. A missing
    /// file is an error naming it (exit 66), and nothing is created; a file that is not an Almanac
    /// database is refused before anything is written to it (see `DatabaseContent`). `busyTimeout`
    /// is how long, in milliseconds, a statement waits for another writer's lock.
    public static func open(
        _ path: String, migrator: DatabaseMigrator = .builtIn,
        busyTimeout: Int32 = SQLiteDatabase.defaultBusyTimeout
    ) throws -> Database {
        if PostgresDatabase.names(path) { return try Server.open(path) }
        let content = try existingContent(path)
        if content != .sqlite(wal: true) {
            // Opening for writing switches the file to WAL: look first, on a connection that cannot write.
            try AlmanacError.explaining {
                try DatabaseContent.requireAlmanac(SQLiteDatabase(path: path, mode: .readOnly), path: path)
            }
        }
        let database = try connect(path, mode: .readWrite, busyTimeout: busyTimeout)
        try AlmanacError.explaining {
            if content == .sqlite(wal: true) { try DatabaseContent.requireAlmanac(database, path: path) }
            _ = try migrator.migrate(database)
        }
        return database
    }

    /// Opens an existing Almanac database read-only; nothing run on it can change the file. A user
    /// who may read the database (and its `-wal` and `-shm` files) but not write it or its folder can.
    /// A database of an older schema is upgraded first, as any command that writes would (its
    /// queries would not run on the old tables); a user who may not write it is told how.
    /// `upgrading: false` (a backup, which copies the file as it is and never writes it) does not.
    ///
    /// On PostgreSQL with a standby (`useReplica`), the connection is the standby's, unless
    /// `primary` (a page right after its reader's own change) or the standby does not answer.
    public static func openReadOnly(
        _ path: String, migrator: DatabaseMigrator = .builtIn,
        busyTimeout: Int32 = SQLiteDatabase.defaultBusyTimeout, upgrading: Bool = true, primary: Bool = false
    ) throws -> Database {
        if PostgresDatabase.names(path) {
            if !primary, let standby = replicaConnection(for: path) { return standby }
            return try Server.openReadOnly(path, upgrading: upgrading)
        }
        _ = try existingContent(path)
        let database = try connect(path, mode: .readOnly, busyTimeout: busyTimeout)
        let version = try AlmanacError.explaining {
            try DatabaseContent.requireAlmanac(database, path: path)
            return try migrator.currentVersion(of: database)
        }
        if version > migrator.latestVersion {
            throw DatabaseMigrator.SchemaTooNew(path: path, found: version, known: migrator.latestVersion).almanacError
        }
        guard upgrading, version < migrator.latestVersion else { return database }
        do {
            _ = try open(path, migrator: migrator, busyTimeout: busyTimeout)
        } catch let error as AlmanacError where [.cannotCreate, .noPermission, .missingInput].contains(error.failure) {
            // Not this user's to write: the owner upgrades it once, and every reader reads it after.
            throw AlmanacError(
                .cannotCreate, "database.error.needs-upgrade",
                ["path": path, "found": String(version), "known": String(migrator.latestVersion)])
        }
        return try connect(path, mode: .readOnly, busyTimeout: busyTimeout)
    }

    /// True when `database` is at this almanac's schema (not an older one to migrate).
    public static func isCurrent(_ database: Database, migrator: DatabaseMigrator = .builtIn) throws -> Bool {
        if database.dialect == .postgresql {
            let migrator = PostgresMigrator.builtIn
            return try AlmanacError.explaining { try migrator.currentVersion(of: database) >= migrator.latestVersion }
        }
        return try AlmanacError.explaining { try migrator.currentVersion(of: database) >= migrator.latestVersion }
    }

    /// The content of a database file that must be there already: a file of no bytes is a database
    /// not made yet (exit 66), one that is not SQLite is refused (exit 65).
    static func existingContent(_ path: String) throws -> DatabaseContent {
        try DatabaseLocation.requireExisting(path)
        let content = DatabaseContent.read(path)
        switch content {
        case .empty: throw AlmanacError(.missingInput, "database.error.not-initialized", ["path": path])
        case .notSQLite: throw AlmanacError(.invalidData, "database.error.not-a-database", ["path": path])
        case .sqlite, .unreadable: return content
        }
    }

    /// Caps the database engine's memory in this process at `bytes`, before the first connection
    /// opens (`query` and `report run`: a statement that would take more is refused).
    public static func capMemory(at bytes: Int64) {
        SQLiteDatabase.capMemory(at: bytes)
    }

    /// Every table of the schema (not SQLite's own) with its row count, sorted by name.
    public static func tableSummary(_ database: Database) throws -> [(name: String, rows: Int)] {
        let names =
            database.dialect == .postgresql
            ? try PostgresMigrator.tables(of: database)
            : try database.rows(
                """
                SELECT name FROM sqlite_schema
                WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                ORDER BY name
                """
            ).compactMap { $0.first?.textValue }
        return try names.map { name in
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            guard case .integer(let count)? = try database.scalar("SELECT count(*) FROM \(quoted)") else {
                return (name, 0)
            }
            return (name, Int(count))
        }
    }

    static func connect(_ path: String, mode: DatabaseMode, busyTimeout: Int32 = SQLiteDatabase.defaultBusyTimeout)
        throws
        -> Database
    {
        try AlmanacError.explaining { try SQLiteDatabase(path: path, mode: mode, busyTimeout: busyTimeout) }
    }
}
