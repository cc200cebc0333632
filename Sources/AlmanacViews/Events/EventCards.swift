import AlmanacEvents
import AlmanacKinds
import AlmanacOutput
import AlmanacText

/// The agenda as cards, two or three side by side (Events List's grid): each card shows the title,
/// the image, the person and the hours side by side, and the description's first sentence.
public struct EventCards: Sendable {
    /// The agenda whose occurrences become cards (read with descriptions).
    public let agenda: Agenda
    /// How many cards a row holds as asked (2 or 3); fewer when the width cannot hold them.
    public let columns: Int
    /// The width the rows must fit, in terminal columns.
    public let width: Int

    /// The narrowest text inside a card: below it the row holds fewer cards.
    public static let narrowestText = Cards.narrowestText
    /// The columns `events cards` accepts.
    public static let allowedColumns = 2...3

    /// Cards for an agenda, `columns` to a row within `width` terminal columns.
    public init(agenda: Agenda, columns: Int, width: Int) {
        self.agenda = agenda
        self.columns = columns
        self.width = width
    }

    /// The width cards are laid out in: `COLUMNS` when it is a positive number, else the terminal's
    /// width when standard output is one, else 80.
    public static func layoutWidth(terminal: Terminal, environment: [String: String]) -> Int {
        Terminal.width(columns: environment["COLUMNS"], reported: terminal.width)
    }

    /// The cards a row holds: as many as asked, or fewer (at least one) when the text inside each
    /// would be narrower than `narrowestText`.
    public var columnsThatFit: Int { Cards.columnsThatFit(columns, width: width) }

    /// The cards in the renderer's format: a grid under day headings in `table`; one row per card in
    /// `markdown` (localized), `csv`, `tsv` and `json` (with `day` and the stored fields); a page of
    /// cards in `html`.
    public func render(_ renderer: Renderer) -> String {
        renderer.render(cards(renderer))
    }

    /// The agenda as `Cards`, in the renderer's words.
    public func cards(_ renderer: Renderer) -> Cards {
        let formats = LocalizedFormats(localizer: renderer.localizer, timeZone: agenda.days.zone, today: renderer.today)
        return agenda.cards(
            columns: columns, width: width, formats: formats, people: { humanTable(formats) }, machines: machineTable)
    }

    /// The lines inside one card, each at most `inner` columns wide (`Cards.lines`).
    package func card(_ occurrence: Agenda.Occurrence, inner: Int, localizer: Localizer) -> [String] {
        Cards.lines(
            agenda.card(occurrence, LocalizedFormats(localizer: localizer, timeZone: agenda.days.zone)), inner: inner)
    }

    /// One row per card for people: day, hours, title, person, image, the first sentence, and how it
    /// continues when any card of the range does.
    package func humanTable(_ formats: LocalizedFormats) -> Table {
        let t = formats.localizer
        let notes = agenda.occurrences.contains { $0.continuation != nil }
        var columns = [
            Table.Column(key: "day", title: t("column.day")),
            Table.Column(key: "hours", title: t("events.column.hours")),
            Table.Column(key: "title", title: t("column.title")),
            Table.Column(key: "person", title: t("column.person")),
            Table.Column(key: "image", title: t("column.image")),
            Table.Column(key: "info", title: t("events.column.info")),
        ]
        if notes { columns.append(Table.Column(key: "continuation", title: t("events.column.note"))) }
        let allDay = t("events.all-day")
        return Table(
            columns: columns,
            rows: agenda.occurrences.map { occurrence in
                let event = occurrence.event
                let row: [Table.Cell] = [
                    .date(occurrence.day), .text(agenda.hours(occurrence, allDay: allDay)), .text(event.title),
                    Agenda.text(event.person), Agenda.text(event.image),
                    Agenda.text(event.description.map(FirstSentence.of)),
                ]
                return notes ? row + [occurrence.continuation.map { .tag(Agenda.tag($0, t)) } ?? .null] : row
            }, summaryUnit: nil)
    }

    /// One row per card for machines: the agenda's row and the first sentence.
    public func machineTable() -> Table {
        var table = agenda.machineTable()
        table.columns.append(Table.Column(key: "info", title: "info"))
        for (index, occurrence) in agenda.occurrences.enumerated() {
            table.rows[index].append(Agenda.text(occurrence.event.description.map(FirstSentence.of)))
        }
        return table
    }
}
