import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

@Suite struct ReportCatalogTests {
    static let builtIn = (try? ReportCatalog.builtIn().reports) ?? []

    @Test func everyBuiltInReportParses() throws {
        let files = Resources.files(under: "Reports").filter {
            $0.path.hasSuffix(".sql") && !$0.path.hasPrefix("Reports/postgresql/")
        }
        #expect(files.count >= 5)
        #expect(try ReportCatalog.builtIn().reports.count == files.count)
        for report in Self.builtIn {
            #expect(report.source == "Reports/\(report.name).sql", "a built-in report's name is its file's name")
            #expect(
                report.postgresSQL == Resources.file("Reports/postgresql/\(report.name).sql"),
                "each built-in report has its PostgreSQL form, of the same name")
            #expect(report.postgresSQL != nil)
        }
    }

    /// Every word a built-in report shows has a translation: title, description, column titles, units.
    @Test(arguments: builtIn.map(\.name))
    func everyKeyIsTranslated(_ name: String) throws {
        let report = try ReportCatalog.builtIn().report(named: name)
        var keys = [report.titleKey, report.descriptionKey] + report.columns.map(\.titleKey)
        for column in report.columns {
            if case .count(let unit) = column.kind { keys.append(unit + ".other") }
        }
        for language in ["en", "ru"] {
            let table = Localizer.catalog[language] ?? [:]
            for key in keys { #expect(table[key] != nil, "\(language): \(key)") }
        }
        for parameter in report.parameters {
            #expect(!parameter.name.contains("-"), "\(parameter.name) must be an SQL name")
        }
    }

    /// Every built-in report runs against the bare schema, and declares every column it returns.
    @Test(arguments: builtIn.map(\.name))
    func runsAgainstAnEmptySchemaAndDeclaresItsColumns(_ name: String) throws {
        let directory = try TemporaryDirectory()
        _ = try Store.create(directory.path("empty.db"))
        let settings = Settings(databasePath: directory.path("empty.db"), today: LocalDate("2025-12-20")!)
        let report = try ReportCatalog.builtIn().report(named: name)
        let table = try ReportSession(settings: settings).run(report, arguments: []).table()
        #expect(table.columns.map(\.key) == report.columns.map(\.name), "columns and header agree, in order")
    }

    @Test func aReportsDirectoryAddsAndReplacesReports() throws {
        let directory = try TemporaryDirectory()
        try "-- title: Mine\nSELECT 1 AS one".write(
            toFile: directory.path("mine.sql"), atomically: true, encoding: .utf8)
        try "-- title: My own overdue\nSELECT 2 AS two".write(
            toFile: directory.path("overdue-books.sql"), atomically: true, encoding: .utf8)
        try "not a report".write(toFile: directory.path("notes.txt"), atomically: true, encoding: .utf8)
        let catalog = try ReportCatalog.load(directory: directory.url.path)
        #expect(catalog.reports.count == Self.builtIn.count + 1)
        #expect(try catalog.report(named: "mine").titleKey == "Mine")
        #expect(try catalog.report(named: "overdue-books").titleKey == "My own overdue")
        #expect(catalog.reports.map(\.name) == catalog.reports.map(\.name).sorted())
    }

    @Test func reportsDirectoryErrors() throws {
        #expect(throws: AlmanacError.self) { try ReportCatalog.load(directory: "/nonexistent/reports") }
        let directory = try TemporaryDirectory()
        try Data([0x2D, 0x2D, 0xFF, 0x0A]).write(to: directory.url.appendingPathComponent("bad.sql"))
        do {
            _ = try ReportCatalog.load(directory: directory.url.path)
            Issue.record("accepted a file that is not UTF-8")
        } catch let error as AlmanacError {
            #expect(error.key == "report.error.not-utf8")
            #expect(error.failure == .invalidData)
        }
        let unknown = #expect(throws: AlmanacError.self) { try ReportCatalog.builtIn().report(named: "nope") }
        #expect(unknown?.failure == .missingInput)
        #expect(unknown?.arguments["names"]?.contains("overdue-books") == true)
    }

    @Test func listTableIsLocalized() throws {
        let russian = try ReportCatalog.builtIn().listTable(Localizer(locale: "ru"))
        #expect(russian.columns.map(\.title) == ["имя", "заголовок", "параметры", "описание"])
        #expect(russian.columns.map(\.key) == ["name", "title", "parameters", "description"])
        let row = try #require(russian.rows.first { $0.first == .text("overdue-books") })
        #expect(row[1] == .text("Просроченные книги и книги с близким сроком"))
        guard case .tag(let parameters) = row[2] else {
            Issue.record("parameters are a tag")
            return
        }
        #expect(parameters.value == "as_of date = today; within integer = 7")
        #expect(parameters.label == "as_of: дата, по умолчанию сегодня (today); within: целое число, по умолчанию 7")
    }
}
