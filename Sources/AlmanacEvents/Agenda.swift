import AlmanacKinds
import AlmanacText
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

    /// Groups `events` (in order of start) by the days of `range` in `zone` (`Grouping`). An all-day
    /// event covers its own days, the same in every zone, and comes first on each of them.
    public init(events: [Event], range: DayRange, zone: Zone) {
        var grouping = Grouping(ZoneDays(range: range, zone: zone))
        var groups: [Day] = []
        for event in events { grouping.add(event) { groups.append($0) } }
        grouping.finish { groups.append($0) }
        self.days = grouping.days
        self.groups = groups
    }

    /// Events, read in order of start, grouped by the days of a range as they come: a day is handed
    /// on as soon as no event still to come can fall on it, so only the events of the day being read
    /// and those running past it are held, however long the range. An event covers the days from the
    /// one it starts on to the one holding its last second, so an event that ends at 00:00 stops the
    /// day before; a point in time (no end, or an end equal to the start) covers one day. A day lists
    /// its events in the order they were read: those continuing from earlier days come first.
    public struct Grouping {
        /// The range's days in the zone.
        public let days: ZoneDays
        /// How many different events were handed on, each counted on its first day in the range.
        public private(set) var eventCount = 0
        /// Events not yet handed on for every day they cover, with their first and last day in the
        /// range and the days they start and end on.
        private var pending: [(event: Event, first: Int, last: Int, lower: Int, upper: Int)] = []
        /// The first day not yet handed on.
        private var next = 0

        /// Grouping into `days`.
        public init(_ days: ZoneDays) {
            self.days = days
        }

        /// Adds the next event (in order of start), handing on the days it closes.
        public mutating func add(_ event: Event, _ emit: (Day) throws -> Void) rethrows {
            let first: Int
            let last: Int
            if event.allDay {
                let span = event.days
                first = days.range.first.days(to: span.first)
                last = days.range.first.days(to: span.last)
            } else {
                first = days.dayIndex(of: event.startsAt)
                last = days.dayIndex(of: event.lastCoveredSecond)
            }
            let lower = max(first, 0)
            let upper = min(last, days.range.count - 1)
            guard lower <= upper else { return }
            // An all-day event is stored from 00:00 UTC of its day, which is still the day before in
            // a zone west of UTC: a timed event read after it may start that day, so it stays open.
            try hand(upTo: event.allDay ? lower - 1 : lower, emit)
            pending.append((event, first, last, lower, upper))
            eventCount += 1
        }

        /// Hands on the days left.
        public mutating func finish(_ emit: (Day) throws -> Void) rethrows {
            try hand(upTo: days.range.count, emit)
        }

        /// Hands on every day before `limit`: no event still to come starts on one of them.
        private mutating func hand(upTo limit: Int, _ emit: (Day) throws -> Void) rethrows {
            while next < limit {
                if pending.isEmpty {
                    next = limit
                    return
                }
                let index = next
                let date = days.range.day(index)
                var occurrences: [Occurrence] = []
                // All-day events first on their days, then the others in the order read.
                for item in pending.filter({ $0.event.allDay }) + pending.filter({ !$0.event.allDay })
                where item.lower <= index {
                    let startedEarlier = index > item.first
                    let goesOn = index < item.last
                    let continuation: Continuation? =
                        startedEarlier ? (goesOn ? .through : .continued) : (goesOn ? .continues : nil)
                    occurrences.append(Occurrence(event: item.event, day: date, continuation: continuation))
                }
                pending.removeAll { $0.upper <= index }
                next += 1
                if !occurrences.isEmpty { try emit(Day(date: date, occurrences: occurrences)) }
            }
        }
    }

    /// Reads the events of `range` from the store and groups them (descriptions only when asked: the
    /// cards need them, the agenda does not).
    public static func load(_ store: EventStore, range: DayRange, zone: Zone, withDescriptions: Bool = false) throws
        -> Agenda
    {
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
            count
                + day.occurrences.reduce(0) { sum, occurrence in
                    let startsHere = occurrence.continuation == nil || occurrence.continuation == .continues
                    return sum + (startsHere || day.date == range.first ? 1 : 0)
                }
        }
    }

    /// The hours of an occurrence on its day, as a row or a card shows them (`ZoneDays.hours`), or
    /// `allDay` (the user's words) for an all-day event.
    public func hours(_ occurrence: Occurrence, allDay: String) -> String {
        occurrence.event.allDay ? allDay : days.hours(occurrence)
    }

    /// The time of a start or an end that lies on another day.
    package static let otherDay = "..:.."

    package static func moment(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
}
