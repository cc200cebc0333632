import AlmanacArguments
import AlmanacBooks
import AlmanacKinds
import AlmanacKit
import AlmanacText
import AlmanacViews

extension Books {
    /// `almanac books edit ID [--title T] [--author A] [--borrower B] [--loaned-on D] [--due D] [--returned-on D]`.
    struct Edit: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "edit",
            abstract: localized("help.books.edit.abstract"),
            discussion: localized("help.books.edit.discussion"))

        static let examples = [
            Example("almanac books edit 23 --due 2026-01-31 --borrower \"\"", "example.books.edit.due"),
            Example("almanac books edit 19 --returned-on none", "example.books.edit.not-returned"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let id: RowID
        let title: String?
        let author: String?
        let borrower: String?
        let loanedOn: String?
        let due: String?
        let returnedOn: String?
        let dateFormat: String?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line, ownDateFormat: true)
            id = line.argument("id", help: "help.books.id")
            title = line.option("--title", value: "title", help: "help.books.edit.title")
            author = line.option("--author", value: "name", help: "help.books.edit.author")
            borrower = line.option("--borrower", value: "name", help: "help.books.edit.borrower")
            loanedOn = line.option("--loaned-on", value: "date", help: "help.books.edit.loaned-on")
            due = line.option("--due", value: "date", help: "help.books.edit.due")
            returnedOn = line.option("--returned-on", value: "date", help: "help.books.edit.returned-on")
            dateFormat = line.option(
                "--date-format", value: "pattern", help: "help.books.date-format",
                completion: .words(DateForms.examples))
        }

        func run() throws {
            let settings = try page.settings(global, "books.edit")
            var edit = LoanEdit(
                title: title, author: author, borrower: borrower, loanedOn: loanedOn, dueOn: due, returnedOn: returnedOn
            )
            edit.dateForms = DateForms(pattern: try DateForms.option(dateFormat))
            if edit.isEmpty { throw AlmanacError(.usage, "books.error.nothing-to-change") }
            let store = try LoanStore.openForWriting(settings.databasePath)
            let loan = try store.update(id: id.value, edit, today: settings.today)
            try page.write(settings, LoanChange(.updated, loan).render(page.renderer(settings)))
        }
    }
}
