import AlmanacKit
import ArgumentParser

extension Books {
    /// `almanac books list [--sort title|due] [--open]`.
    struct List: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.books.list.abstract"),
            discussion: localized("help.books.list.discussion"))

        static let examples = [
            Example("almanac books list", "example.books.list.all"),
            Example("almanac books list --sort title --open", "example.books.list.open"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions

        @Option(name: .long, help: ArgumentHelp(localized("help.books.list.sort"), valueName: "title|due"))
        var sort: LoanTable.Sort = .due

        @Flag(name: .long, help: ArgumentHelp(localized("help.books.list.open")))
        var open = false

        func run() throws {
            let settings = try page.settings(global, "books.list")
            let store = try LoanStore.openForReading(settings.databasePath)
            try page.output(settings) {
                try LoanTable.list(store, openOnly: open, sort: sort, renderer: page.renderer(settings), today: settings.today, to: $0)
            }
        }
    }
}
