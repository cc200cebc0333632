import AlmanacKinds
import AlmanacText
import Foundation

/// The days of a range in a time zone: the instant each begins, and the wall clock's offset on
/// each day that keeps one offset throughout (all but the days the clocks change).
///
/// Grouping a week of a million-event table by day asks "which day, what time" tens of thousands of
/// times; asking the zone each time would cost more than the query. Here it is a binary search
/// over eight numbers and an addition, and the zone is asked only on the days the clocks change
/// and for instants outside the range.
public struct ZoneDays: Sendable {
    /// The zone.
    public let zone: Zone
    /// The days.
    public let range: DayRange
    /// When each day begins (UTC seconds), and after them when the day after the last begins.
    public let starts: [Int64]
    /// Each day's offset from UTC in seconds, or nil on a day the offset changes.
    private let offsets: [Int?]

    /// The days of `range` in `zone`.
    public init(range: DayRange, zone: Zone) {
        self.zone = zone
        self.range = range
        let starts = (0...range.count).map { zone.start(of: range.day($0)) }
        self.starts = starts
        self.offsets = (0..<range.count).map { index in
            // A day the zone skipped (Pacific/Apia's 2011-12-30) has no instants and no offset of its own.
            guard starts[index] < starts[index + 1] else { return nil }
            let first = zone.offset(at: starts[index])
            let last = zone.offset(at: starts[index + 1] - 1)
            return first == last ? first : nil
        }
    }

    /// When the range begins (UTC seconds).
    public var lowerBound: Int64 { starts[0] }
    /// When the day after the range begins (UTC seconds).
    public var upperBound: Int64 { starts[starts.count - 1] }

    /// The index of the day holding `instant`: -1 before the range, `range.count` after it.
    public func dayIndex(of instant: Int64) -> Int {
        var low = 0
        var high = starts.count - 1
        if instant < starts[0] { return -1 }
        if instant >= starts[high] { return range.count }
        // Invariant: starts[low] <= instant < starts[high].
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= instant { low = middle } else { high = middle }
        }
        return low
    }

    /// The zone's offset from UTC at `instant`, in seconds.
    public func offset(at instant: Int64) -> Int {
        let index = dayIndex(of: instant)
        if index >= 0, index < offsets.count, let offset = offsets[index] { return offset }
        return zoneOffset(at: instant)
    }

    /// The zone's own answer, for the days the clocks change and instants outside the range. Out of
    /// line, so that the common path above stays small enough to be inlined into every row.
    @inline(never)
    private func zoneOffset(at instant: Int64) -> Int { zone.offset(at: instant) }

    /// The wall-clock time of `instant` as seconds since local midnight.
    public func secondOfDay(_ instant: Int64) -> Int {
        let wall = instant + Int64(offset(at: instant))
        return Int(wall - wall.floorDivided(by: 86_400) * 86_400)
    }

    /// The local day of `instant`.
    public func localDate(_ instant: Int64) -> LocalDate {
        let index = dayIndex(of: instant)
        if index >= 0, index < range.count { return range.day(index) }
        return LocalDate(dayNumber: Int((instant + Int64(offset(at: instant))).floorDivided(by: 86_400)))
    }

    /// `HH:mm` of `instant` on the wall clock: 24-hour, as every date-time pattern of Almanac shows it.
    public func clockTime(_ instant: Int64) -> String {
        String(unsafeUninitializedCapacity: 5) { writeClockTime(instant, to: $0, at: 0) }
    }

    /// Writes `HH:mm` (5 bytes) of `instant` at `offset` and returns the offset after it.
    package func writeClockTime(_ instant: Int64, to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        let seconds = secondOfDay(instant)
        let hour = seconds / 3600
        let minute = seconds / 60 % 60
        buffer[offset] = 48 + UInt8(hour / 10)
        buffer[offset + 1] = 48 + UInt8(hour % 10)
        buffer[offset + 2] = 58
        buffer[offset + 3] = 48 + UInt8(minute / 10)
        buffer[offset + 4] = 48 + UInt8(minute % 10)
        return offset + 5
    }

    /// The hours of an occurrence on its day, as a row or a card shows them: `16:30–18:00`, `08:00`
    /// for a point in time, and `..:..` for the side that lies on another day (as calcurse writes it):
    /// `21:00–..:..` on the day it starts, `..:..–02:00` on the day it ends, `..:..–..:..` between.
    public func hours(_ occurrence: Agenda.Occurrence) -> String {
        let event = occurrence.event
        let startedEarlier = occurrence.continuation == .continued || occurrence.continuation == .through
        let goesOn = occurrence.continuation == .continues || occurrence.continuation == .through
        let end = event.isPoint ? nil : event.endsAt
        // At most 13 bytes: a string that small needs no allocation, and an agenda makes one per row.
        return String(unsafeUninitializedCapacity: 13) { buffer in
            func clock(_ instant: Int64, on thisDay: Bool, at offset: Int) -> Int {
                if thisDay { return writeClockTime(instant, to: buffer, at: offset) }
                for (index, byte) in Agenda.otherDay.utf8.enumerated() { buffer[offset + index] = byte }
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

    /// The hours of an occurrence as a page shows them, where a reader has no `..:..` to decode: a side
    /// on another day is its time and weekday, `22:00 → 01:30 Tue` on the day an event starts,
    /// `22:00 Mon → 01:30` on the day it ends. Within one day, as `hours(_:)`.
    public func pageHours(_ occurrence: Agenda.Occurrence, _ formats: LocalizedFormats) -> String {
        let event = occurrence.event
        guard occurrence.continuation != nil, !event.isPoint, let end = event.endsAt else { return hours(occurrence) }
        let startedEarlier = occurrence.continuation == .continued || occurrence.continuation == .through
        let goesOn = occurrence.continuation == .continues || occurrence.continuation == .through
        let start = startedEarlier ? formats.timeAndWeekday(Agenda.moment(event.startsAt)) : clockTime(event.startsAt)
        let finish = goesOn ? formats.timeAndWeekday(Agenda.moment(end)) : clockTime(end)
        return start + " → " + finish
    }
}
