import AlmanacEvents
import AlmanacKinds
import AlmanacOutput
import AlmanacText

/// The agenda as text: days under headings for people, one row per event and day for machines.
extension Agenda {
    /// `events agenda`: the events of `range` in `zone` read from `store`, grouped by day and written
    /// to `output` as they are read (`Grouping`, `AgendaRows`): a range of any length is never held.
    /// An `html` page, whose cards need every event with its description, is the one agenda held whole.
    public static func write(
        _ store: EventStore, range: DayRange, zone: Zone, renderer: Renderer, to output: OutputWriter
    ) throws {
        let days = ZoneDays(range: range, zone: zone)
        let listing = AgendaListing(
            days: days, localizer: renderer.localizer, today: renderer.today,
            feed: { emit in
                var grouping = Grouping(days)
                try store.forEachEvent(from: grouping.days.lowerBound, to: grouping.days.upperBound) { event in
                    try grouping.add(event, emit)
                }
                try grouping.finish(emit)
                return grouping.eventCount
            }, page: { try load(store, range: range, zone: zone, withDescriptions: true).cards(renderer) })
        try renderer.write(listing, to: output)
    }

    /// The agenda in the renderer's format. People get one section per day with events, headed by the
    /// day (`Mon 22 Dec`, `Пн, 22 дек.`), rows in time order and a count; an empty range gets one
    /// line saying so. Machines (`csv`, `tsv`, `json`) get one row per event and day with its `day`;
    /// an `html` page the events as cards above that table.
    public func render(_ renderer: Renderer) -> String {
        let listing = AgendaListing(
            days: days, localizer: renderer.localizer, today: renderer.today,
            feed: { emit in
                for day in groups { try emit(day) }
                return eventCount
            }, page: { cards(renderer) })
        do {
            return try renderer.render(listing)
        } catch {
            preconditionFailure("rendering into memory failed: \(error)")
        }
    }

    /// The agenda as cards two to a row (an `html` page's), over its rows for machines.
    package func cards(_ renderer: Renderer) -> Cards {
        let formats = LocalizedFormats(localizer: renderer.localizer, timeZone: days.zone, today: renderer.today)
        return cards(
            columns: 2, width: 80, formats: formats,
            people: { EventCards(agenda: self, columns: 2, width: 80).humanTable(formats) },
            machines: machineTable)
    }

    /// The agenda as cards, `columns` to a row within `width`, with its rows for people and machines.
    package func cards(
        columns: Int, width: Int, formats: LocalizedFormats, people: @escaping () -> Table,
        machines: @escaping () -> Table
    ) -> Cards {
        let t = formats.localizer
        let lead =
            range.count == 1
            ? formats.date(range.first)
            : t("page.agenda.range", ["from": formats.date(range.first), "to": formats.date(range.last)])
        return Cards(
            days: groups.map { day in
                Cards.Day(
                    date: day.date, heading: formats.date(day.date), cards: day.occurrences.map { card($0, formats) })
            },
            columns: columns, width: width, lead: lead, count: formats.count(Int64(eventCount), unit: "unit.event"),
            empty: emptyLine(formats),
            people: people, machines: machines)
    }

    /// An occurrence as a card: title, image, person, hours, how it continues, the first sentence.
    package func card(_ occurrence: Occurrence, _ formats: LocalizedFormats) -> Cards.Card {
        let t = formats.localizer
        let event = occurrence.event
        let note = occurrence.continuation.map { continuation -> String in
            let tag = Self.tag(continuation, t)
            return (tag.symbol.map { $0 + " " } ?? "") + tag.label
        }
        return Cards.Card(
            id: event.id, title: event.title, image: event.image, person: event.person,
            hours: hours(occurrence, allDay: t("events.all-day")),
            pageHours: event.allDay ? nil : days.pageHours(occurrence, formats), note: note,
            info: event.description.map(FirstSentence.of))
    }

    /// The events kind's columns a machine row of the agenda or the cards shows, after its day.
    package static let eventColumns: [EventKind.Column] = [.id, .startsAt, .endsAt, .allDay, .title, .person, .image]

    /// A column of the events kind as machine rows name it.
    package static func column(_ column: EventKind.Column) -> Table.Column {
        Table.Column(key: column.spec.jsonKey, title: column.spec.jsonKey)
    }

    /// An event's value in a column of the events kind.
    package static func cell(_ event: Event, _ column: EventKind.Column) -> Table.Cell {
        switch column {
        case .id: .identifier(event.id)
        case .title: .text(event.title)
        case .person: text(event.person)
        case .startsAt: .instant(moment(event.startsAt))
        case .endsAt: event.endsAt.map { .instant(moment($0)) } ?? .null
        case .image: text(event.image)
        case .description: text(event.description)
        case .location: text(event.location)
        case .uid: text(event.uid)
        case .recurrence: text(event.recurrence)
        case .zone: text(event.zone)
        case .allDay: .bool(event.allDay)
        }
    }

    /// One row per event and day: the day, the event's stored fields, and how it continues.
    public func machineTable() -> Table {
        let rows = AgendaRows(days, for: .machines, localizer: .english, today: nil)
        return Table(
            columns: AgendaRows.machineColumns, rows: occurrences.map { rows.machineRow($0) }, summaryUnit: nil)
    }

    /// "No events from … to …" (or "on …" for one day), in the user's words.
    package func emptyLine(_ formats: LocalizedFormats) -> String {
        let sentence = AgendaRows.emptySentence(range, formats)
        return formats.localizer(sentence.key, sentence.arguments)
    }

    /// The words and symbol for a continuation: `↪ continued`, `↪ продолжение`.
    package static func tag(_ continuation: Continuation, _ t: Localizer) -> Table.Tag {
        let symbol: String
        switch continuation {
        case .continues: symbol = "→"
        case .continued: symbol = "↪"
        case .through: symbol = "↔"
        }
        return Table.Tag(
            value: continuation.rawValue, label: t("events.continuation." + continuation.rawValue), symbol: symbol)
    }

    package static func text(_ value: String?) -> Table.Cell { value.map(Table.Cell.text) ?? .null }
}

/// The agenda's rows in a renderer's format: for people, the hours, title, person and (when an
/// event crosses midnight) a note, under a heading per day, counted as events; for machines one
/// flat row per event and day.
package struct AgendaRows {
    package let head: Table.Head
    private let days: ZoneDays
    private let human: Bool
    private let formats: LocalizedFormats
    private let tags: [Agenda.Continuation: Table.Cell]
    /// "all day", in the user's words: an all-day event's hours.
    private let allDay: String

    package static let machineColumns =
        [Table.Column(key: "day", title: "day")] + Agenda.eventColumns.map(Agenda.column)
        + [Table.Column(key: "continuation", title: "continuation")]

    package init(_ days: ZoneDays, for audience: Audience, localizer t: Localizer, today: LocalDate?) {
        self.days = days
        allDay = t("events.all-day")
        formats = LocalizedFormats(localizer: t, timeZone: days.zone, today: today)
        switch audience {
        case .machines:
            human = false
            tags = Dictionary(
                uniqueKeysWithValues: Agenda.Continuation.allCases.map { ($0, .tag(Agenda.tag($0, .english))) })
            head = Table.Head(columns: Self.machineColumns, summaryUnit: nil)
        case .people:
            human = true
            tags = Dictionary(uniqueKeysWithValues: Agenda.Continuation.allCases.map { ($0, .tag(Agenda.tag($0, t))) })
            head = Table.Head(
                columns: [
                    Table.Column(key: "time", title: t("events.column.time")),
                    Table.Column(key: "title", title: t("column.title")),
                    Table.Column(key: "person", title: t("column.person")),
                    Table.Column(key: "continuation", title: t("events.column.note"), hiddenWhenEmpty: true),
                ], summaryUnit: "unit.event", empty: Self.emptySentence(days.range, formats))
        }
    }

    /// "No events from … to …", or "on …" for one day.
    package static func emptySentence(_ range: DayRange, _ formats: LocalizedFormats) -> Table.Sentence {
        if range.count == 1 { return Table.Sentence("events.none.day", ["day": formats.date(range.first)]) }
        return Table.Sentence("events.none.range", ["from": formats.date(range.first), "to": formats.date(range.last)])
    }

    /// A day: a heading and its rows for people, its rows for machines.
    package func write(_ day: Agenda.Day, to writer: TableWriter) throws {
        guard human else {
            for occurrence in day.occurrences { try writer.row(machineRow(occurrence)) }
            return
        }
        try writer.section(formats.date(day.date))
        for occurrence in day.occurrences {
            try writer.row([
                .text(occurrence.event.allDay ? allDay : days.hours(occurrence)), .text(occurrence.event.title),
                Agenda.text(occurrence.event.person),
                occurrence.continuation.map { tags[$0]! } ?? .null,
            ])
        }
    }

    /// The flat row of an occurrence: its day, the event's stored fields, and how it continues.
    package func machineRow(_ occurrence: Agenda.Occurrence) -> [Table.Cell] {
        [.date(occurrence.day)] + Agenda.eventColumns.map { Agenda.cell(occurrence.event, $0) }
            + [occurrence.continuation.map { tags[$0]! } ?? .null]
    }
}

/// An agenda as a `Listing`: its days as `feed` hands them on (from the store as they are read, or
/// held), as rows for people or machines (`AgendaRows`), or as the cards `page` makes.
package struct AgendaListing: Listing {
    package let days: ZoneDays
    package let localizer: Localizer
    package let today: LocalDate?
    /// Hands every day to its argument, in order; returns the number of events.
    package let feed: ((Agenda.Day) throws -> Void) throws -> Int
    package let page: () throws -> Cards

    package func head(for audience: Audience) -> Table.Head { rows(audience).head }

    package func write(for audience: Audience, to writer: TableWriter) throws -> Int? {
        let rows = rows(audience)
        return try feed { try rows.write($0, to: writer) }
    }

    package func cards() throws -> Cards? { try page() }

    private func rows(_ audience: Audience) -> AgendaRows {
        AgendaRows(days, for: audience, localizer: localizer, today: today)
    }
}
