import Foundation

/// The agenda as text: days under headings for people, one row per event and day for machines.
extension Agenda {
    /// The agenda in the renderer's format. People get one section per day with events, headed by the
    /// day (`Mon 22 Dec`, `Пн, 22 дек.`), rows in time order and a count; an empty range gets one
    /// line saying so. Machines (`csv`, `tsv`, `json`) get one row per event and day with its `day`.
    public func render(_ renderer: Renderer) -> String {
        let t = renderer.localizer
        switch renderer.format {
        case .csv, .tsv, .json:
            return renderer.render(machineTable())
        case .html:
            return htmlPage(renderer, columns: 2, table: machineTable())
        case .table, .markdown:
            let formats = LocalizedFormats(localizer: t, timeZone: days.zone, today: renderer.today)
            guard !groups.isEmpty else { return emptyLine(formats) + "\n" }
            let notes = groups.contains { $0.occurrences.contains { $0.continuation != nil } }
            let tags = Dictionary(uniqueKeysWithValues: Continuation.allCases.map { ($0, Self.tag($0, t)) })
            let allDay = t("events.all-day")
            var columns = [
                Table.Column(key: "time", title: t("events.column.time")),
                Table.Column(key: "title", title: t("column.title")),
                Table.Column(key: "person", title: t("column.person")),
            ]
            if notes { columns.append(Table.Column(key: "continuation", title: t("events.column.note"))) }
            let sections = groups.map { day in
                var cells: [Table.Cell] = []
                cells.reserveCapacity(day.occurrences.count * columns.count)
                for occurrence in day.occurrences {
                    cells.append(.text(hours(occurrence, allDay: allDay)))
                    cells.append(.text(occurrence.event.title))
                    cells.append(Self.text(occurrence.event.person))
                    if notes { cells.append(occurrence.continuation.map { .tag(tags[$0]!) } ?? .null) }
                }
                return SectionedTable.Section(heading: formats.date(day.date), cells: cells, width: columns.count)
            }
            let summary = formats.count(Int64(eventCount), unit: "unit.event")
            return renderer.render(SectionedTable(columns: columns, sections: sections, summary: summary), flat: machineTable())
        }
    }

    /// The events kind's columns a machine row of the agenda or the cards shows, after its day.
    static let machineColumns: [EventKind.Column] = [.id, .startsAt, .endsAt, .allDay, .title, .person, .image]

    /// One row per event and day: the day, the event's stored fields, and how it continues.
    public func machineTable() -> Table {
        Table(columns: [Table.Column(key: "day", title: "day")] + Self.machineColumns.map(Self.column)
            + [Table.Column(key: "continuation", title: "continuation")],
            rows: occurrences.map { occurrence in
                [.date(occurrence.day)] + Self.machineColumns.map { Self.cell(occurrence.event, $0) }
                    + [occurrence.continuation.map { .tag(Self.tag($0, .english)) } ?? .null]
            }, summaryUnit: nil)
    }

    /// A column of the events kind as machine rows name it.
    static func column(_ column: EventKind.Column) -> Table.Column { Table.Column(key: column.spec.jsonKey, title: column.spec.jsonKey) }

    /// An event's value in a column of the events kind.
    static func cell(_ event: Event, _ column: EventKind.Column) -> Table.Cell {
        switch column {
        case .id: .identifier(event.id)
        case .title: .text(event.title)
        case .person: text(event.person)
        case .startsAt: .instant(moment(event.startsAt))
        case .endsAt: event.endsAt.map { .instant(moment($0)) } ?? .null
        case .image: text(event.image)
        case .description: text(event.description)
        case .allDay: .bool(event.allDay)
        }
    }

    /// "No events from … to …" (or "on …" for one day), in the user's words.
    func emptyLine(_ formats: LocalizedFormats) -> String {
        let t = formats.localizer
        if range.count == 1 { return t("events.none.day", ["day": formats.date(range.first)]) }
        return t("events.none.range", ["from": formats.date(range.first), "to": formats.date(range.last)])
    }

    /// The words and symbol for a continuation: `↪ continued`, `↪ продолжение`.
    static func tag(_ continuation: Continuation, _ t: Localizer) -> Table.Tag {
        let symbol: String
        switch continuation {
        case .continues: symbol = "→"
        case .continued: symbol = "↪"
        case .through: symbol = "↔"
        }
        return Table.Tag(value: continuation.rawValue, label: t("events.continuation." + continuation.rawValue), symbol: symbol)
    }

    static func text(_ value: String?) -> Table.Cell { value.map(Table.Cell.text) ?? .null }

    static func moment(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
}
