import AlmanacKit
import ArgumentParser

extension Books {
    /// `almanac books edit ID [--title T] [--author A] [--borrower B] [--loaned-on D] [--due D] [--returned-on D]`.
    struct Edit: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.books.edit.abstract"),
            discussion: localized("help.books.edit.discussion"))

        static let examples = [
            Example("almanac books edit 23 --due 2026-01-31 --borrower \"\"", "example.books.edit.due"),
            Example("almanac books edit 19 --returned-on none", "example.books.edit.not-returned"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions

        @Argument(help: ArgumentHelp(localized("help.books.id"), valueName: "id"))
        var id: LoanID

        @Option(name: .long, help: ArgumentHelp(localized("help.books.edit.title"), valueName: "title"))
        var title: String?

        @Option(name: .long, help: ArgumentHelp(localized("help.books.edit.author"), valueName: "name"))
        var author: String?

        @Option(name: .long, help: ArgumentHelp(localized("help.books.edit.borrower"), valueName: "name"))
        var borrower: String?

        @Option(name: .customLong("loaned-on"), help: ArgumentHelp(localized("help.books.edit.loaned-on"), valueName: "date"))
        var loanedOn: String?

        @Option(name: .long, help: ArgumentHelp(localized("help.books.edit.due"), valueName: "date"))
        var due: String?

        @Option(name: .customLong("returned-on"), help: ArgumentHelp(localized("help.books.edit.returned-on"), valueName: "date"))
        var returnedOn: String?

        func run() throws {
            let settings = try page.settings(global, "books.edit")
            let edit = LoanEdit(title: title, author: author, borrower: borrower, loanedOn: loanedOn, dueOn: due, returnedOn: returnedOn)
            if edit.isEmpty { throw AlmanacError(.usage, "books.error.nothing-to-change") }
            let store = try LoanStore.openForWriting(settings.databasePath)
            let loan = try store.update(id: id.value, today: settings.today) { try edit.apply(to: &$0, today: settings.today) }
            try page.write(settings, LoanChange(.updated, loan).render(page.renderer(settings)))
        }
    }
}
