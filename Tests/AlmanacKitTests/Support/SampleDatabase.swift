import AlmanacStore
import Foundation

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacSQLite
@testable import AlmanacText

/// A fresh database in a temporary directory with the package's sample calendars and animation
/// settings imported (`SampleData/`), as a user gets them with `almanac import SampleData`.
final class SampleDatabase {
    let directory: TemporaryDirectory
    let database: Database
    var path: String { directory.path("almanac.db") }

    static let sampleFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleData")

    init(kinds: [ImportKind] = [.holidays, .doors, .animationProperties, .animationSettings]) throws {
        directory = try TemporaryDirectory()
        database = try Store.create(directory.path("almanac.db"))
        let files = kinds.map { (kind: $0, path: Self.sampleFolder.appendingPathComponent($0.fileName).path) }
        let report = try Importer(database: database, options: ImportOptions(today: LocalDate("2025-12-22")!)).run(
            files)
        precondition(report.committed, "the sample data did not import")
    }

    /// Settings for commands on this database, on the demo day, in UTC.
    func settings(_ locale: String = "en", format: OutputFormat = .table) -> Settings {
        Settings(
            databasePath: path, localizer: Localizer(locale: locale), today: LocalDate("2025-12-22")!, format: format)
    }
}
