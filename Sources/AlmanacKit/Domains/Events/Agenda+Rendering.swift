import Foundation

/// The agenda as text: days under headings for people, one row per event and day for machines.
extension Agenda {
    /// `events agenda`: the events of `range` in `zone` read from `store`, grouped by day and written
    /// to `output` as they are read (`Grouping`, `AgendaRows`): a range of any length is never held.
    /// An `html` page, whose cards need every event with its description, is the one agenda held whole.
    public static func write(_ store: EventStore, range: DayRange, zone: Zone, renderer: Renderer, to output: OutputWriter) throws {
        if renderer.format == .html {
            return try output.write(load(store, range: range, zone: zone, withDescriptions: true).render(renderer))
        }
        var grouping = Grouping(ZoneDays(range: range, zone: zone))
        let rows = AgendaRows(grouping.days, renderer)
        let writer = try renderer.writer(rows.head, to: output)
        try store.forEachEvent(from: grouping.days.lowerBound, to: grouping.days.upperBound) { event in
            try grouping.add(event) { try rows.write($0, to: writer) }
        }
        try grouping.finish { try rows.write($0, to: writer) }
        try writer.finish(count: grouping.eventCount)
    }

    /// The agenda in the renderer's format. People get one section per day with events, headed by the
    /// day (`Mon 22 Dec`, `Пн, 22 дек.`), rows in time order and a count; an empty range gets one
    /// line saying so. Machines (`csv`, `tsv`, `json`) get one row per event and day with its `day`;
    /// an `html` page the events as cards above that table.
    public func render(_ renderer: Renderer) -> String {
        if renderer.format == .html { return htmlPage(renderer, columns: 2, table: machineTable()) }
        var inMemory = renderer
        inMemory.heldBytes = .max
        let rows = AgendaRows(days, inMemory)
        do {
            let writer = try TableWriter(inMemory, head: rows.head, output: nil)
            for day in groups { try rows.write(day, to: writer) }
            try writer.finish(count: eventCount)
            return writer.text
        } catch {
            preconditionFailure("rendering into memory failed: \(error)")
        }
    }

    /// The events kind's columns a machine row of the agenda or the cards shows, after its day.
    static let eventColumns: [EventKind.Column] = [.id, .startsAt, .endsAt, .allDay, .title, .person, .image]

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

    /// One row per event and day: the day, the event's stored fields, and how it continues.
    public func machineTable() -> Table {
        let rows = AgendaRows(days, Renderer(format: .csv, localizer: .english))
        return Table(columns: AgendaRows.machineColumns, rows: occurrences.map { rows.machineRow($0) }, summaryUnit: nil)
    }

    /// "No events from … to …" (or "on …" for one day), in the user's words.
    func emptyLine(_ formats: LocalizedFormats) -> String {
        let sentence = AgendaRows.emptySentence(range, formats)
        return formats.localizer(sentence.key, sentence.arguments)
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

/// The agenda's rows in a renderer's format: for people, the hours, title, person and (when an
/// event crosses midnight) a note, under a heading per day, counted as events; for machines one
/// flat row per event and day.
struct AgendaRows {
    let head: Table.Head
    private let days: ZoneDays
    private let human: Bool
    private let formats: LocalizedFormats
    private let tags: [Agenda.Continuation: Table.Cell]
    /// "all day", in the user's words: an all-day event's hours.
    private let allDay: String

    static let machineColumns = [Table.Column(key: "day", title: "day")] + Agenda.eventColumns.map(Agenda.column)
        + [Table.Column(key: "continuation", title: "continuation")]

    init(_ days: ZoneDays, _ renderer: Renderer) {
        let t = renderer.localizer
        self.days = days
        allDay = t("events.all-day")
        formats = LocalizedFormats(localizer: t, timeZone: days.zone, today: renderer.today)
        switch renderer.format {
        // An html page draws the flat rows under its cards (`Agenda.htmlPage`).
        case .csv, .tsv, .json, .html:
            human = false
            tags = Dictionary(uniqueKeysWithValues: Agenda.Continuation.allCases.map { ($0, .tag(Agenda.tag($0, .english))) })
            head = Table.Head(columns: Self.machineColumns, summaryUnit: nil)
        case .table, .markdown:
            human = true
            tags = Dictionary(uniqueKeysWithValues: Agenda.Continuation.allCases.map { ($0, .tag(Agenda.tag($0, t))) })
            head = Table.Head(columns: [
                Table.Column(key: "time", title: t("events.column.time")),
                Table.Column(key: "title", title: t("column.title")),
                Table.Column(key: "person", title: t("column.person")),
                Table.Column(key: "continuation", title: t("events.column.note"), hiddenWhenEmpty: true),
            ], summaryUnit: "unit.event", empty: Self.emptySentence(days.range, formats))
        }
    }

    /// "No events from … to …", or "on …" for one day.
    static func emptySentence(_ range: DayRange, _ formats: LocalizedFormats) -> Table.Sentence {
        if range.count == 1 { return Table.Sentence("events.none.day", ["day": formats.date(range.first)]) }
        return Table.Sentence("events.none.range", ["from": formats.date(range.first), "to": formats.date(range.last)])
    }

    /// A day: a heading and its rows for people, its rows for machines.
    func write(_ day: Agenda.Day, to writer: TableWriter) throws {
        guard human else {
            for occurrence in day.occurrences { try writer.row(machineRow(occurrence)) }
            return
        }
        try writer.section(formats.date(day.date))
        for occurrence in day.occurrences {
            try writer.row([.text(occurrence.event.allDay ? allDay : days.hours(occurrence)), .text(occurrence.event.title), Agenda.text(occurrence.event.person),
                            occurrence.continuation.map { tags[$0]! } ?? .null])
        }
    }

    /// The flat row of an occurrence: its day, the event's stored fields, and how it continues.
    func machineRow(_ occurrence: Agenda.Occurrence) -> [Table.Cell] {
        [.date(occurrence.day)] + Agenda.eventColumns.map { Agenda.cell(occurrence.event, $0) }
            + [occurrence.continuation.map { tags[$0]! } ?? .null]
    }
}
