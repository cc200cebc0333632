import AlmanacArguments
import AlmanacBooks
import AlmanacKinds
import AlmanacKit
import AlmanacViews

extension Books {
    /// `almanac books delete ID [--yes]`.
    struct Delete: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "delete",
            abstract: localized("help.books.delete.abstract"),
            discussion: localized("help.books.delete.discussion"))

        static let examples = [Example("almanac books delete 23 --yes", "example.books.delete")]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let id: RowID
        let yes: Bool

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            id = line.argument("id", help: "help.books.id")
            yes = line.flag("--yes", help: "help.change.yes")
        }

        func run() throws {
            let settings = try page.settings(global, "books.delete")
            let store = try LoanStore.openForWriting(settings.databasePath)
            let renderer = page.renderer(settings)
            let found = LoanChange(.deleted, try store.loan(id: id.value))
            guard try found.confirmsDeletion(yes: yes, renderer) else {
                return try page.write(settings, found.keptMessage(renderer))
            }
            try page.write(settings, LoanChange(.deleted, try store.delete(id: id.value)).render(renderer))
        }
    }
}
