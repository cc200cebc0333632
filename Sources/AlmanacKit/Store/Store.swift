import CSQLite
import Foundation

/// Opens Almanac's database the way every command needs it: created when missing, migrated to the
/// latest schema, and with SQLite's failures turned into errors that name the file.
public enum Store {
    /// Opens the database for reading and writing, creating and migrating it as needed.
    /// `busyTimeout` is how long, in milliseconds, a statement waits for another writer's lock.
    public static func open(_ path: String, migrator: DatabaseMigrator = .builtIn,
                            busyTimeout: Int32 = Database.defaultBusyTimeout) throws -> Database {
        let database = try connect(path, mode: .readWrite, busyTimeout: busyTimeout)
        do {
            try migrator.migrate(database)
        } catch let error as DatabaseError {
            throw describe(error, path: path)
        }
        return database
    }

    /// Opens an existing database read-only; nothing run on it can change the file.
    public static func openReadOnly(_ path: String, migrator: DatabaseMigrator = .builtIn,
                                    busyTimeout: Int32 = Database.defaultBusyTimeout) throws -> Database {
        guard FileManager.default.fileExists(atPath: path) else {
            throw AlmanacError(.missingInput, "error.database-missing", ["path": path])
        }
        let database = try connect(path, mode: .readOnly, busyTimeout: busyTimeout)
        do {
            let version = try migrator.currentVersion(of: database)
            if version > migrator.latestVersion {
                throw AlmanacError(.invalidData, "error.schema-newer",
                    ["path": path, "found": String(version), "known": String(migrator.latestVersion)])
            }
        } catch let error as DatabaseError {
            throw describe(error, path: path)
        }
        return database
    }

    /// What `init` did to a database.
    public struct InitReport: Sendable {
        /// The database file.
        public let path: String
        /// The schema version before.
        public let fromVersion: Int
        /// The schema version now.
        public let toVersion: Int
        /// The tables of the schema, with their row counts, by name.
        public let tables: [(name: String, rows: Int)]
    }

    /// Creates the database or migrates it, and reports its tables.
    public static func initialize(_ path: String, migrator: DatabaseMigrator = .builtIn) throws -> InitReport {
        let database = try connect(path, mode: .readWrite)
        do {
            let outcome = try migrator.migrate(database)
            return InitReport(path: path, fromVersion: outcome.fromVersion, toVersion: outcome.toVersion,
                tables: try tableSummary(database))
        } catch let error as DatabaseError {
            throw describe(error, path: path)
        }
    }

    /// Every table of the schema (not SQLite's own) with its row count, sorted by name.
    public static func tableSummary(_ database: Database) throws -> [(name: String, rows: Int)] {
        let names = try database.rows("""
            SELECT name FROM sqlite_schema
            WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
            ORDER BY name
            """).compactMap { $0.first?.textValue }
        return try names.map { name in
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            guard case .integer(let count)? = try database.scalar("SELECT count(*) FROM \(quoted)") else { return (name, 0) }
            return (name, Int(count))
        }
    }

    private static func connect(_ path: String, mode: Database.Mode, busyTimeout: Int32 = Database.defaultBusyTimeout) throws -> Database {
        do {
            return try Database(path: path, mode: mode == .readWrite ? .create : mode, busyTimeout: busyTimeout)
        } catch let error as DatabaseError {
            throw describe(error, path: path)
        }
    }

    /// SQLite's failures in Almanac's words (`DatabaseError.almanacError`), naming the file.
    static func describe(_ error: DatabaseError, path: String) -> Error {
        error.almanacError()
    }
}
