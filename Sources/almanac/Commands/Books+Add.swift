import AlmanacArguments
import AlmanacBooks
import AlmanacKinds
import AlmanacKit
import AlmanacText
import AlmanacViews

extension Books {
    /// `almanac books add TITLE --due D [--author A] [--borrower B] [--loaned-on D]`.
    struct Add: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "add",
            abstract: localized("help.books.add.abstract"),
            discussion: localized("help.books.add.discussion"))

        static let examples = [
            Example(
                "almanac books add \"Dune\" --due today+21 --borrower Chloé --author \"Frank Herbert\"",
                "example.books.add.due"),
            Example(
                "almanac books add \"Идиот\" --loaned-on 2025-11-30 --due 2026-02-28", "example.books.add.month-end"),
            Example(
                "almanac books add \"Мастер и Маргарита\" --due today+21 --borrower Анна --format json",
                "example.books.add.json"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let title: String
        let due: String
        let author: String?
        let borrower: String?
        let loanedOn: String?
        let dateFormat: String?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line, ownDateFormat: true)
            title = line.argument("title", help: "help.books.add.title")
            due = line.option("--due", value: "date", help: "help.books.add.due")
            author = line.option("--author", value: "name", help: "help.books.add.author")
            borrower = line.option("--borrower", value: "name", help: "help.books.add.borrower")
            loanedOn = line.option("--loaned-on", value: "date", help: "help.books.add.loaned-on")
            dateFormat = line.option(
                "--date-format", value: "pattern", help: "help.books.date-format",
                completion: .words(DateForms.examples))
        }

        func run() throws {
            let settings = try page.settings(global, "books.add")
            var edit = LoanEdit(title: title, author: author, borrower: borrower, loanedOn: loanedOn, dueOn: due)
            edit.dateForms = DateForms(pattern: try DateForms.option(dateFormat))
            let loan = try LoanStore.openForWriting(settings.databasePath).add(edit, today: settings.today)
            try page.write(settings, LoanChange(.added, loan).render(page.renderer(settings)))
        }
    }
}
