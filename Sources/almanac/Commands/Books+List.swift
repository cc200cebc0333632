import AlmanacKit
import ArgumentParser

extension Books {
    /// `almanac books list [--sort title|due] [--open]`.
    struct List: ParsableCommand, Exemplified {
        static let configuration = CommandConfiguration(
            abstract: localized("help.books.list.abstract"),
            discussion: localized("help.books.list.discussion"))

        static let examples = [
            Example("almanac books list", "example.books.list.all"),
            Example("almanac books list --sort title --open", "example.books.list.open"),
        ]

        @OptionGroup var global: GlobalOptions

        @Option(name: .long, help: ArgumentHelp(localized("help.books.list.sort"), valueName: "title|due"))
        var sort: LoanTable.Sort = .due

        @Flag(name: .long, help: ArgumentHelp(localized("help.books.list.open")))
        var open = false

        func run() throws {
            let settings = try global.settings()
            try LoanTable.list(LoanStore.openForReading(settings.databasePath), openOnly: open, sort: sort,
                renderer: Renderer.standardOutput(settings), today: settings.today, to: .standardOutput)
        }
    }
}
