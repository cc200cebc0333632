import AlmanacKit
import ArgumentParser

extension Books {
    /// `almanac books list [--sort title|due] [--open]`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the loans with their status on --today.",
            discussion: """
                --sort title follows the collation of --locale: case does not matter, Ё sorts with Е, \
                and Russian puts Cyrillic titles before Latin ones while English puts Latin first. \
                --sort due (the default) puts the oldest due dates first. Ties go by id.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Option(name: .long, help: ArgumentHelp("Order by title or by due date.", valueName: "title|due"))
        var sort: LoanTable.Sort = .due

        @Flag(name: .long, help: "Only loans not returned yet.")
        var open = false

        func run() throws {
            let settings = try global.settings()
            let loans = try LoanStore.openForReading(settings.databasePath).loans(openOnly: open)
            let sorted = LoanTable.sorted(loans, by: sort, localizer: settings.localizer)
            let table = LoanTable.table(sorted, today: settings.today, localizer: settings.localizer)
            try Print.out(Renderer.standardOutput(settings).render(table))
        }
    }
}
