import AlmanacArguments
import AlmanacBooks
import AlmanacKinds
import AlmanacKit
import AlmanacViews

extension Books {
    /// `almanac books list [--sort title|due] [--open] [--overdue] [--borrower NAME] [--search TEXT] [--limit N]`.
    struct List: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "list",
            abstract: localized("help.books.list.abstract"),
            discussion: localized("help.books.list.discussion"))

        static let examples = [
            Example("almanac books list", "example.books.list.all"),
            Example("almanac books list --sort title --open", "example.books.list.open"),
            Example("almanac books list --overdue --borrower Анна", "example.books.list.overdue"),
            Example("almanac books list --search толстой --limit 5 --format json", "example.books.list.search"),
            Example(
                "almanac --locale ru books list --format csv --headers titles --date-format DD.MM.YYYY --delimiter ';'",
                "example.books.list.sheet"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let sort: LoanTable.Sort
        let open: Bool
        let overdue: Bool
        let borrower: String?
        let search: String?
        let limit: Limit?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            sort = line.option("--sort", value: "title|due", help: "help.books.list.sort", default: .due)
            open = line.flag("--open", help: "help.books.list.open")
            overdue = line.flag("--overdue", help: "help.books.list.overdue")
            borrower = line.option("--borrower", value: "name", help: "help.books.list.borrower")
            search = line.option("--search", value: "text", help: "help.books.list.search")
            limit = line.option("--limit", value: "n", help: "help.books.list.limit")
        }

        func run() throws {
            let settings = try page.settings(global, "books.list")
            let filter = LoanFilter(
                openOnly: open, overdueOnly: overdue, borrower: borrower, search: search, limit: limit?.value)
            let store = try LoanStore.openForReading(settings.databasePath)
            try page.output(settings) {
                try LoanTable.list(
                    store, filter: filter, sort: sort, renderer: page.renderer(settings), today: settings.today, to: $0)
            }
        }
    }
}
