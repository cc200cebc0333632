import Foundation

/// The demo: a fresh database and the tables it holds.
public enum DemoTour {
    /// What the demo made.
    public struct Result: Sendable {
        /// The demo database.
        public let databasePath: String
        /// Its schema version.
        public let schemaVersion: Int
        /// Its tables and row counts.
        public let tables: Table
        /// The reports that can be run on it.
        public let reports: Table
    }

    /// A path for the demo database in a new temporary directory.
    public static func temporaryDatabasePath() throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("almanac-demo-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw AlmanacError(.cannotCreate, "error.database-cannot-open", ["path": directory.path, "reason": "\(error)"])
        }
        return directory.appendingPathComponent("almanac.db").path
    }

    /// Creates the demo database at `databasePath`, which must not exist yet.
    public static func run(databasePath: String, localizer: Localizer = .english) throws -> Result {
        if FileManager.default.fileExists(atPath: databasePath) {
            throw AlmanacError(.cannotCreate, "error.demo-exists", ["path": databasePath])
        }
        let report = try Store.initialize(databasePath)
        let table = Table(
            columns: [Table.Column(key: "table", title: localizer("init.column.table")),
                      Table.Column(key: "rows", title: localizer("init.column.rows"))],
            rows: report.tables.map { [.text($0.name), .integer(Int64($0.rows))] }, summaryUnit: "unit.table")
        return Result(databasePath: databasePath, schemaVersion: report.toVersion, tables: table,
            reports: try ReportCatalog.builtIn().listTable(localizer))
    }
}
