import AlmanacKinds
import AlmanacOutput
import AlmanacText
import Foundation

/// One event in full (Events List's detail screen): title, person, when (`Mon 22 Dec 16:30–18:00`),
/// image and the whole description.
public struct EventDetail: Sendable {
    /// The event, with its description.
    public let event: Event

    /// The detail of an event.
    public init(event: Event) {
        self.event = event
    }

    /// Reads the event with id `id`; an unknown id is an error that says so (exit 66).
    public static func load(_ store: EventStore, id: Int64) throws -> EventDetail {
        EventDetail(event: try store.existing(id: id))
    }

    /// When the event is, in the zone: `Mon 22 Dec 16:30–18:00`; an end on another day gets its own
    /// date (`Wed 31 Dec 21:00 – Thu 1 Jan 2026 02:00`); a point in time only its start. An all-day
    /// event is its days, the same in every zone: `Wed 24 Dec, all day`, `Wed 24 – Fri 26 Dec, all day`.
    public static func when(_ event: Event, _ formats: LocalizedFormats) -> String {
        if event.allDay {
            let days = event.days
            let span =
                days.first == days.last
                ? formats.date(days.first) : formats.date(days.first) + " – " + formats.date(days.last)
            return formats.localizer("events.when.all-day", ["days": span])
        }
        let start = formats.instant(Agenda.moment(event.startsAt))
        guard !event.isPoint, let end = event.endsAt else { return start }
        let zone = formats.timeZone
        let day = LocalDate(Agenda.moment(event.startsAt), in: zone)
        // A day outside the years shows both ends as stored (`LocalizedFormats.instant`), not a clock time.
        if LocalDate(Agenda.moment(end - 1), in: zone) == day, LocalDate.dayNumbers.contains(day.dayNumber) {
            return start + "–" + ZoneDays(range: DayRange(first: day, last: day)!, zone: zone).clockTime(end)
        }
        return start + " – " + formats.instant(Agenda.moment(end))
    }

    /// The detail in the renderer's format: labelled lines and the description (wrapped to a terminal's
    /// width, as written otherwise) in `table`; a heading, a list and a paragraph in `markdown`; one
    /// row of the stored fields in `csv`, `tsv` and `json`; a page in `html`.
    public func render(_ renderer: Renderer) -> String {
        renderer.render(detail(renderer))
    }

    /// The event as a `Detail`: person, when and image, the description, and the stored row.
    public func detail(_ renderer: Renderer) -> Detail {
        let formats = LocalizedFormats(
            localizer: renderer.localizer, timeZone: renderer.timeZone, today: renderer.today)
        let t = renderer.localizer
        let when = Self.when(event, formats)
        var fields: [Detail.Field] = []
        if let person = event.person { fields.append(Detail.Field(t("events.detail.person"), person)) }
        fields.append(Detail.Field(t("events.detail.when"), when))
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
