import AlmanacKinds
import AlmanacText
import Foundation

/// Loan fields as typed on the command line, for `books add` and `books edit`: each becomes the text
/// of its `books` column, and the loan is checked by the books kind's rules, as an import's row is.
///
/// Dates are `YYYY-MM-DD`, `today`, `today+N` or `today-N` (days, in `--tz`), or in the forms an
/// import reads (`DD.MM.YYYY`, a slashed date its numbers or `--date-format` decide). An empty author or
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
    /// The forms days may be typed in (`--date-format`).
    public var dateForms = DateForms()

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

    /// The options that name each column in messages.
    package static let labels: [BookKind.Column: String] = [
        .title: "--title", .author: "--author", .borrower: "--borrower", .loanedOn: "--loaned-on", .dueOn: "--due",
        .returnedOn: "--returned-on",
    ]

    /// The fields given, as the columns' text: days written as `today`, `today+N` or `today-N` become
    /// `YYYY-MM-DD` (anything else stays as typed, for the rules to judge).
    package func texts(today: LocalDate) -> [BookKind.Column: String?] {
        var texts: [BookKind.Column: String?] = [:]
        func day(_ text: String) -> String {
            Self.day(text.trimmingCharacters(in: .whitespaces), today: today, forms: dateForms)?.description ?? text
        }
        if let title { texts[.title] = title }
        if let author { texts[.author] = author }
        if let borrower { texts[.borrower] = borrower }
        if let loanedOn { texts[.loanedOn] = day(loanedOn) }
        if let dueOn { texts[.dueOn] = day(dueOn) }
        if let returnedOn { texts[.returnedOn] = returnedOn.lowercased() == "none" ? "" : day(returnedOn) }
        return texts
    }

    /// A day typed as `YYYY-MM-DD`, `today`, `today+N` or `today-N`, or in `forms`.
    public static func date(_ text: String, option: String, today: LocalDate, forms: DateForms = DateForms()) throws
        -> LocalDate
    {
        guard let date = day(text.trimmingCharacters(in: .whitespaces), today: today, forms: forms) else {
            throw AlmanacError(.usage, "books.error.bad-date", ["option": option, "value": text])
        }
        return date
    }

    private static func day(_ text: String, today: LocalDate, forms: DateForms) -> LocalDate? {
        if let date = ReportParameter.date(text, today: today) { return date }
        if case .date(let date) = forms.readAlone(text) { return date }
        return nil
    }
}
