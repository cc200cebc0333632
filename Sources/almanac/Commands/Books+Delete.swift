import AlmanacKit
import ArgumentParser

extension Books {
    /// `almanac books delete ID`.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a loan, and the notices recorded for it.",
            discussion: "Prints what was deleted; with --format csv, tsv or json, the deleted loan's row."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The loan's id (see `almanac books list`).", valueName: "id"))
        var id: LoanID

        func run() throws {
            let settings = try global.settings()
            let loan = try LoanStore.openForWriting(settings.databasePath, create: false).delete(id: id.value)
            try Print.out(LoanChange(.deleted, loan).render(Renderer.standardOutput(settings)))
        }
    }
}
