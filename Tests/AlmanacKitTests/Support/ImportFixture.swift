import AlmanacStore
import Foundation

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite
@testable import AlmanacText

/// A database in a temporary directory, with helpers to import CSV text into it and to compare its
/// contents before and after.
final class ImportFixture {
    let directory: TemporaryDirectory
    let database: Database
    var options: ImportOptions

    init(today: String = "2025-12-01") throws {
        directory = try TemporaryDirectory()
        database = try Store.create(directory.path("almanac.db"))
        options = ImportOptions(today: LocalDate(today)!)
    }

    /// Writes a file into the directory and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Writes raw bytes into the directory and returns its path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let path = directory.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What one import did: the report and the diagnostics as printed, with the directory left out of
    /// the file names (`books.csv:3:24: error: ...`).
    struct Outcome {
        let report: ImportReport
        let diagnostics: [String]
    }

    /// Imports files already written into the directory.
    func run(_ files: [(ImportKind, String)]) throws -> Outcome {
        var lines: [String] = []
        let prefix = directory.url.path + "/"
        let report = try Importer(database: database, options: options).run(
            files.map { (kind: $0.0, path: $0.1.hasPrefix("/") ? $0.1 : directory.path($0.1)) },
            diagnostic: { lines.append($0.description.replacingOccurrences(of: prefix, with: "")) })
        return Outcome(report: report, diagnostics: lines)
    }

    /// Writes `text` as `KIND.csv` and imports it as that kind.
    func load(_ kind: ImportKind, _ text: String) throws -> Outcome {
        try write(kind.fileName, text)
        return try run([(kind, kind.fileName)])
    }

    /// Every row of every table, as text, in a stable order: equal dumps mean an unchanged database.
    func dump() throws -> [String] {
        var lines: [String] = []
        for (table, _) in try Store.tableSummary(database) {
            for row in try database.rows("SELECT * FROM \"\(table)\" ORDER BY 1, 2") {
                lines.append(table + ": " + row.map { $0.textValue ?? "NULL" }.joined(separator: " | "))
            }
        }
        return lines
    }

    /// The rows of one query as text.
    func rows(_ sql: String) throws -> [[String?]] {
        try database.rows(sql).map { $0.map(\.textValue) }
    }
}

/// Holidays and countries most tests need before doors and quiz answers.
let baseHolidays = "key,title\nxmas,Christmas\n"
let baseCountries = "code,name\nDE,Germany\nFR,France\nIT,Italy\nES,Spain\n"
let baseProperties = "key,label,min,max,step,default\nwidth,Width,0.5,2,0.1,1\nangle,Angle,-90,90,0.25,0\n"
