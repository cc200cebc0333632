import AlmanacBooks
import AlmanacOutput

/// A change of a loan in the renderer's format, and the question before a deletion.
extension LoanChange {
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
}
