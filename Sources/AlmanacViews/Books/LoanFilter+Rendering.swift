import AlmanacBooks
import AlmanacOutput
import AlmanacText

extension LoanFilter {
    /// What an empty list says: that nothing matches the options given (`No loans match --overdue
    /// --borrower “Nobody”.`), that no book is out (`--open` alone), or that there are no loans yet.
    public func emptySentence(_ t: Localizer) -> Table.Sentence {
        var given: [String] = []
        if overdueOnly { given.append("--overdue") } else if openOnly && needsText { given.append("--open") }
        for (option, value) in [("--borrower", borrower), ("--search", search)] {
            if let value {
                given.append(t("filter.option-value", ["option": option, "value": Renderer.singleLine(value)]))
            }
        }
        if given.isEmpty { return Table.Sentence(openOnly ? "books.none-open" : "books.none") }
        return Table.Sentence("books.none-match", ["filters": given.joined(separator: " ")])
    }
}
