import AlmanacKit
import ArgumentParser

extension Books {
    /// `almanac books return ID [--on D]`.
    struct Return: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record that a book came back.",
            discussion: """
                The day defaults to --today; it may not be before the loan day or after today. A book \
                already returned is refused (change its day with `books edit ID --returned-on D`). A \
                returned loan is never overdue and gets no more notices.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The loan's id (see `almanac books list`).", valueName: "id"))
        var id: LoanID

        @Option(name: .long, help: ArgumentHelp("The day it came back (default: --today).", valueName: "date"))
        var on: String?

        func run() throws {
            let settings = try global.settings()
            let day = try on.map { try LoanEdit.date($0, option: "--on", today: settings.today) } ?? settings.today
            let store = try LoanStore.openForWriting(settings.databasePath, create: false)
            let loan = try store.markReturned(id: id.value, on: day, today: settings.today)
            try Print.out(LoanChange(.returned, loan).render(Renderer.standardOutput(settings)))
        }
    }
}
