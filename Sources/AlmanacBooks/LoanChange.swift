import AlmanacKinds
import AlmanacText

/// What `books add`, `edit`, `return` or `delete` did, to print: a sentence for people (table and
/// markdown) or the loan's row for machines (csv, tsv, json), so a script can read the new id.
public struct LoanChange: Sendable {
    /// What happened.
    public let kind: Change
    /// The loan as it is now (as it was, for a deleted one).
    public let loan: Loan

    /// A change of a loan.
    public init(_ kind: Change, _ loan: Loan) {
        self.kind = kind
        self.loan = loan
    }

    /// One sentence in the user's language: `Added book 24 “Dune”, due Mon 12 Jan 2026.`
    public func sentence(formats: LocalizedFormats) -> String { sentence("books." + kind.rawValue, formats) }

    /// The sentence `key` about the loan: its id, title (on one line), due date and return date.
    package func sentence(_ key: String, _ formats: LocalizedFormats) -> String {
        formats.localizer(
            key,
            [
                "id": String(loan.id), "title": TerminalText.escaped(loan.title, .cell),
                "due": formats.date(loan.dueOn),
                "returned": loan.returnedOn.map(formats.date) ?? "",
            ])
    }
}
