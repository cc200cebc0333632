import AlmanacKinds
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

extension EventStore {
    /// The events `filter` keeps, in order of start, handed to `body` as read (`events list`): those
    /// covering part of its days in `zone`, whose text matches (compared as `localizer`'s language does).
    public func forEachEvent(
        _ filter: EventFilter, zone: Zone, localizer: Localizer, withDescriptions: Bool = false,
        _ body: (Event) throws -> Void
    ) throws {
        let keeps = filter.matcher(localizer)
        let lower = filter.from.map { zone.start(of: $0) }
        let upper = filter.to.flatMap { $0 < LocalDate.last ? zone.start(of: $0.adding(days: 1)) : nil }
        try forEachEvent(coveringFrom: lower, to: upper, withDescriptions: withDescriptions || filter.search != nil) {
            if keeps($0) { try body($0) }
        }
    }

    /// Every event as stored, once (a recurring event as its rules), in order of id.
    public func forEachStored(_ body: (Event) throws -> Void) throws {
        try read("SELECT \(Self.detailed.sql()) FROM events ORDER BY id", [], Self.detailed, body)
    }
}
