import AlmanacArguments
import AlmanacBooks
import AlmanacKinds
import AlmanacKit
import AlmanacText
import AlmanacViews

extension Books {
    /// `almanac books return ID [--on D]`.
    struct Return: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "return",
            abstract: localized("help.books.return.abstract"),
            discussion: localized("help.books.return.discussion"))

        static let examples = [
            Example("almanac books return 23", "example.books.return.today"),
            Example("almanac books return 17 --on 2025-12-20", "example.books.return.on"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let id: RowID
        let on: String?
        let dateFormat: String?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line, ownDateFormat: true)
            id = line.argument("id", help: "help.books.id")
            on = line.option("--on", value: "date", help: "help.books.return.on")
            dateFormat = line.option(
                "--date-format", value: "pattern", help: "help.books.date-format",
                completion: .words(DateForms.examples))
        }

        func run() throws {
            let settings = try page.settings(global, "books.return")
            let forms = DateForms(pattern: try DateForms.option(dateFormat))
            let day =
                try on.map { try LoanEdit.date($0, option: "--on", today: settings.today, forms: forms) }
                ?? settings.today
            let store = try LoanStore.openForWriting(settings.databasePath)
            let loan = try store.markReturned(id: id.value, on: day, today: settings.today)
            try page.write(settings, LoanChange(.returned, loan).render(page.renderer(settings)))
        }
    }
}
