import CSQLite

/// One book loan: a row of the `books` table.
public struct Loan: Sendable, Equatable {
    /// The loan's id (the `books` rowid).
    public var id: Int64
    /// The book's title; never empty.
    public var title: String
    /// Who wrote the book, if known.
    public var author: String?
    /// Who borrowed it, if known.
    public var borrower: String?
    /// The day it was lent.
    public var loanedOn: LocalDate
    /// The day it is due back: from the loan day to three months later (`LoanRules`).
    public var dueOn: LocalDate
    /// The day it came back, or nil while it is out.
    public var returnedOn: LocalDate?

    /// A loan from its fields.
    public init(
        id: Int64, title: String, author: String? = nil, borrower: String? = nil,
        loanedOn: LocalDate, dueOn: LocalDate, returnedOn: LocalDate? = nil
    ) {
        self.id = id
        self.title = title
        self.author = author
        self.borrower = borrower
        self.loanedOn = loanedOn
        self.dueOn = dueOn
        self.returnedOn = returnedOn
    }

    /// The columns `init(row:)` reads, in order.
    static let selectColumns = "id, title, author, borrower, loaned_on, due_on, returned_on"

    /// The loan in the current row of a statement that selected `selectColumns`. The schema's
    /// CHECKs guarantee the dates; a file changed behind Almanac's back is refused, not guessed at.
    init(row: Statement) throws {
        guard let loaned = row.localDate(at: 4), let due = row.localDate(at: 5) else {
            throw AlmanacError(.invalidData, "books.error.bad-row", ["id": String(row.int64(at: 0))])
        }
        self.init(
            id: row.int64(at: 0), title: row.string(at: 1) ?? "", author: row.string(at: 2), borrower: row.string(at: 3),
            loanedOn: loaned, dueOn: due, returnedOn: row.localDate(at: 6))
    }

    /// Checks the loan against the rules of PRODUCT.md: a title, due within three months of the
    /// loan (clamped to the month's end), returned neither before the loan nor after `today`.
    public func check(today: LocalDate) throws {
        if title.allSatisfy(\.isWhitespace) {
            throw AlmanacError(.invalidData, "books.error.empty-title")
        }
        let dates = ["due": dueOn.description, "loaned": loanedOn.description]
        if dueOn < loanedOn {
            throw AlmanacError(.invalidData, "books.error.due-before-loan", dates)
        }
        if LoanRules.checkDue(dueOn, loanedOn: loanedOn) != nil {
            let latest = LoanRules.latestDue(loanedOn: loanedOn).description
            throw AlmanacError(.invalidData, "books.error.due-too-late", dates.merging(["latest": latest]) { $1 })
        }
        if let returnedOn {
            let returned = ["returned": returnedOn.description, "loaned": loanedOn.description, "today": today.description]
            if LoanRules.checkReturned(returnedOn, loanedOn: loanedOn) != nil {
                throw AlmanacError(.invalidData, "books.error.returned-before-loan", returned)
            }
            if today < returnedOn {
                throw AlmanacError(.invalidData, "books.error.returned-future", returned)
            }
        }
    }
}

extension Statement {
    /// A `YYYY-MM-DD` column read straight from SQLite's bytes, or nil for NULL or other text.
    func localDate(at index: Int32) -> LocalDate? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return LocalDate(bytes: UnsafeRawBufferPointer(start: text, count: count))
    }
}
