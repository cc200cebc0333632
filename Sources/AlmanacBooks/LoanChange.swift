import AlmanacKinds
import AlmanacOutput
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

    /// The output for the renderer's format, ending with a newline.
    public func render(_ renderer: Renderer) -> String {
        renderer.render(
            ChangedRow(
                sentence: sentence(formats: renderer.makeFormats()),
                row: LoanTable.table([loan], today: renderer.today ?? loan.loanedOn, localizer: renderer.localizer)))
    }

    /// Whether `books delete` may delete the loan, as every delete decides (`Confirmation.allowsDeletion`):
    /// asked on a terminal, `--yes` otherwise.
    public func confirmsDeletion(yes: Bool, _ renderer: Renderer) throws -> Bool {
        try Confirmation.allowsDeletion(
            sentence("books.delete.question", renderer.makeFormats()), yes: yes, localizer: renderer.localizer)
    }

    /// What `books delete` says when the answer was no.
    public func keptMessage(_ renderer: Renderer) -> String { sentence("books.kept", renderer.makeFormats()) + "\n" }

    /// One sentence in the user's language: `Added book 24 “Dune”, due Mon 12 Jan 2026.`
    public func sentence(formats: LocalizedFormats) -> String { sentence("books." + kind.rawValue, formats) }

    private func sentence(_ key: String, _ formats: LocalizedFormats) -> String {
        formats.localizer(
            key,
            [
                "id": String(loan.id), "title": Renderer.singleLine(loan.title), "due": formats.date(loan.dueOn),
                "returned": loan.returnedOn.map(formats.date) ?? "",
            ])
    }
}
