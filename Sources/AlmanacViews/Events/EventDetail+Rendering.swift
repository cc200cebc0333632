import AlmanacEvents
import AlmanacKinds
import AlmanacOutput
import AlmanacText

/// An event in the renderer's format: its detail, and what `events add`, `edit` and `delete` say.
extension EventDetail {
    /// The detail in the renderer's format: labelled lines and the description (wrapped to a terminal's
    /// width, as written otherwise) in `table`; a heading, a list and a paragraph in `markdown`; one
    /// row of the stored fields in `csv`, `tsv` and `json`; a page in `html`.
    public func render(_ renderer: Renderer) -> String {
        renderer.render(detail(renderer))
    }

    /// The event as a `Detail`: person, when, where, its rules and image, the description, and the
    /// stored row.
    public func detail(_ renderer: Renderer) -> Detail {
        let formats = LocalizedFormats(
            localizer: renderer.localizer, timeZone: renderer.timeZone, today: renderer.today)
        let t = renderer.localizer
        let when = Self.when(event, formats)
        var fields: [Detail.Field] = []
        if let person = event.person { fields.append(Detail.Field(t("events.detail.person"), person)) }
        fields.append(Detail.Field(t("events.detail.when"), when))
        if let location = event.location { fields.append(Detail.Field(t("events.detail.location"), location)) }
        if let rules = event.recurrence {
            // The rules in words (else in iCalendar's), on the wall clock of their zone.
            let words =
                RecurrenceWords.describe(rules, formats)
                ?? rules.split(whereSeparator: \.isNewline).joined(separator: " · ")
            fields.append(Detail.Field(t("events.detail.repeats"), words + (event.zone.map { " (\($0))" } ?? "")))
        }
        if let image = event.image { fields.append(Detail.Field(t("events.detail.image"), image)) }
        return Detail(
            title: event.title, fields: fields,
            lead: ([event.person].compactMap { $0 } + [when]).joined(separator: " · "),
            text: event.description, row: machineTable())
    }

    /// The stored fields as one row: every column of the events kind.
    public func machineTable() -> Table {
        Table(
            columns: EventKind.Column.allCases.map(Agenda.column),
            rows: [EventKind.Column.allCases.map { Agenda.cell(event, $0) }],
            summaryUnit: nil)
    }

    /// What `events add`, `edit` and `delete` say, in the renderer's format: a line for people
    /// (`Added event 44: Carols, Mon 22 Dec 18:00`), the event's row for machines.
    public func changeMessage(_ change: Change, _ renderer: Renderer) -> String {
        renderer.render(ChangedRow(sentence: changeSentence(change, renderer), row: machineTable()))
    }

    /// The words alone of `changeMessage`, whatever the format (a page's notice).
    public func changeSentence(_ change: Change, _ renderer: Renderer) -> String {
        sentence("events." + change.rawValue, renderer)
    }

    /// Asks on the terminal whether to delete the event (`yes` is `--yes`, which answers for the
    /// user); true to go ahead. Without a terminal and without `--yes` it is a usage error (exit 64).
    public func confirmsDeletion(yes: Bool, _ renderer: Renderer) throws -> Bool {
        try Confirmation.allowsDeletion(
            sentence("events.delete.question", renderer), yes: yes, localizer: renderer.localizer)
    }

    /// What `events delete` says when the answer was no.
    public func keptMessage(_ renderer: Renderer) -> String { sentence("events.kept", renderer) + "\n" }

    /// A sentence about the event: its id, title and when it is, in the renderer's language and zone.
    private func sentence(_ key: String, _ renderer: Renderer) -> String {
        let formats = LocalizedFormats(
            localizer: renderer.localizer, timeZone: renderer.timeZone, today: renderer.today)
        return renderer.localizer(
            key, ["id": String(event.id), "title": Renderer.singleLine(event.title), "when": Self.when(event, formats)])
    }
}
