import Foundation
import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacViews

/// `books list`'s filters over the fixture's loans (Cyrillic, Japanese, no borrower, a returned one)
/// × {en, ru} × {table, json}, byte for byte against `Goldens/books-list-FILTER.LANGUAGE.EXT`.
@Suite struct LoanListGoldenTests {
    static let filters: [(name: String, filter: LoanFilter, sort: LoanTable.Sort)] = [
        ("open", LoanFilter(openOnly: true), .due),
        ("overdue", LoanFilter(overdueOnly: true), .due),
        ("borrower", LoanFilter(borrower: "аня"), .title),
        ("search", LoanFilter(search: "ТОЛСТОИ"), .title),
        ("limit", LoanFilter(limit: 3), .title),
    ]

    static func render(_ filter: LoanFilter, _ sort: LoanTable.Sort, _ language: String, _ format: OutputFormat) throws
        -> String
    {
        let settings = FixtureDatabase.settings(language, format: format)
        let pipe = TestPipe()
        let output = OutputWriter(descriptor: pipe.writing)
        try LoanTable.list(
            LoanStore.openForReading(FixtureDatabase.path), filter: filter, sort: sort,
            renderer: Renderer(settings: settings, terminal: .pipe, environment: [:]), today: FixtureDatabase.today,
            to: output)
        try output.flush()
        return pipe.readAll()
    }

    @Test(arguments: filters.indices, ["en", "ru"])
    func goldens(_ index: Int, _ language: String) throws {
        let (name, filter, sort) = Self.filters[index]
        for format in [OutputFormat.table, .json] {
            try Golden.check(
                Self.render(filter, sort, language, format),
                "books-list-\(name).\(language).\(Golden.fileExtension(format.rawValue))")
        }
    }
}
