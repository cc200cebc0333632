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
    public static let narrowestText = 12
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
    public var columnsThatFit: Int {
        var count = max(columns, 1)
        while count > 1 && textWidth(count) < Self.narrowestText { count -= 1 }
        return count
    }

    /// The width of the text inside a card when a row holds `count` cards one space apart.
    func textWidth(_ count: Int) -> Int { (width - (count - 1)) / count - 4 }

    /// The cards in the renderer's format: a grid under day headings in `table`; one row per card in
    /// `markdown` (localized), `csv`, `tsv` and `json` (with `day` and the stored fields).
    public func render(_ renderer: Renderer) -> String {
        let formats = LocalizedFormats(localizer: renderer.localizer, timeZone: agenda.days.zone, today: renderer.today)
        switch renderer.format {
        case .csv, .tsv, .json: return renderer.render(machineTable())
        case .html: return agenda.htmlPage(renderer, columns: columns, table: machineTable())
        case .markdown where !agenda.groups.isEmpty: return renderer.render(humanTable(formats))
        case .table, .markdown:
            guard !agenda.groups.isEmpty else { return agenda.emptyLine(formats) + "\n" }
            let count = columnsThatFit, inner = max(textWidth(count), Self.narrowestText)
            var out = ""
            for (number, day) in agenda.groups.enumerated() {
                if number > 0 { out += "\n" }
                out += Renderer.singleLine(formats.date(day.date)) + "\n"
                var start = 0
                while start < day.occurrences.count {
                    let row = day.occurrences[start..<min(start + count, day.occurrences.count)]
                    out += Self.row(row.map { card($0, inner: inner, localizer: renderer.localizer) }, inner: inner)
                    start += count
                }
            }
            return out + formats.count(Int64(agenda.eventCount), unit: "unit.event") + "\n"
        }
    }

    /// The narrowest the image's name is shown beside the person and hours; narrower, it goes above them.
    static let narrowestImage = 6

    /// The lines inside one card, each at most `inner` columns wide: the title; the image with the
    /// person, hours and continuation beside it (the hours never cut); the first sentence.
    func card(_ occurrence: Agenda.Occurrence, inner: Int, localizer: Localizer) -> [String] {
        let event = occurrence.event
        let hours = agenda.hours(occurrence)
        let note = occurrence.continuation.map { continuation -> String in
            let tag = Agenda.tag(continuation, localizer)
            return (tag.symbol.map { $0 + " " } ?? "") + tag.label
        }
        let needed = max(DisplayWidth.of(hours), note.map(DisplayWidth.of) ?? 0)
        func details(_ width: Int) -> [String] {
            let person = event.person.map { TextWrap.lines(Renderer.singleLine($0), width: width) } ?? []
            return (person + [hours] + (note.map { [$0] } ?? [])).map { DisplayWidth.truncate($0, to: width) }
        }
        var lines = TextWrap.lines(Renderer.singleLine(event.title), width: inner)
        if let image = event.image {
            let label = "[" + Renderer.singleLine(image) + "]"
            let left = min(DisplayWidth.of(label), inner / 2, inner - 2 - needed)
            if left >= Self.narrowestImage {
                // Beside each other, as in the app: the image on the left, the person and hours right of it.
                let picture = DisplayWidth.truncate(label, to: left)
                let indent = String(repeating: " ", count: left + 2)
                for (index, detail) in details(inner - left - 2).enumerated() {
                    lines.append(index == 0 ? DisplayWidth.pad(picture, to: left + 2, alignment: .left) + detail : indent + detail)
                }
            } else {
                lines.append(DisplayWidth.truncate(label, to: inner))
                lines += details(inner)
            }
        } else {
            lines += details(inner)
        }
        if let description = event.description {
            lines += TextWrap.lines(Renderer.singleLine(FirstSentence.of(description)), width: inner)
        }
        return lines
    }

    /// Cards drawn side by side, each `inner` columns of text wide, all as tall as the tallest.
    static func row(_ cards: [[String]], inner: Int) -> String {
        let height = cards.map(\.count).max() ?? 0
        let border = String(repeating: "─", count: inner + 2)
        var out = cards.map { _ in "╭" + border + "╮" }.joined(separator: " ") + "\n"
        for line in 0..<height {
            out += cards.map { card in
                let text = line < card.count ? card[line] : ""
                return "│ " + DisplayWidth.pad(text, to: inner, alignment: .left) + " │"
            }.joined(separator: " ") + "\n"
        }
        return out + cards.map { _ in "╰" + border + "╯" }.joined(separator: " ") + "\n"
    }

    /// One row per card for people: day, hours, title, person, image, the first sentence, and how it
    /// continues when any card of the range does.
    func humanTable(_ formats: LocalizedFormats) -> Table {
        let t = formats.localizer
        let notes = agenda.occurrences.contains { $0.continuation != nil }
        var columns = [
            Table.Column(key: "day", title: t("column.day")), Table.Column(key: "hours", title: t("events.column.hours")),
            Table.Column(key: "title", title: t("column.title")), Table.Column(key: "person", title: t("column.person")),
            Table.Column(key: "image", title: t("column.image")), Table.Column(key: "info", title: t("events.column.info")),
        ]
        if notes { columns.append(Table.Column(key: "continuation", title: t("events.column.note"))) }
        return Table(columns: columns, rows: agenda.occurrences.map { occurrence in
            let event = occurrence.event
            let row: [Table.Cell] = [.date(occurrence.day), .text(agenda.hours(occurrence)), .text(event.title), Agenda.text(event.person),
                Agenda.text(event.image), Agenda.text(event.description.map(FirstSentence.of))]
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
