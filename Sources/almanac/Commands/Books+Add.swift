import AlmanacKit
import ArgumentParser

extension Books {
    /// `almanac books add TITLE --due D [--author A] [--borrower B] [--loaned-on D]`.
    struct Add: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.books.add.abstract"),
            discussion: localized("help.books.add.discussion"))

        static let examples = [
            Example("almanac books add \"Dune\" --due today+21 --borrower Chloé --author \"Frank Herbert\"", "example.books.add.due"),
            Example("almanac books add \"Идиот\" --loaned-on 2025-11-30 --due 2026-02-28", "example.books.add.month-end"),
            Example("almanac books add \"Мастер и Маргарита\" --due today+21 --borrower Анна --format json", "example.books.add.json"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions

        @Argument(help: ArgumentHelp(localized("help.books.add.title"), valueName: "title"))
        var title: String

        @Option(name: .long, help: ArgumentHelp(localized("help.books.add.due"), valueName: "date"))
        var due: String

        @Option(name: .long, help: ArgumentHelp(localized("help.books.add.author"), valueName: "name"))
        var author: String?

        @Option(name: .long, help: ArgumentHelp(localized("help.books.add.borrower"), valueName: "name"))
        var borrower: String?

        @Option(name: .customLong("loaned-on"), help: ArgumentHelp(localized("help.books.add.loaned-on"), valueName: "date"))
        var loanedOn: String?

        func run() throws {
            let settings = try page.settings(global, "books.add")
            let edit = LoanEdit(title: title, author: author, borrower: borrower, loanedOn: loanedOn, dueOn: due)
            let store = try LoanStore.openForWriting(settings.databasePath)
            let loan = try store.add(try edit.newLoan(today: settings.today), today: settings.today)
            try page.write(settings, LoanChange(.added, loan).render(page.renderer(settings)))
        }
    }
}
