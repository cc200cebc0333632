import AlmanacKit
import ArgumentParser

extension Books {
    /// `almanac books return ID [--on D]`.
    struct Return: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.books.return.abstract"),
            discussion: localized("help.books.return.discussion"))

        static let examples = [
            Example("almanac books return 23", "example.books.return.today"),
            Example("almanac books return 17 --on 2025-12-20", "example.books.return.on"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions

        @Argument(help: ArgumentHelp(localized("help.books.id"), valueName: "id"))
        var id: LoanID

        @Option(name: .long, help: ArgumentHelp(localized("help.books.return.on"), valueName: "date"))
        var on: String?

        func run() throws {
            let settings = try page.settings(global, "books.return")
            let day = try on.map { try LoanEdit.date($0, option: "--on", today: settings.today) } ?? settings.today
            let store = try LoanStore.openForWriting(settings.databasePath)
            let loan = try store.markReturned(id: id.value, on: day, today: settings.today)
            try page.write(settings, LoanChange(.returned, loan).render(page.renderer(settings)))
        }
    }
}
