import AlmanacICal
import AlmanacKinds
import AlmanacStore
import AlmanacText

/// The later occurrences of recurring events. A recurring event is stored once, as its first
/// occurrence, with its rules (`Recurrence`); the range queries read that row like any other, and the
/// occurrences after it are expanded by libical for the range asked and merged into the rows in
/// order of start. Recurring events are few and found by their own small index (`events_recurring`).
extension EventStore {
    /// The occurrences after the first of every recurring event, that cover part of `[from, to)`, in
    /// order of start, then end, title and id; and the recurring events whose stored first occurrence
    /// an `EXDATE` takes away (`hidden`). With `boundedOnly`, only rules that end (a `COUNT`, an
    /// `UNTIL`, or dates alone) are expanded: a listing without an end would never finish.
    package func repeats(from: Int64, to: Int64, withDescriptions: Bool, boundedOnly: Bool = false) throws -> (
        occurrences: [Event], hidden: Set<Int64>
    ) {
        let columns = withDescriptions ? Self.detailed : Self.ruled
        let end = to > Instant.storable.upperBound ? "9999-12-31T24:00:00Z" : Instant.utcText(to)
        var found: [Event] = []
        var hidden: Set<Int64> = []
        try read(
            """
            SELECT \(columns.sql()) FROM events
            WHERE recurrence IS NOT NULL AND starts_at < ?1
            ORDER BY starts_at, id
            """, [.text(end)], columns
        ) { event in
            guard let text = event.recurrence else { return }
            let recurrence = Recurrence(text)
            if boundedOnly && !recurrence.isBounded { return }
            let length = max((event.endsAt ?? event.startsAt) - event.startsAt, 0)
            let zone = event.zone.flatMap { Zone(identifier: $0) } ?? .utc
            if recurrence.excludesFirst(event.startsAt, allDay: event.allDay, zone: zone) { hidden.insert(event.id) }
            // An occurrence covers the range when it starts in it, or starts before and ends after `from`.
            let lower = from > Int64.min + length ? from - length : from
            for start in recurrence.starts(first: event.startsAt, allDay: event.allDay, zone: zone, from: lower, to: to)
            where start != event.startsAt && (start >= from || start + length > from) {
                found.append(event.moved(to: start))
            }
        }
        let sorted = found.sorted {
            ($0.startsAt, $0.endsAt ?? $0.startsAt, $0.title, $0.id) < (
                $1.startsAt, $1.endsAt ?? $1.startsAt, $1.title, $1.id
            )
        }
        return (sorted, hidden)
    }

    /// The columns of a listing and the rules.
    static let ruled = Selection<EventKind.Column>(listed.columns + [.recurrence, .zone])

    /// Occurrences handed on between the rows read in order of start: each before the first row
    /// that starts later, the rest at the end. A stored row whose first occurrence is taken away
    /// (`hidden`) is not handed on.
    struct Merge {
        let repeats: [Event]
        let hidden: Set<Int64>
        var next = 0

        init(_ found: (occurrences: [Event], hidden: Set<Int64>)) {
            repeats = found.occurrences
            hidden = found.hidden
        }

        /// Hands on the occurrences that start before `event`, then `event`.
        mutating func emit(_ event: Event, _ body: (Event) throws -> Void) throws {
            while next < repeats.count && repeats[next].startsAt < event.startsAt {
                try body(repeats[next])
                next += 1
            }
            if hidden.isEmpty || !hidden.contains(event.id) { try body(event) }
        }

        /// Hands on the occurrences left.
        mutating func finish(_ body: (Event) throws -> Void) throws {
            while next < repeats.count {
                try body(repeats[next])
                next += 1
            }
        }
    }
}
