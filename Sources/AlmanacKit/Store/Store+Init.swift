import AlmanacImport
import AlmanacKinds
import AlmanacPostgres
import AlmanacSQLite
import AlmanacStore
import AlmanacText
import Foundation

extension Store {
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
        /// The reference rows this run added (none when they were there already).
        public var reference = ReferenceLoad.Added()
    }

    /// `almanac init`: creates the database or migrates it, loads the reference data it lacks
    /// (`ReferenceLoad`), and reports its tables. A file that is
    /// there already must be an Almanac database, an SQLite database holding no tables, or empty;
    /// anything else is refused before a byte of it changes (exit 65): a file that is not SQLite
    /// (a CSV given by mistake) always, another program's SQLite database unless `force`.
    public static func initialize(_ path: String, force: Bool = false, migrator: DatabaseMigrator = .builtIn) throws
        -> InitReport
    {
        if PostgresDatabase.names(path) { return try Server.initialize(path, force: force) }
        try DatabaseLocation.requireCreatable(path)
        try checkExistingFile(path, force: force)
        let database = try connect(path, mode: .create)
        return try AlmanacError.explaining {
            let outcome = try migrator.migrate(database)
            let reference = try ReferenceLoad.load(into: database)
            var report = InitReport(
                path: path, fromVersion: outcome.fromVersion, toVersion: outcome.toVersion,
                tables: try tableSummary(database))
            report.reference = reference
            return report
        }
    }

    /// Creates (or opens) a database and migrates it: `init` without its checks and report, for the
    /// demo's fresh database and for tests.
    public static func create(_ path: String, migrator: DatabaseMigrator = .builtIn) throws -> Database {
        if PostgresDatabase.names(path) {
            _ = try Server.initialize(path, force: false)
            return try Server.open(path)
        }
        try DatabaseLocation.requireCreatable(path)
        let database = try connect(path, mode: .create)
        try AlmanacError.explaining { _ = try migrator.migrate(database) }
        return database
    }

    /// Refuses an existing file `init` must not touch. It is read, never written: the header by
    /// hand, the schema on a read-only connection.
    static func checkExistingFile(_ path: String, force: Bool) throws {
        switch DatabaseContent.read(path) {
        case .empty, .unreadable:
            // Missing or empty: init makes it; unreadable: opening it says why.
            return
        case .notSQLite:
            throw AlmanacError(.invalidData, "database.error.not-sqlite", ["path": path])
        case .sqlite:
            let tables = try AlmanacError.explaining {
                try DatabaseContent.tables(of: SQLiteDatabase(path: path, mode: .readOnly))
            }
            guard !tables.isEmpty, !tables.contains("schema_migrations"), !force else { return }
            throw AlmanacError(
                .invalidData, "database.error.foreign", ["path": path, "tables": DatabaseContent.shown(tables)])
        }
    }
}
