import AlmanacImport
import AlmanacKinds
import AlmanacPostgres
import AlmanacStore
import AlmanacText
import Foundation

extension Store {
    /// Almanac's database on a PostgreSQL server (`--db postgresql://…`): the same opening as a
    /// file's (an Almanac database, migrated as needed; only `init` makes one), through libpq.
    enum Server {
        /// Opens the database for reading and writing, migrating it as needed (under the advisory lock).
        static func open(_ url: String) throws -> Database {
            let database = try connect(url, mode: .readWrite)
            try AlmanacError.explaining {
                try requireAlmanac(database)
                _ = try PostgresMigrator.builtIn.migrate(database)
            }
            return database
        }

        /// Opens the database read-only (every transaction READ ONLY), upgraded first when older.
        static func openReadOnly(_ url: String, upgrading: Bool) throws -> Database {
            let database = try connect(url, mode: .readOnly)
            let migrator = PostgresMigrator.builtIn
            let version = try AlmanacError.explaining {
                try requireAlmanac(database)
                return try migrator.currentVersion(of: database)
            }
            if version > migrator.latestVersion {
                throw PostgresMigrator.SchemaTooNew(path: database.path, found: version, known: migrator.latestVersion)
                    .almanacError
            }
            guard upgrading, version < migrator.latestVersion else { return database }
            _ = try open(url)
            return database
        }

        /// `almanac init` on a server: creates the schema or migrates it, loads the reference data,
        /// reports the tables. A database holding tables of another program is left as it is unless `force`.
        static func initialize(_ url: String, force: Bool) throws -> InitReport {
            let database = try connect(url, mode: .readWrite)
            let migrator = PostgresMigrator.builtIn
            return try AlmanacError.explaining {
                if !(try migrator.isAlmanac(database)) {
                    let tables = try PostgresMigrator.tables(of: database)
                    if !tables.isEmpty && !force {
                        throw AlmanacError(
                            .invalidData, "database.error.foreign",
                            ["path": database.path, "tables": DatabaseContent.shown(tables)])
                    }
                }
                let outcome = try migrator.migrate(database)
                let reference = try ReferenceLoad.load(into: database)
                var report = InitReport(
                    path: database.path, fromVersion: outcome.from, toVersion: outcome.to,
                    tables: try tableSummary(database))
                report.reference = reference
                return report
            }
        }

        /// A database that is not Almanac's yet: `init` makes it (66), as for a file.
        static func requireAlmanac(_ database: Database) throws {
            guard try PostgresMigrator.builtIn.isAlmanac(database) else {
                throw AlmanacError(.missingInput, "database.error.not-initialized", ["path": database.path])
            }
        }

        static func connect(_ url: String, mode: DatabaseMode) throws -> Database {
            try AlmanacError.explaining { try PostgresDatabase(url: url, mode: mode) }
        }
    }
}
