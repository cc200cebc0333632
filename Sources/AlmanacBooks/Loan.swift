import AlmanacKinds
import AlmanacStore
import AlmanacText

/// One book loan: a row of the `books` table (`BookKind`).
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

    /// Every column of a loan, as `init(row:_:)` reads them.
    package static let selection = Selection<BookKind.Column>()

    /// The loan in the current row of a statement that selected `selection`. The schema's CHECKs
    /// guarantee the dates; a file changed behind Almanac's back is refused, not guessed at.
    package init(row: Statement, _ selection: Selection<BookKind.Column> = Loan.selection) throws {
        let id = row.int64(at: selection[.id])
        guard let loaned = row.localDate(at: selection[.loanedOn]), let due = row.localDate(at: selection[.dueOn])
        else {
            throw AlmanacError(.invalidData, "books.error.bad-row", ["id": String(id)])
        }
        self.init(
            id: id, title: row.string(at: selection[.title]) ?? "", author: row.string(at: selection[.author]),
            borrower: row.string(at: selection[.borrower]), loanedOn: loaned, dueOn: due,
            returnedOn: row.localDate(at: selection[.returnedOn]))
    }
}

extension Statement {
    /// A `YYYY-MM-DD` column read straight from the store's bytes, or nil for NULL or other text.
    package func localDate(at index: Int32) -> LocalDate? {
        let text = textBytes(at: index)
        guard text.baseAddress != nil else { return nil }
        return LocalDate(bytes: UnsafeRawBufferPointer(text))
    }
}
