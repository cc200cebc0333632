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
        renderer.render(ChangedRow(sentence: sentence(formats: renderer.makeFormats()),
            row: LoanTable.table([loan], today: renderer.today ?? loan.loanedOn, localizer: renderer.localizer)))
    }

    /// One sentence in the user's language: `Added book 24 “Dune”, due Mon 12 Jan 2026.`
    public func sentence(formats: LocalizedFormats) -> String {
        formats.localizer("books." + kind.rawValue, [
            "id": String(loan.id), "title": Renderer.singleLine(loan.title), "due": formats.date(loan.dueOn),
            "returned": loan.returnedOn.map(formats.date) ?? "",
        ])
    }
}
