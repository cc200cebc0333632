import AlmanacKit
import ArgumentParser

extension Books {
    /// `almanac books list [--sort title|due] [--open] [--overdue] [--borrower NAME] [--search TEXT] [--limit N]`.
    struct List: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.books.list.abstract"),
            discussion: localized("help.books.list.discussion"))

        static let examples = [
            Example("almanac books list", "example.books.list.all"),
            Example("almanac books list --sort title --open", "example.books.list.open"),
            Example("almanac books list --overdue --borrower Анна", "example.books.list.overdue"),
            Example("almanac books list --search толстой --limit 5 --format json", "example.books.list.search"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions

        @Option(name: .long, help: ArgumentHelp(localized("help.books.list.sort"), valueName: "title|due"))
        var sort: LoanTable.Sort = .due

        @Flag(name: .long, help: ArgumentHelp(localized("help.books.list.open")))
        var open = false

        @Flag(name: .long, help: ArgumentHelp(localized("help.books.list.overdue")))
        var overdue = false

        @Option(name: .long, help: ArgumentHelp(localized("help.books.list.borrower"), valueName: "name"))
        var borrower: String?

        @Option(name: .long, help: ArgumentHelp(localized("help.books.list.search"), valueName: "text"))
        var search: String?

        @Option(name: .long, help: ArgumentHelp(localized("help.books.list.limit"), valueName: "n"))
        var limit: Limit?

        func run() throws {
            let settings = try page.settings(global, "books.list")
            let filter = LoanFilter(openOnly: open, overdueOnly: overdue, borrower: borrower, search: search, limit: limit?.value)
            let store = try LoanStore.openForReading(settings.databasePath)
            try page.output(settings) {
                try LoanTable.list(store, filter: filter, sort: sort, renderer: page.renderer(settings), today: settings.today, to: $0)
            }
        }
    }
}

/// `--limit N`: a whole number from 1, else a usage error naming the value and the numbers it takes.
struct Limit: ExpressibleByArgument, BoundedWholeNumber {
    static let least: Int = 1
    let value: Int

    init?(argument: String) {
        guard let value = Int(argument), value >= Self.least else { return nil }
        self.value = value
    }
}
