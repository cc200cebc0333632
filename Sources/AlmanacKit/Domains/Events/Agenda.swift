import Foundation

/// Events grouped by the days of a range in a time zone, in time order: an event appears on every day
/// it covers, so one that crosses midnight appears on both days, marked as continuing.
public struct Agenda: Sendable {
    /// How an occurrence relates to the days around it.
    public enum Continuation: String, Sendable, CaseIterable {
        /// The event starts on this day and goes on past its end.
        case continues
        /// The event started on an earlier day and ends on this one.
        case continued
        /// The event started on an earlier day and goes on past this one: it fills the day.
        case through
    }

    /// One event on one day.
    public struct Occurrence: Sendable, Equatable {
        /// The event.
        public let event: Event
        /// The day, in the agenda's zone.
        public let day: LocalDate
        /// Nil when the event lies within the day.
        public let continuation: Continuation?
    }

    /// One day and its occurrences, in time order (those continuing from the day before first).
    public struct Day: Sendable {
        /// The day.
        public let date: LocalDate
        /// Its occurrences.
        public let occurrences: [Occurrence]
    }

    /// The range's days in the zone.
    public let days: ZoneDays
    /// The days that have events, in order.
    public let groups: [Day]

    /// Groups `events` (in order of start) by the days of `range` in `zone`. An event covers the days
    /// from the one it starts on to the one holding its last second, so an event that ends at 00:00
    /// stops the day before; a point in time (no end, or an end equal to the start) covers one day.
    /// An all-day event covers its own days, the same in every zone, and comes first on each of them.
    public init(events: [Event], range: DayRange, zone: Zone) {
        let days = ZoneDays(range: range, zone: zone)
        var buckets = [[Occurrence]](repeating: [], count: range.count)
        var allDay: [[Occurrence]] = []
        for event in events {
            let first: Int, last: Int
            if event.allDay {
                let span = event.days
                first = range.first.days(to: span.first)
                last = range.first.days(to: span.last)
                if allDay.isEmpty { allDay = [[Occurrence]](repeating: [], count: range.count) }
            } else {
                first = days.dayIndex(of: event.startsAt)
                last = days.dayIndex(of: event.lastCoveredSecond)
            }
            let lower = max(first, 0), upper = min(last, range.count - 1)
            guard lower <= upper else { continue }
            for index in lower...upper {
                let startedEarlier = index > first, goesOn = index < last
                let continuation: Continuation? =
                    startedEarlier ? (goesOn ? .through : .continued) : (goesOn ? .continues : nil)
                let occurrence = Occurrence(event: event, day: range.day(index), continuation: continuation)
                if event.allDay { allDay[index].append(occurrence) } else { buckets[index].append(occurrence) }
            }
        }
        for (index, occurrences) in allDay.enumerated() where !occurrences.isEmpty { buckets[index] = occurrences + buckets[index] }
        self.days = days
        self.groups = buckets.enumerated().compactMap { index, occurrences in
            occurrences.isEmpty ? nil : Day(date: range.day(index), occurrences: occurrences)
        }
    }

    /// Reads the events of `range` from the store and groups them (descriptions only when asked: the
    /// cards need them, the agenda does not).
    public static func load(_ store: EventStore, range: DayRange, zone: Zone, withDescriptions: Bool = false) throws -> Agenda {
        let days = ZoneDays(range: range, zone: zone)
        let events = try store.events(from: days.lowerBound, to: days.upperBound, withDescriptions: withDescriptions)
        return Agenda(events: events, range: range, zone: zone)
    }

    /// The range.
    public var range: DayRange { days.range }

    /// Every occurrence, day by day.
    public var occurrences: [Occurrence] { groups.flatMap(\.occurrences) }

    /// How many different events the agenda shows (an event over two days counts once).
    /// Each is counted on the first day it has in the range: the day it starts, or the range's first.
    public var eventCount: Int {
        groups.reduce(0) { count, day in
            count + day.occurrences.reduce(0) { sum, occurrence in
                let startsHere = occurrence.continuation == nil || occurrence.continuation == .continues
                return sum + (startsHere || day.date == range.first ? 1 : 0)
            }
        }
    }

    /// The hours of an occurrence on its day, as a row or a card shows them: `16:30–18:00`, `08:00`
    /// for a point in time, and `..:..` for the side that lies on another day (as calcurse writes it):
    /// `21:00–..:..` on the day it starts, `..:..–02:00` on the day it ends, `..:..–..:..` between;
    /// `allDay` (the user's words) for an all-day event.
    public func hours(_ occurrence: Occurrence, allDay: String) -> String {
        let event = occurrence.event
        if event.allDay { return allDay }
        let startedEarlier = occurrence.continuation == .continued || occurrence.continuation == .through
        let goesOn = occurrence.continuation == .continues || occurrence.continuation == .through
        let end = event.isPoint ? nil : event.endsAt
        // At most 13 bytes: a string that small needs no allocation, and an agenda makes one per row.
        return String(unsafeUninitializedCapacity: 13) { buffer in
            func clock(_ instant: Int64, on thisDay: Bool, at offset: Int) -> Int {
                if thisDay { return days.writeClockTime(instant, to: buffer, at: offset) }
                for (index, byte) in Self.otherDay.utf8.enumerated() { buffer[offset + index] = byte }
                return offset + 5
            }
            var count = clock(event.startsAt, on: !startedEarlier, at: 0)
            guard let end else { return count }
            for byte in "–".utf8 {
                buffer[count] = byte
                count += 1
            }
            return clock(end, on: !goesOn, at: count)
        }
    }

    /// The time of a start or an end that lies on another day.
    static let otherDay = "..:.."
}
