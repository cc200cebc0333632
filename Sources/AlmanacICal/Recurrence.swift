import AlmanacText
import CLibical

/// An event's recurrence as stored: its `RRULE`, `RDATE` and `EXDATE` lines, one per line, in
/// iCalendar's own words (`RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10`). libical expands the rule on the
/// event's wall clock; the event's zone turns each wall time into an instant, so a weekly 09:00
/// stays 09:00 across a change of daylight-saving time.
public struct Recurrence: Sendable, Equatable {
    /// The lines.
    public let lines: [String]

    /// The most steps one rule is walked for one range: a rule every hour walks 8,760 a year.
    public static let stepLimit = 1_000_000

    /// The recurrence of stored text (lines separated by line breaks).
    public init(_ text: String) {
        lines = text.split(whereSeparator: \.isNewline).map { String($0) }.filter { !$0.isEmpty }
    }

    /// The stored text.
    public var text: String { lines.joined(separator: "\n") }

    /// Why the text is no recurrence Almanac keeps (a translation key and its values), or nil: every
    /// line an `RRULE` libical reads (by the hour or less often), an `RDATE` or an `EXDATE` of times.
    public static func problem(_ text: String) -> (key: String, arguments: [String: String])? {
        let recurrence = Recurrence(text)
        guard !recurrence.lines.isEmpty else { return ("rule.events.recurrence-empty", [:]) }
        var rules = 0
        for line in recurrence.lines {
            let (name, value) = parts(line)
            switch name {
            case "RRULE":
                rules += 1
                let rule = value.withCString { icalrecurrencetype_from_string($0) }
                if rule.freq == ICAL_NO_RECURRENCE {
                    return ("rule.events.recurrence-unreadable", ["line": line])
                }
                if rule.freq == ICAL_SECONDLY_RECURRENCE || rule.freq == ICAL_MINUTELY_RECURRENCE {
                    return ("rule.events.recurrence-too-often", ["line": line])
                }
            case "RDATE", "EXDATE":
                if times(value).contains(where: { $0 == nil }) {
                    return ("rule.events.recurrence-unreadable", ["line": line])
                }
            default: return ("rule.events.recurrence-unreadable", ["line": line])
            }
        }
        return rules > 1 ? ("rule.events.recurrence-two-rules", [:]) : nil
    }

    /// The starts (UTC seconds) of the occurrences in `[from, to)`, in order: the first (`first`), the
    /// rule's, the `RDATE`s, less the `EXDATE`s. An all-day event's are midnights in UTC (its days).
    public func starts(first: Int64, allDay: Bool, zone: Zone, from: Int64, to: Int64) -> [Int64] {
        let instant: (Int64) -> Int64 = { allDay ? $0 : zone.instant(wall: $0) }
        let firstWall = allDay ? first : zone.wallTime(first)
        var found: Set<Int64> = first >= from && first < to ? [first] : []
        var excluded: Set<Int64> = []
        for line in lines {
            let (name, value) = Self.parts(line)
            switch name {
            case "RRULE":
                walk(value, from: firstWall, allDay: allDay) { wall in
                    let start = instant(wall)
                    if start >= to { return false }
                    if start >= from { found.insert(start) }
                    return true
                }
            case "RDATE", "EXDATE":
                for case let time? in Self.times(value) {
                    let start = time.utc ? time.wall : instant(allDay ? time.wall - time.wall % 86_400 : time.wall)
                    if name == "RDATE" {
                        if start >= from && start < to { found.insert(start) }
                    } else {
                        excluded.insert(start)
                    }
                }
            default: break
            }
        }
        return found.subtracting(excluded).sorted()
    }

    /// True when an `EXDATE` takes away the occurrence at `first`, the event's own start (a calendar
    /// program's series whose first occurrence was deleted).
    public func excludesFirst(_ first: Int64, allDay: Bool, zone: Zone) -> Bool {
        starts(first: first, allDay: allDay, zone: zone, from: first, to: first + 1).isEmpty
    }

    /// Walks a rule's wall times from `from` (its first), handing each to `body` until it says stop.
    private func walk(_ rule: String, from: Int64, allDay: Bool, _ body: (Int64) -> Bool) {
        let recurrence = rule.withCString { icalrecurrencetype_from_string($0) }
        guard recurrence.freq != ICAL_NO_RECURRENCE else { return }
        var start = icaltime_null_time()
        let day = LocalDate(dayNumber: Int(from.floorDivided(by: 86_400)))
        let seconds = from - Int64(day.dayNumber) * 86_400
        (start.year, start.month, start.day) = (Int32(day.year), Int32(day.month), Int32(day.day))
        if allDay {
            start.is_date = 1
        } else {
            (start.hour, start.minute, start.second) = (
                Int32(seconds / 3600), Int32(seconds / 60 % 60), Int32(seconds % 60)
            )
        }
        guard let iterator = icalrecur_iterator_new(recurrence, start) else { return }
        defer { icalrecur_iterator_free(iterator) }
        for _ in 0..<Self.stepLimit {
            let next = icalrecur_iterator_next(iterator)
            if icaltime_is_null_time(next) != 0 { return }
            guard let wall = Self.wall(next), body(wall) else { return }
        }
    }

    /// A line's name (upper case, without parameters) and value.
    static func parts(_ line: String) -> (name: String, value: String) {
        let colon = line.firstIndex(of: ":") ?? line.endIndex
        let name = line[..<colon].prefix { $0 != ";" }.uppercased()
        return (name, colon < line.endIndex ? String(line[line.index(after: colon)...]) : "")
    }

    /// The times of an `RDATE` or `EXDATE` value (`20260112T090000`, `…Z`, `20260112`), nil for each
    /// one that is none.
    static func times(_ value: String) -> [(wall: Int64, utc: Bool)?] {
        value.split(separator: ",").map { item in
            let time = String(item).withCString { icaltime_from_string($0) }
            guard icaltime_is_null_time(time) == 0, let wall = wall(time) else { return nil }
            return (wall, icaltime_is_utc(time) != 0)
        }
    }

    /// A libical time's wall clock in seconds since 1970-01-01T00:00, or nil when it is no date.
    static func wall(_ time: icaltimetype) -> Int64? {
        guard let day = LocalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day)) else { return nil }
        let seconds = time.is_date != 0 ? 0 : Int64(time.hour) * 3600 + Int64(time.minute) * 60 + Int64(time.second)
        return Int64(day.dayNumber) * 86_400 + seconds
    }
}

extension Recurrence {
    /// True when the occurrences end: every rule has a `COUNT` or an `UNTIL` (or there are only dates).
    public var isBounded: Bool {
        lines.allSatisfy { line in
            let (name, value) = Self.parts(line)
            guard name == "RRULE" else { return true }
            let upper = value.uppercased()
            return upper.contains("COUNT=") || upper.contains("UNTIL=")
        }
    }
}
