import AlmanacKit

extension Books {
    /// `almanac books delete ID`.
    struct Delete: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration("delete",
            abstract: localized("help.books.delete.abstract"),
            discussion: localized("help.books.delete.discussion"))

        static let examples = [Example("almanac books delete 23", "example.books.delete")]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let id: RowID

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            id = line.argument("id", help: "help.books.id")
        }

        func run() throws {
            let settings = try page.settings(global, "books.delete")
            let loan = try LoanStore.openForWriting(settings.databasePath).delete(id: id.value)
            try page.write(settings, LoanChange(.deleted, loan).render(page.renderer(settings)))
        }
    }
}
