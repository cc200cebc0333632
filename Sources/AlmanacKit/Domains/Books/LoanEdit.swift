import Foundation

/// Loan fields as typed on the command line, to apply to a loan: `books add` and `books edit`.
///
/// Dates are `YYYY-MM-DD`, `today`, `today+N` or `today-N` (days, in `--tz`). An empty author or
/// borrower clears it; an empty `returned_on` (or `none`) marks the book as not returned.
public struct LoanEdit: Sendable {
    /// A new title.
    public var title: String?
    /// A new author; empty clears it.
    public var author: String?
    /// A new borrower; empty clears it.
    public var borrower: String?
    /// A new loan day, as typed.
    public var loanedOn: String?
    /// A new due day, as typed.
    public var dueOn: String?
    /// A new return day, as typed; empty or `none` clears it.
    public var returnedOn: String?

    /// An edit of the given fields (nil leaves a field as it is).
    public init(
        title: String? = nil, author: String? = nil, borrower: String? = nil,
        loanedOn: String? = nil, dueOn: String? = nil, returnedOn: String? = nil
    ) {
        self.title = title
        self.author = author
        self.borrower = borrower
        self.loanedOn = loanedOn
        self.dueOn = dueOn
        self.returnedOn = returnedOn
    }

    /// True when no field is given.
    public var isEmpty: Bool {
        title == nil && author == nil && borrower == nil && loanedOn == nil && dueOn == nil && returnedOn == nil
    }

    /// Applies the given fields to a loan. A date that does not parse is a usage error naming the
    /// option; the rules are checked afterwards, on the whole loan (`Loan.check`).
    public func apply(to loan: inout Loan, today: LocalDate) throws {
        if let title { loan.title = title }
        if let author { loan.author = author.isEmpty ? nil : author }
        if let borrower { loan.borrower = borrower.isEmpty ? nil : borrower }
        if let loanedOn { loan.loanedOn = try Self.date(loanedOn, option: "--loaned-on", today: today) }
        if let dueOn { loan.dueOn = try Self.date(dueOn, option: "--due", today: today) }
        if let returnedOn {
            let cleared = returnedOn.isEmpty || returnedOn.lowercased() == "none"
            loan.returnedOn = cleared ? nil : try Self.date(returnedOn, option: "--returned-on", today: today)
        }
    }

    /// A new loan from these fields: the title and due date are required, the loan day defaults
    /// to today.
    public func newLoan(today: LocalDate) throws -> Loan {
        guard let dueOn else { throw AlmanacError(.usage, "books.error.due-required") }
        var loan = Loan(id: 0, title: title ?? "", loanedOn: today, dueOn: try Self.date(dueOn, option: "--due", today: today))
        try apply(to: &loan, today: today)
        return loan
    }

    /// A day typed as `YYYY-MM-DD`, `today`, `today+N` or `today-N`.
    public static func date(_ text: String, option: String, today: LocalDate) throws -> LocalDate {
        guard let date = ReportParameter.date(text.trimmingCharacters(in: .whitespaces), today: today) else {
            throw AlmanacError(.usage, "books.error.bad-date", ["option": option, "value": text])
        }
        return date
    }
}
