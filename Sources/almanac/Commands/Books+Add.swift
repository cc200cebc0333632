import AlmanacKit
import ArgumentParser

extension Books {
    /// `almanac books add TITLE --due D [--author A] [--borrower B] [--loaned-on D]`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lend a book: add a loan.",
            discussion: """
                The due date must lie between the loan day and 3 months later, clamped to the end of \
                a shorter month (lent Nov 30, due by Feb 28 or 29). The loan day defaults to --today.

                Prints a sentence with the new id; with --format csv, tsv or json, the new loan's row.

                Example: almanac books add "Мастер и Маргарита" --due today+21 --borrower Анна
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The book's title.", valueName: "title"))
        var title: String

        @Option(name: .long, help: ArgumentHelp("The day it is due back: YYYY-MM-DD, today+N...", valueName: "date"))
        var due: String

        @Option(name: .long, help: ArgumentHelp("Who wrote it.", valueName: "name"))
        var author: String?

        @Option(name: .long, help: ArgumentHelp("Who borrows it.", valueName: "name"))
        var borrower: String?

        @Option(name: .customLong("loaned-on"), help: ArgumentHelp("The day it was lent (default: --today).", valueName: "date"))
        var loanedOn: String?

        func run() throws {
            let settings = try global.settings()
            let edit = LoanEdit(title: title, author: author, borrower: borrower, loanedOn: loanedOn, dueOn: due)
            let store = try LoanStore.openForWriting(settings.databasePath, create: true)
            let loan = try store.add(try edit.newLoan(today: settings.today), today: settings.today)
            try Print.out(LoanChange(.added, loan).render(Renderer.standardOutput(settings)))
        }
    }
}
