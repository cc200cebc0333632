import AlmanacKit
import ArgumentParser

extension Books {
    /// `almanac books edit ID [--title T] [--author A] [--borrower B] [--loaned-on D] [--due D] [--returned-on D]`.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a loan.",
            discussion: """
                Only the fields given change; the loan is then checked as a whole (due within 3 \
                months of the loan day, month-end clamped; returned from the loan day to today). An \
                empty --author or --borrower clears it; --returned-on none marks the book as not returned.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The loan's id (see `almanac books list`).", valueName: "id"))
        var id: LoanID

        @Option(name: .long, help: ArgumentHelp("A new title.", valueName: "title"))
        var title: String?

        @Option(name: .long, help: ArgumentHelp("A new author (empty clears it).", valueName: "name"))
        var author: String?

        @Option(name: .long, help: ArgumentHelp("A new borrower (empty clears it).", valueName: "name"))
        var borrower: String?

        @Option(name: .customLong("loaned-on"), help: ArgumentHelp("A new loan day.", valueName: "date"))
        var loanedOn: String?

        @Option(name: .long, help: ArgumentHelp("A new due day.", valueName: "date"))
        var due: String?

        @Option(name: .customLong("returned-on"), help: ArgumentHelp("A new return day, or none.", valueName: "date"))
        var returnedOn: String?

        func run() throws {
            let settings = try global.settings()
            let edit = LoanEdit(title: title, author: author, borrower: borrower, loanedOn: loanedOn, dueOn: due, returnedOn: returnedOn)
            if edit.isEmpty { throw AlmanacError(.usage, "books.error.nothing-to-change") }
            let store = try LoanStore.openForWriting(settings.databasePath, create: false)
            let loan = try store.update(id: id.value, today: settings.today) { try edit.apply(to: &$0, today: settings.today) }
            try Print.out(LoanChange(.updated, loan).render(Renderer.standardOutput(settings)))
        }
    }
}
