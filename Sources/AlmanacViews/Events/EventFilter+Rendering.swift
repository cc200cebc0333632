import AlmanacEvents
import AlmanacOutput
import AlmanacText

extension EventFilter {
    /// What an empty list says: that nothing matches the options given, or that there are no events.
    package func emptySentence(_ t: Localizer) -> Table.Sentence {
        var given: [String] = []
        if let from { given.append("--from " + from.description) }
        if let to { given.append("--to " + to.description) }
        for (option, value) in [("--search", search), ("--person", person)] {
            if let value {
                given.append(t("filter.option-value", ["option": option, "value": Renderer.singleLine(value)]))
            }
        }
        if given.isEmpty { return Table.Sentence("events.none.yet") }
        return Table.Sentence("events.none.match", ["filters": given.joined(separator: " ")])
    }
}
