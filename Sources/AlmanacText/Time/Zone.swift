import Foundation

/// A time zone as the system's tz database defines it: every offset from UTC it has had and will have,
/// read from its TZif file (or a POSIX TZ rule). Where a machine has no tz database, ICU's copy inside
/// Foundation answers instead.
///
/// Local date-times become instants by one rule, RFC 5545's and Temporal's "compatible": a wall time
/// that a change skips (a gap: 02:30 on the night clocks go forward) moves forward by the length of
/// the gap (03:30); one that happens twice (an overlap) is the earlier instant.
public struct Zone: Sendable, CustomStringConvertible {
    /// The name the zone is known by: the tz database's (`Europe/Berlin`, `US/Eastern`), or the TZ
    /// rule or file as given.
    public var identifier: String { storage.identifier }
    /// The `TZ` value under which the C library reads the same zone (`:/usr/share/zoneinfo/Asia/Tokyo`,
    /// a POSIX rule as given), for SQLite's `'localtime'` modifier.
    public var cLibraryValue: String { storage.cLibraryValue }
    private var source: Source { storage.source }
    // One reference: a zone is passed to every date-time read, tens of thousands per agenda.
    private let storage: Storage

    private enum Source: Sendable {
        case table(TZif)
        case icu(TimeZone)
    }

    /// What a zone is, shared by its copies (immutable, so `Sendable`).
    private final class Storage: Sendable {
        package let identifier: String
        let cLibraryValue: String
        package let source: Source

        package init(_ identifier: String, _ cLibraryValue: String, _ source: Source) {
            self.identifier = identifier
            self.cLibraryValue = cLibraryValue
            self.source = source
        }
    }

    /// UTC.
    public static let utc = Zone(identifier: "UTC", rule: try! PosixZoneRule(parsing: "UTC0"), cLibraryValue: "UTC0")

    /// A zone read from the TZif file at `path`.
    package init(identifier: String, tzif: TZif, path: String) {
        storage = Storage(identifier, ":" + path, .table(tzif))
    }

    /// A zone that follows a POSIX rule at all times.
    package init(identifier: String, rule: PosixZoneRule, cLibraryValue: String) {
        storage = Storage(
            identifier, cLibraryValue,
            .table(TZif(transitions: [], offsets: [], initial: Int32(rule.standard), rule: rule)))
    }

    /// A zone from ICU's data, for machines without a tz database.
    package init(identifier: String, icu: TimeZone) {
        storage = Storage(identifier, identifier, .icu(icu))
    }

    /// Makes this zone the C library's local time (`TZ`, then `tzset()`), so that SQL's `'localtime'`
    /// modifier, which asks the C library, reads times as `--tz` does. `setenv` races with any other
    /// thread reading the environment: call it only while the process has one thread.
    public func becomeTheCLibrarysZone() {
        setenv("TZ", cLibraryValue, 1)
        tzset()
    }

    /// The identifier.
    public var description: String { identifier }

    /// The offset from UTC (seconds east) in force at `instant` (UTC seconds).
    public func offset(at instant: Int64) -> Int {
        switch source {
        case .table(let table): return table.offset(at: instant)
        case .icu(let zone): return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        }
    }

    /// The instant of a wall-clock time (seconds since 1970-01-01T00:00 read as if UTC): the only one,
    /// the earlier of two in an overlap, and in a gap the instant the wall time moved forward by the
    /// gap's length names (RFC 5545; Temporal's "compatible": Berlin's 02:30 on 2026-03-29 is 03:30).
    public func instant(wall: Int64) -> Int64 {
        if case .table(let table) = source, table.transitions.isEmpty, table.rule?.daylight == nil {
            return wall - Int64(table.initial)
        }
        let (before, after) = offsetsAround(wall)
        // In a gap, the offset before it: the wall time reads as if the clocks had not yet changed.
        return earliestInstant(wall, before, after) ?? wall - Int64(before)
    }

    /// When the day `date` begins: its midnight (the first of two when midnight happens twice), or
    /// when a gap that skips midnight ends, which is the first instant whose wall time is on that day.
    /// A day a zone skipped entirely (Pacific/Apia's 2011-12-30) begins and ends at the same instant.
    public func start(of date: LocalDate) -> Int64 {
        let wall = Int64(date.dayNumber) * 86_400
        let (before, after) = offsetsAround(wall)
        if let found = earliestInstant(wall, before, after) { return found }
        // The gap's end lies between the two readings; find the first instant past midnight on the wall.
        var low = wall - Int64(max(before, after))
        var high = wall - Int64(min(before, after))
        if wallTime(low) >= wall || wallTime(high) < wall {
            // Changes closer together than the two readings (only a hostile file has them): search
            // every instant whose wall time may be midnight, as no offset reaches 26 hours either way.
            (low, high) = (wall - 93_600, wall + 93_600)
        }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if wallTime(middle) >= wall { high = middle } else { low = middle }
        }
        return high
    }

    /// The wall-clock time of `instant`, as seconds since 1970-01-01T00:00 read as if UTC.
    public func wallTime(_ instant: Int64) -> Int64 { instant + Int64(offset(at: instant)) }

    /// The offsets a day before and a day after a wall time: the offsets on either side of any change
    /// near it (no zone has changed twice within two days, and no change exceeds a day).
    private func offsetsAround(_ wall: Int64) -> (before: Int, after: Int) {
        (offset(at: wall - 86_400), offset(at: wall + 86_400))
    }

    /// The earliest instant whose wall time is `wall`, or nil when the wall time falls in a gap.
    private func earliestInstant(_ wall: Int64, _ before: Int, _ after: Int) -> Int64? {
        var found: Int64?
        for offset in [before, after] {
            let candidate = wall - Int64(offset)
            if self.offset(at: candidate) == offset, found.map({ candidate < $0 }) ?? true { found = candidate }
        }
        return found
    }
}

extension TZif {
    /// A table made directly (fixed offsets, POSIX rules).
    package init(transitions: [Int64], offsets: [Int32], initial: Int32, rule: PosixZoneRule?) {
        self.transitions = transitions
        self.offsets = offsets
        self.initial = initial
        self.rule = rule
    }

    /// The offset in force at `instant`: before the first transition the first type's; after the last,
    /// the footer's rule if there is one; between, the last transition's.
    package func offset(at instant: Int64) -> Int {
        guard let last = transitions.last else { return rule?.offset(at: instant) ?? Int(initial) }
        if instant > last, let rule { return rule.offset(at: instant) }
        if instant < transitions[0] { return Int(initial) }
        // Invariant: transitions[low] <= instant < transitions[high] (high may be one past the end).
        var low = 0
        var high = transitions.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if transitions[middle] <= instant { low = middle } else { high = middle }
        }
        return Int(offsets[low])
    }
}
