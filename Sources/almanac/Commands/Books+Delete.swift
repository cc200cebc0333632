import AlmanacKit
import ArgumentParser

extension Books {
    /// `almanac books delete ID`.
    struct Delete: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.books.delete.abstract"),
            discussion: localized("help.books.delete.discussion"))

        static let examples = [Example("almanac books delete 23", "example.books.delete")]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions

        @Argument(help: ArgumentHelp(localized("help.books.id"), valueName: "id"))
        var id: LoanID

        func run() throws {
            let settings = try page.settings(global, "books.delete")
            let loan = try LoanStore.openForWriting(settings.databasePath).delete(id: id.value)
            try page.write(settings, LoanChange(.deleted, loan).render(page.renderer(settings)))
        }
    }
}
