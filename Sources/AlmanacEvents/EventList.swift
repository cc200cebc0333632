import AlmanacKinds
import AlmanacOutput
import AlmanacText

/// `events list`: events one row each, in order of start, from any day to any day, found by any part
/// of their title, person or description, or of their person alone (case and accents aside).
public struct EventFilter: Sendable {
    /// The first day listed, in the zone (nil: from the first event).
    public var from: LocalDate?
    /// The last day listed, in the zone (nil: to the last event).
    public var to: LocalDate?
    /// Only events whose title, person or description holds this.
    public var search: String?
    /// Only events whose person holds this.
    public var person: String?

    /// A filter; the defaults keep every event.
    public init(from: LocalDate? = nil, to: LocalDate? = nil, search: String? = nil, person: String? = nil) {
        self.from = from
        self.to = to
        self.search = search
        self.person = person
    }

    /// The filter of `--from`, `--to` (days: `YYYY-MM-DD`, `today`, `today+N`), `--search` and `--person`;
    /// a day that does not read, or a `--to` before `--from`, is a usage error naming it.
    public static func resolve(from: String?, to: String?, search: String?, person: String?, today: LocalDate) throws
        -> EventFilter
    {
        // A day past the years is cut to them, as for the agenda (an unbounded list needs no note).
        let first = try from.map { try DayRange.day($0, option: "--from", today: today).0 }
        let last = try to.map { try DayRange.day($0, option: "--to", today: today).0 }
        if let first, let last, last < first {
            throw AlmanacError(
                .usage, "events.error.to-before-from", ["from": first.description, "to": last.description])
        }
        return EventFilter(from: first, to: last, search: search, person: person)
    }

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

    /// The test of the text filters.
    package func matcher(_ localizer: Localizer) -> (Event) -> Bool {
        let who = person.map { SearchText($0, locale: localizer.locale) }
        let text = search.map { SearchText($0, locale: localizer.locale) }
        return { event in
            if let who, !(event.person.map(who.matches) ?? false) { return false }
            if let text,
                ![event.title, event.person, event.description].compactMap({ $0 }).contains(where: text.matches)
            {
                return false
            }
            return true
        }
    }
}

public enum EventList {
    /// The columns: id, start and end (days for an all-day event, instants otherwise), whether it
    /// fills whole days, title and person.
    package static let columns: [EventKind.Column] = [.id, .startsAt, .endsAt, .allDay, .title, .person]

    /// Writes the events `filter` keeps, in the renderer's format, as they are read.
    public static func write(
        _ store: EventStore, filter: EventFilter, zone: Zone, renderer: Renderer, to output: OutputWriter
    ) throws {
        let t = renderer.localizer
        let head = Table.Head(
            columns: columns.map { Table.Column(key: $0.spec.jsonKey, title: t("column." + $0.spec.name)) },
            summaryUnit: "unit.event", empty: filter.emptySentence(t))
        let writer = try renderer.writer(head, to: output)
        let keeps = filter.matcher(t)
        let lower = filter.from.map { zone.start(of: $0) }
        let upper = filter.to.flatMap { $0 < LocalDate.last ? zone.start(of: $0.adding(days: 1)) : nil }
        try store.forEachEvent(coveringFrom: lower, to: upper, withDescriptions: filter.search != nil) { event in
            guard keeps(event) else { return }
            try writer.row(columns.map { cell(event, $0) })
        }
        try writer.finish()
    }

    /// An event's value in a column: an all-day event's days as days.
    package static func cell(_ event: Event, _ column: EventKind.Column) -> Table.Cell {
        guard event.allDay else { return Agenda.cell(event, column) }
        switch column {
        case .startsAt: return .date(event.days.first)
        case .endsAt: return .date(event.days.last)
        default: return Agenda.cell(event, column)
        }
    }
}
