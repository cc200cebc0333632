import AlmanacKinds
import AlmanacStore
import AlmanacText
import Foundation

/// The events table: the agenda's range query, one event by id, and adding one.
public struct EventStore {
    /// The connection.
    public let database: Database

    /// A store over an open database.
    public init(database: Database) {
        self.database = database
    }

    /// An event of a day or more: the only kind that can begin more than a day before a range and still
    /// run in it. Matches the length expression of the `events_by_length` index (`Schema/002`).
    package static let longEvent: Int64 = 86_400

    /// Every event that covers part of `[from, to)` (UTC seconds), in order of start, then end (a point
    /// in time first), title, person, image and id: the order of `events_by_start`.
    ///
    /// An event covers the range when it starts inside it, or started before it and ends after `from`
    /// (an event ending exactly at `from` does not). Two index range scans, never a table scan: events
    /// starting in `[from - 1 day, to)` through `events_by_start` (which holds every column the agenda
    /// shows), and events of a day or more that started earlier through the small `events_by_length`.
    /// The second set all starts before the first, so each is read in order and the two are joined.
    public func events(from: Int64, to: Int64, withDescriptions: Bool = false) throws -> [Event] {
        var events: [Event] = []
        // Counted first (from the index alone), so the array is made once at its size: grown by
        // doubling, a busy week's array is copied a dozen times into fresh pages.
        let bounds = Self.bounds(from: from, to: to)
        let count = try database.scalar(
            "SELECT count(*) FROM events WHERE starts_at >= ?1 AND starts_at < ?2",
            [.text(bounds.lookback), .text(bounds.end)])
        if case .integer(let rows)? = count { events.reserveCapacity(Int(rows) + 64) }
        try forEachEvent(from: from, to: to, withDescriptions: withDescriptions) { events.append($0) }
        return events
    }

    /// The same events, in the same order, handed to `body` one at a time as they are read: a range
    /// of any length is never held.
    public func forEachEvent(from: Int64, to: Int64, withDescriptions: Bool = false, _ body: (Event) throws -> Void)
        throws
    {
        let columns = withDescriptions ? Self.detailed : Self.listed
        let bounds = Self.bounds(from: from, to: to)
        var merge = Merge(try repeats(from: from, to: to, withDescriptions: withDescriptions))
        try read(Self.earlierQuery(columns, database.dialect), [.text(bounds.lookback), .text(bounds.start)], columns) {
            try merge.emit($0, body)
        }
        try read(Self.recentQuery(columns), [.text(bounds.lookback), .text(bounds.start), .text(bounds.end)], columns) {
            try merge.emit($0, body)
        }
        try merge.finish(body)
    }

    /// Every event that covers part of `[from, to)` (UTC seconds; nil: no bound), in order of start
    /// then id, handed to `body` as read: `events list`, which may span every year.
    public func forEachEvent(
        coveringFrom from: Int64?, to: Int64?, withDescriptions: Bool, _ body: (Event) throws -> Void
    ) throws {
        let columns = withDescriptions ? Self.detailed : Self.listed
        var merge = Merge(
            try repeats(
                from: from ?? Instant.storable.lowerBound, to: to ?? Instant.storable.upperBound,
                withDescriptions: withDescriptions, boundedOnly: to == nil))
        let lower: SQLValue =
            from.map { $0 < Instant.storable.lowerBound ? .null : .text(Instant.utcText($0)) } ?? .null
        let upper: SQLValue = to.map { $0 > Instant.storable.upperBound ? .null : .text(Instant.utcText($0)) } ?? .null
        try read(
            """
            SELECT \(columns.sql()) FROM events
            WHERE (starts_at < ?2 OR ?2 IS NULL) AND (starts_at >= ?1 OR ends_at > ?1 OR ?1 IS NULL)
            ORDER BY starts_at, id
            """, [lower, upper], columns
        ) { try merge.emit($0, body) }
        try merge.finish(body)
    }

    /// The stored text of the range's bounds: a day before it (the lookback), its start and its end.
    private static func bounds(from: Int64, to: Int64) -> (lookback: String, start: String, end: String) {
        // A range that runs to the end of 9999 ends after the last instant the stored text can hold,
        // which four-digit years cannot write: 24:00 of 9999-12-31 sorts after every stored instant.
        // A range from the first day of year 1 looks back no further than that day (there is no year
        // 0 to store, and PostgreSQL's timestamptz refuses one).
        (
            Instant.utcText(max(from - longEvent, Instant.storable.lowerBound)),
            Instant.utcText(max(from, Instant.storable.lowerBound)),
            to > Instant.storable.upperBound ? "9999-12-31T24:00:00Z" : Instant.utcText(to)
        )
    }

    /// The columns an agenda row shows (all held by `events_by_start`), and with the description.
    package static let listed = Selection<EventKind.Column>([.id, .title, .person, .startsAt, .endsAt, .image, .allDay])
    package static let detailed = Selection<EventKind.Column>(
        listed.columns + [.description, .location, .uid, .recurrence, .zone])

    /// The event with this id, with its description, or nil.
    public func event(id: Int64) throws -> Event? {
        var found: Event?
        try read("SELECT \(Self.detailed.sql()) FROM events WHERE id = ?1", [.integer(id)], Self.detailed) {
            found = $0
        }
        return found
    }

    /// The event with this id; an unknown id is an error naming it (exit 66).
    public func existing(id: Int64) throws -> Event {
        guard let event = try event(id: id) else {
            throw AlmanacError.notFound("events.error.no-such-event", ["id": String(id)])
        }
        return event
    }

    /// Adds an event from the fields given, checked by the events kind's rules as an import's row is
    /// (times without an offset read in `zone`); returns it.
    public func add(_ edit: EventEdit, zone: Zone) throws -> Event {
        try database.transaction(.immediate) {
            try existing(id: try writer.insert(edit.texts, EventKind.Context(zone: zone)))
        }
    }

    /// Changes the given fields of an event; it is then checked as a whole. An unknown id is exit 66.
    public func update(id: Int64, _ edit: EventEdit, zone: Zone) throws -> Event {
        try database.transaction(.immediate) {
            var edit = edit
            if let at = edit.at, let current = try event(id: id) {
                edit.at = Self.sameDay(at, as: current, zone: zone)
                if edit.ends == nil, let moved = edit.at {
                    edit.ends = Self.movedEnd(of: current, to: moved, zone: zone)
                }
            }
            guard try writer.update(key: [.integer(id)], changes: edit.texts, EventKind.Context(zone: zone)) != nil
            else {
                throw AlmanacError.notFound("events.error.no-such-event", ["id": String(id)])
            }
            return try existing(id: id)
        }
    }

    /// A time alone (`19:00`, `19:00:30`) as a timed event's new start on the day it starts, in
    /// `zone`; anything else as typed.
    package static func sameDay(_ at: String, as event: Event, zone: Zone) -> String {
        let parts = at.split(separator: ":", omittingEmptySubsequences: false)
        guard !event.allDay, (2...3).contains(parts.count),
            parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return at }
        return LocalDate(dayNumber: Int(zone.wallTime(event.startsAt).floorDivided(by: 86_400))).description + "T" + at
    }

    /// The end of an event moved to start at `at` (as typed) that keeps its length: a timed event's
    /// seconds, an all-day event's days. Nil (the end stays as it is, for the rules to judge) for an
    /// event without a length, or one `at` turns from timed to all-day or back.
    package static func movedEnd(of event: Event, to at: String, zone: Zone) -> String? {
        guard let ends = event.endsAt, ends > event.startsAt else { return nil }
        let day = Array(at.utf8).withUnsafeBytes { EventRules.day($0) }
        if event.allDay, let day {
            let (first, last) = event.days
            guard last.dayNumber > first.dayNumber else { return nil }
            return LocalDate(dayNumber: day.dayNumber + last.dayNumber - first.dayNumber).description
        }
        guard !event.allDay, day == nil, let starts = Instant.seconds(iso8601: at, zone: zone) else { return nil }
        let (moved, overflow) = starts.addingReportingOverflow(ends - event.startsAt)
        return overflow ? nil : Instant.utcText(moved)
    }

    /// Deletes an event and returns it; its id is never given again. An unknown id is exit 66.
    public func delete(id: Int64) throws -> Event {
        try database.transaction(.immediate) {
            let event = try existing(id: id)
            _ = try writer.delete(key: [.integer(id)])
            return event
        }
    }

    private var writer: KindWriter<EventKind> { KindWriter(database, labels: EventEdit.labels) }

    /// Events of a day or more that started before the lookback (`?1`) and end after `?2`. The first
    /// two conditions are those of `events_by_length`, written the same way so it can be used; it is
    /// named, because with bound values SQLite would rather walk `events_by_start` for the order.
    package static func earlierQuery(_ columns: Selection<EventKind.Column>, _ dialect: SQLDialect = .sqlite)
        -> String
    {
        if dialect == .postgresql {
            // The index's own expressions (`Schema/postgresql/002`), so PostgreSQL's planner uses it.
            return """
                SELECT \(columns.sql()) FROM events
                WHERE (ends_at AT TIME ZONE 'UTC')::date > (starts_at AT TIME ZONE 'UTC')::date
                  AND (ends_at - starts_at) >= interval '\(longEvent) seconds'
                  AND starts_at < ?1 AND ends_at > ?2
                ORDER BY starts_at, ends_at, title, person, image, all_day, id
                """
        }
        return """
            SELECT \(columns.sql()) FROM events INDEXED BY events_by_length
            WHERE substr(ends_at, 1, 10) > substr(starts_at, 1, 10)
              AND unixepoch(ends_at) - unixepoch(starts_at) >= \(longEvent)
              AND starts_at < ?1 AND ends_at > ?2
            ORDER BY starts_at, ends_at, title, person, image, all_day, id
            """
    }

    /// Events starting from the lookback (`?1`) to `?3` that are still running at `?2`, in the order
    /// of `events_by_start`, so no sorting is needed.
    package static func recentQuery(_ columns: Selection<EventKind.Column>) -> String {
        """
        SELECT \(columns.sql()) FROM events
        WHERE starts_at >= ?1 AND starts_at < ?3 AND (starts_at >= ?2 OR ends_at > ?2)
        ORDER BY starts_at, ends_at, title, person, image, all_day, id
        """
    }

    /// The plans the engine chooses for the two range queries, one line per step (for tests and the
    /// bench: each must search an index, never scan the table; only the few long events may be
    /// sorted): SQLite's `EXPLAIN QUERY PLAN`, PostgreSQL's `EXPLAIN` without costs.
    public func rangeQueryPlans() throws -> [String] {
        let dialect = database.dialect
        let (explain, at): (String, SQLValue) =
            dialect == .postgresql
            ? ("EXPLAIN (COSTS OFF) ", .text("2000-01-01T00:00:00Z")) : ("EXPLAIN QUERY PLAN ", .text(""))
        let id = Selection<EventKind.Column>([.id])
        return try [(Self.earlierQuery(id, dialect), [at, at]), (Self.recentQuery(id), [at, at, at])].flatMap {
            try database.rows(explain + $0.0, $0.1).compactMap {
                $0.last?.textValue?.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// Reads events of a selection, handing each to `body`. The instants are read from their stored
    /// bytes (`YYYY-MM-DDTHH:MM:SSZ`, which the schema's CHECKs hold them to): a week of a busy table
    /// is tens of thousands of rows, and SQLite's own date parsing cost more than the rest of the row.
    func read(
        _ sql: String, _ arguments: [SQLValue], _ columns: Selection<EventKind.Column>,
        _ body: (Event) throws -> Void
    ) throws {
        let statement = try database.prepare(sql)
        try statement.bind(arguments)
        let withDescriptions = columns[.description] >= 0
        let withRules = columns[.recurrence] >= 0
        while try statement.step() {
            var event = Event(
                id: statement.int64(at: columns[.id]), title: statement.string(at: columns[.title]) ?? "",
                person: statement.string(at: columns[.person]),
                startsAt: try Self.instant(statement, columns[.startsAt]) ?? 0,
                endsAt: try Self.instant(statement, columns[.endsAt]), image: statement.string(at: columns[.image]),
                description: withDescriptions ? statement.string(at: columns[.description]) : nil,
                allDay: statement.int64(at: columns[.allDay]) != 0)
            if withRules {
                event.location = columns[.location] >= 0 ? statement.string(at: columns[.location]) : nil
                event.uid = columns[.uid] >= 0 ? statement.string(at: columns[.uid]) : nil
                event.recurrence = statement.string(at: columns[.recurrence])
                event.zone = statement.string(at: columns[.zone])
            }
            try body(event)
        }
    }

    /// A stored instant in UTC seconds, nil for NULL; text that is not one is a damaged database.
    private static func instant(_ statement: Statement, _ column: Int32) throws -> Int64? {
        let text = statement.textBytes(at: column)
        guard text.baseAddress != nil else { return nil }
        let bytes = UnsafeRawBufferPointer(text)
        guard let seconds = Instant.seconds(iso8601: bytes, zone: .utc) else {
            throw AlmanacError(
                .invalidData, "error.database-not-almanac",
                [
                    "path": statement.connection.path,
                    "reason": "events: \"\(String(decoding: bytes, as: UTF8.self))\" is not an instant",
                ])
        }
        return seconds
    }
}
