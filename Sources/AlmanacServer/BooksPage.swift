import AlmanacArguments
import AlmanacBooks
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacStore
import AlmanacText
import AlmanacViews

/// `/books`: the loans as `books list` shows them (search, sort, open or overdue only; overdue marked
/// in words), with a form to lend a book, and on each open loan a button to return it and a link to
/// edit it. Every change goes through `LoanStore`, as `books add`, `edit` and `return` do, with the
/// CLI's rules and words.
struct BooksPage {
    let context: PageContext
    /// The worker's open connection (read-only for a GET).
    let database: Database

    init(_ context: PageContext, _ database: Database) {
        self.context = context
        self.database = database
    }

    private var settings: Settings { context.settings }
    private var t: Localizer { context.t }

    /// The listing's filter and order from the query (`?search=&borrower=&sort=title|due&open=1&overdue=1`),
    /// the options of `books list`.
    private func listing() throws -> (filter: LoanFilter, sort: LoanTable.Sort) {
        let query = context.query
        let sort = try query.value("sort", as: LoanTable.Sort.self) ?? .due
        let filter = LoanFilter(
            openOnly: query["open"] != nil, overdueOnly: query["overdue"] != nil, borrower: query.text("borrower"),
            search: query.text("search"))
        return (filter, sort)
    }

    /// GET `/books`: a page of the listing (`?page=N`, `?limit=` loans a page, 100 by default, 1,000
    /// at most), with what a POST just did said above it (a signed `?done=added&id=24`). JSON without
    /// `?page=` is the whole listing as `books list --format json` writes it, sent as it is read
    /// (`?limit=` as `--limit`); with `?page=`, the page's loans and the next page's address.
    func list(notice: String = "", adding: FormData = FormData()) throws -> Shown {
        let (filter, sort) = try listing()
        let query = context.query
        if let number = try query.value("page", as: PageNumber.self)?.value {
            return try page(number, filter, sort, notice: notice, adding: adding)
        }
        let (store, today) = (LoanStore(database: database), settings.today)
        return Shown(
            title: "books.list",
            content: .listing(
                whole: {
                    // `?limit=` as `--limit`: any number of loans from 1.
                    var whole = filter
                    whole.limit = try query.value("limit", as: Limit.self)?.value
                    return { renderer, output in
                        try LoanTable.list(
                            store, filter: whole, sort: sort, renderer: renderer, today: today, to: output)
                    }
                },
                page: { try page(1, filter, sort, notice: notice, adding: adding) }))
    }

    /// Page `number` of the listing: its loans and one more (is there a next page?), read in the
    /// order asked for by SQL as `books list` reads them, past the pages before it.
    private func page(
        _ number: Int, _ filter: LoanFilter, _ sort: LoanTable.Sort, notice: String, adding: FormData
    ) throws -> Shown {
        let store = LoanStore(database: database)
        let collation = sort == .title ? TitleCollation(localeIdentifier: t.localeIdentifier) : nil
        let size = try context.query.value("limit", as: PageSize.self)?.value ?? Self.pageSize
        var reading = filter
        reading.offset = (number - 1) * size
        reading.limit = size + 1
        var loans: [Loan] = []
        try store.forEachLoan(reading, today: settings.today, localizer: t, byTitle: collation) { loans.append($0) }
        let more = loans.count > size
        if more { loans.removeLast() }
        let table = LoanTable.table(loans, today: settings.today, localizer: t)
        let next = more ? context.link("/books", kept(["page": String(number + 1)])) : nil
        var top = notice
        if notice.isEmpty, let said = context.said("done", "id"),
            ["added", "updated", "returned"].contains(said[0]), let id = Int64(said[1]),
            let loan = try? store.loan(id: id)
        {
            top = PageContext.notice(
                LoanChange(Change(rawValue: said[0]) ?? .updated, loan).sentence(
                    formats: context.renderer("books.list").makeFormats()))
        }
        top +=
            searchForm(filter, sort)
            + pager(number, size: size, first: (number - 1) * size, shown: loans.count, next: next)
        return Shown(
            title: "books.list",
            content: .page(name: "loans", number: number, size: size, next: next) { $0.render(table) },
            top: top, bottom: addForm(adding), rowActions: actions(loans),
            headers: next.map { [("Link", "<" + $0 + ">; rel=\"next\"")] } ?? [])
    }

    /// Loans a page shows unless `?limit=` says otherwise.
    static let pageSize = 100

    /// The listing's query fields (its filter, order and page size) with `changed` in place.
    private func kept(_ changed: [String: String]) -> [(String, String)] {
        ["search", "borrower", "sort", "open", "overdue", "limit", "page"].compactMap { name in
            (changed[name] ?? context.query[name]).map { (name, $0) }
        }
    }

    /// "Loans 101–200", with links to the pages before and after (the query kept); nothing for a
    /// listing that fits one page.
    private func pager(_ number: Int, size: Int, first: Int, shown: Int, next: String?) -> String {
        guard number > 1 || next != nil else { return "" }
        let formats = LocalizedFormats(localizer: t)
        var out = "<p class=\"pager\">"
        if number > 1 {
            out +=
                "<a href=\"" + HTMLText.attribute(context.link("/books", kept(["page": String(number - 1)]))) + "\">"
                + HTMLText.escaped(t("serve.books.previous")) + "</a> "
        }
        if shown > 0 {
            out +=
                HTMLText.escaped(
                    t(
                        "serve.books.page",
                        ["first": formats.number(Int64(first + 1)), "last": formats.number(Int64(first + shown))]))
                + " "
        }
        if let next {
            out += "<a href=\"" + HTMLText.attribute(next) + "\">" + HTMLText.escaped(t("serve.books.next")) + "</a> "
        }
        return out + "</p>\n"
    }

    /// POST `/books`: `books add` from the form's fields.
    func add() throws -> Shown {
        let form = context.form
        let edit = LoanEdit(
            title: form["title"] ?? "", author: form.text("author"), borrower: form.text("borrower"),
            loanedOn: form.text("loaned_on"), dueOn: form["due_on"] ?? "")
        return try changing(adding: form) {
            LoanChange(.added, try LoanStore(database: database).add(edit, today: settings.today))
        }
    }

    /// POST `/books/ID/return`: `books return ID [--on D]`.
    func markReturned(_ id: String) throws -> Shown {
        let number = try Self.id(id)
        return try changing {
            let day =
                try context.form.text("on").map { try LoanEdit.date($0, option: "--on", today: settings.today) }
                ?? settings.today
            return LoanChange(
                .returned,
                try LoanStore(database: database).markReturned(
                    id: number, on: day, today: settings.today))
        }
    }

    /// POST `/books/ID/edit`: `books edit ID` with the fields the form changed (a field left as it
    /// was is not given, so the loan's dates are judged again only when one of them changed).
    func edit(_ id: String) throws -> Shown {
        let number = try Self.id(id)
        do {
            let store = LoanStore(database: database)
            let current = try store.loan(id: number)
            let form = context.form
            func changed(_ name: String, _ now: String?) -> String? {
                guard let given = form[name]?.trimmingCharacters(in: .whitespaces), given != (now ?? "") else {
                    return nil
                }
                return given
            }
            var edit = LoanEdit(
                title: changed("title", current.title), author: changed("author", current.author),
                borrower: changed("borrower", current.borrower),
                loanedOn: changed("loaned_on", current.loanedOn.description),
                dueOn: changed("due_on", current.dueOn.description),
                returnedOn: changed("returned_on", current.returnedOn?.description))
            if edit.returnedOn == "" { edit.returnedOn = "none" }
            if edit.isEmpty { throw AlmanacError(.usage, "books.error.nothing-to-change") }
            let loan = try store.update(id: number, edit, today: settings.today)
            return done(LoanChange(.updated, loan))
        } catch let error where AlmanacError(reporting: error).failure != .missingInput {
            return try Shown.refused(error, context) { try editPage(id, notice: $0) }
        }
    }

    /// GET `/books/ID/edit`: the loan's fields in a form.
    func editPage(_ id: String, notice: String = "") throws -> Shown {
        let number = try Self.id(id)
        let loan = try LoanStore(database: database).loan(id: number)
        let table = LoanTable.table([loan], today: settings.today, localizer: t)
        let titles = Self.titles(t)
        let fields =
            PageContext.field(
                titles["title"] ?? "title", name: "title", value: context.form["title"] ?? loan.title, required: true)
            + PageContext.field(
                titles["author"] ?? "author", name: "author", value: context.form["author"] ?? loan.author ?? "")
            + PageContext.field(
                titles["borrower"] ?? "borrower", name: "borrower",
                value: context.form["borrower"] ?? loan.borrower ?? "")
            + PageContext.field(
                titles["loaned_on"] ?? "loaned_on", name: "loaned_on",
                value: context.form["loaned_on"] ?? loan.loanedOn.description)
            + PageContext.field(
                titles["due_on"] ?? "due_on", name: "due_on", value: context.form["due_on"] ?? loan.dueOn.description,
                required: true)
            + PageContext.field(
                titles["returned_on"] ?? "returned_on", name: "returned_on",
                value: context.form["returned_on"] ?? loan.returnedOn?.description ?? "")
        let form = context.postForm("/books/\(loan.id)/edit", fields, button: t("serve.books.save"))
        return Shown(title: "books.edit", content: .whole { $0.render(table) }, top: notice, bottom: form)
    }

    /// Runs a change; JSON gets the CLI's `--format json` row of it, a browser is sent to the listing,
    /// which says what was done. A refusal is the listing again with the CLI's message above it.
    private func changing(adding: FormData = FormData(), _ change: () throws -> LoanChange) throws -> Shown {
        do {
            return done(try change())
        } catch {
            return try Shown.refused(error, context) { try list(notice: $0, adding: adding) }
        }
    }

    private func done(_ change: LoanChange) -> Shown {
        Shown(
            title: "books." + change.kind.rawValue, content: .whole { change.render($0) },
            location: context.doneLink("/books", [("done", change.kind.rawValue), ("id", String(change.loan.id))]))
    }

    /// An id in a path: a whole number from 1, else the row is not found, as the world's commands
    /// say it (`books.error.not-found` for a loan).
    static func id(_ text: String, _ notFound: String = "books.error.not-found") throws -> Int64 {
        guard let id = Int64(text), id >= 1 else { throw AlmanacError.notFound(notFound, ["id": text]) }
        return id
    }

    /// The columns' titles in the reader's words, by key (`due_on` → "due").
    static func titles(_ t: Localizer) -> [String: String] {
        Dictionary(LoanTable.head(t).columns.map { ($0.key, $0.title) }) { first, _ in first }
    }

    /// The search form (a GET: it changes nothing): text, borrower, order, open or overdue only.
    private func searchForm(_ filter: LoanFilter, _ sort: LoanTable.Sort) -> String {
        var out = "<form method=\"get\" class=\"serve-form\" action=\"/books\" role=\"search\">"
        if let lang = context.lang { out += "<input type=\"hidden\" name=\"lang\" value=\"" + lang + "\">" }
        out += PageContext.field(t("serve.books.search"), name: "search", value: filter.search ?? "", type: "search")
        out += PageContext.field(
            Self.titles(t)["borrower"] ?? "borrower", name: "borrower", value: filter.borrower ?? "")
        out += "<label>" + HTMLText.escaped(t("serve.books.sort")) + " <select name=\"sort\">"
        for option in LoanTable.Sort.allCases {
            out +=
                "<option value=\"" + option.rawValue + "\"" + (option == sort ? " selected" : "") + ">"
                + HTMLText.escaped(t("serve.books.sort." + option.rawValue)) + "</option>"
        }
        out += "</select></label>"
        for (name, on) in [("open", filter.openOnly), ("overdue", filter.overdueOnly)] {
            out +=
                "<label><input type=\"checkbox\" name=\"" + name + "\" value=\"1\"" + (on ? " checked" : "") + "> "
                + HTMLText.escaped(t("serve.books." + name)) + "</label>"
        }
        return out + "<button type=\"submit\">" + HTMLText.escaped(t("serve.books.find")) + "</button></form>\n"
    }

    /// The form that lends a book (`books add`), keeping what was typed after a refusal.
    private func addForm(_ given: FormData) -> String {
        let titles = Self.titles(t)
        let fields =
            PageContext.field(titles["title"] ?? "title", name: "title", value: given["title"], required: true)
            + PageContext.field(titles["author"] ?? "author", name: "author", value: given["author"])
            + PageContext.field(titles["borrower"] ?? "borrower", name: "borrower", value: given["borrower"])
            + PageContext.field(
                titles["loaned_on"] ?? "loaned_on", name: "loaned_on", value: given["loaned_on"],
                extra: " placeholder=\"today\"")
            + PageContext.field(
                titles["due_on"] ?? "due_on", name: "due_on", value: given["due_on"], required: true,
                extra: " placeholder=\"today+21\"")
        let form = context.postForm("/books", fields, button: t("serve.books.add"))
        return form.isEmpty ? "" : HTMLPage.heading(t("serve.books.add-heading")) + form
    }

    /// The listing's last column: return (an open loan) and edit, by the loan's id; read-only pages
    /// have no such column.
    private func actions(_ loans: [Loan]) -> PageSlots.Actions? {
        guard !context.readOnly else { return nil }
        let markup = Dictionary(loans.map { ($0.id, actions($0)) }) { first, _ in first }
        return PageSlots.Actions(title: t("serve.column.actions")) { markup[$0] ?? "" }
    }

    private func actions(_ loan: Loan) -> String {
        var out = ""
        if loan.returnedOn == nil {
            out += context.postForm("/books/\(loan.id)/return", class: "inline", "", button: t("serve.books.return"))
                .dropLast()
        }
        return out + " <a href=\"" + HTMLText.attribute(context.link("/books/\(loan.id)/edit")) + "\">"
            + HTMLText.escaped(t("serve.books.edit"))
            + "</a>"
    }
}
