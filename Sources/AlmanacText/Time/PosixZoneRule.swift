/// A POSIX TZ rule, as `TZ` may hold one (`EST5EDT,M3.2.0,M11.1.0`, `UTC0`, `<+0330>-3:30`) and as a
/// TZif file's footer gives the zone's rule after its last listed transition (RFC 8536, section 3.3).
///
/// Offsets in the text count hours west of Greenwich (`EST5` is UTC−5); here they are seconds east, as
/// everywhere else. A rule that names daylight saving time must say when it starts and ends: POSIX
/// leaves the dates to the implementation otherwise, and a guess would be a wrong day somewhere.
package struct PosixZoneRule: Sendable, Equatable {
    /// Why a text is not a rule.
    package enum Failure: Error, Equatable {
        /// Not a TZ rule at all.
        case notARule
        /// Daylight saving time is named without the dates it starts and ends.
        case daylightWithoutDates
    }

    /// One end of daylight saving time: a day of the year and a wall-clock time on it.
    package struct Change: Sendable, Equatable {
        package enum Day: Sendable, Equatable {
            /// `Jn`: day 1 to 365, February 29 never counted.
            case julian(Int)
            /// `n`: day 0 to 365, February 29 counted in leap years.
            case zeroBased(Int)
            /// `Mm.w.d`: day `d` (0 = Sunday) of week `w` (5 = the last) of month `m`.
            case weekday(month: Int, week: Int, day: Int)
        }

        package let day: Day
        /// Seconds after the day's midnight on the clock in force before the change (−167 h to 167 h).
        package let time: Int

        /// The change in `year`, as wall-clock seconds since 1970-01-01T00:00 read as if UTC.
        func wallSeconds(in year: Int) -> Int64 {
            let january = LocalDate.dayNumber(year: year, month: 1, day: 1)
            let dayNumber: Int
            switch day {
            case .julian(let n):
                dayNumber = january + n - 1 + (LocalDate.isLeap(year) && n >= 60 ? 1 : 0)
            case .zeroBased(let n):
                dayNumber = january + n
            case .weekday(let month, let week, let weekday):
                let first = LocalDate.dayNumber(year: year, month: month, day: 1)
                // 1970-01-01 was a Thursday (4 with Sunday as 0).
                var candidate = first + (weekday - (first + 4).floorMod(7)).floorMod(7) + (week - 1) * 7
                if candidate >= first + LocalDate.daysIn(month: month, year: year) { candidate -= 7 }
                dayNumber = candidate
            }
            return Int64(dayNumber) * 86_400 + Int64(time)
        }
    }

    /// Daylight saving time: its offset and the changes that start and end it.
    package struct Daylight: Sendable, Equatable {
        package let offset: Int
        package let start: Change
        package let end: Change
    }

    /// The farthest instant read as itself (`offset(at:)`).
    static let farthest: Int64 = 1 << 55

    /// Standard time's offset, seconds east of UTC.
    package let standard: Int
    /// Daylight saving time, or nil for a zone without it.
    let daylight: Daylight?

    /// The offset from UTC in force at `instant` (UTC seconds). The year is the instant's UTC year, as
    /// Python's `zoneinfo` and glibc read a rule.
    /// Instants past ±2^55 seconds (a billion years) are read at that bound, so the year arithmetic
    /// of the changes (`wallSeconds`) never comes near Int64's edges.
    package func offset(at instant: Int64) -> Int {
        guard let daylight else { return standard }
        let instant = min(max(instant, -Self.farthest), Self.farthest)
        let year = LocalDate(dayNumber: Int(instant.floorDivided(by: 86_400))).year
        let start = daylight.start.wallSeconds(in: year) - Int64(standard)
        let end = daylight.end.wallSeconds(in: year) - Int64(daylight.offset)
        // Southern hemisphere: daylight time spans the new year, from `start` to the next year's `end`.
        let inDaylight = start < end ? (start <= instant && instant < end) : !(end <= instant && instant < start)
        return inDaylight ? daylight.offset : standard
    }

    /// Reads a rule; see the type's description for what is accepted.
    package init(parsing text: String) throws(Failure) {
        var reader = Reader(bytes: Array(text.utf8))
        guard reader.name(), let west = reader.duration(maxHours: 24) else { throw .notARule }
        standard = -west
        if reader.atEnd {
            daylight = nil
            return
        }
        guard reader.name() else { throw .notARule }
        var daylightOffset = standard + 3600
        if !reader.atEnd, reader.peek != UInt8(ascii: ",") {
            guard let value = reader.duration(maxHours: 24) else { throw .notARule }
            daylightOffset = -value
        }
        if reader.atEnd { throw .daylightWithoutDates }
        guard reader.skip(","), let start = reader.change(), reader.skip(","), let end = reader.change(), reader.atEnd
        else { throw .notARule }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    /// A cursor over the rule's bytes.
    private struct Reader {
        package let bytes: [UInt8]
        package var index = 0

        package var atEnd: Bool { index == bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[index] }

        package mutating func skip(_ character: Character) -> Bool {
            guard peek == character.asciiValue else { return false }
            index += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or `<…>` holding three or more letters, digits
        /// and signs.
        package mutating func name() -> Bool {
            func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
            let begin = index
            if skip("<") {
                while let byte = peek, isLetter(byte) || (48...57).contains(byte) || byte == 43 || byte == 45 {
                    index += 1
                }
                return index - begin - 1 >= 3 && skip(">")
            }
            while let byte = peek, isLetter(byte) { index += 1 }
            return index - begin >= 3
        }

        /// `[+|-]hh[:mm[:ss]]` in seconds, hours at most `maxHours`.
        package mutating func duration(maxHours: Int) -> Int? {
            var sign = 1
            if skip("-") { sign = -1 } else { _ = skip("+") }
            guard let hours = digits(maxCount: maxHours > 99 ? 3 : 2), hours <= maxHours else { return nil }
            var seconds = hours * 3600
            if skip(":") {
                guard let minutes = digits(exactly: 2), minutes < 60 else { return nil }
                seconds += minutes * 60
                if skip(":") {
                    guard let rest = digits(exactly: 2), rest < 60 else { return nil }
                    seconds += rest
                }
            }
            return sign * seconds
        }

        /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (default 02:00).
        package mutating func change() -> Change? {
            let day: Change.Day
            if skip("J") {
                guard let n = digits(maxCount: 3), (1...365).contains(n) else { return nil }
                day = .julian(n)
            } else if skip("M") {
                guard let month = digits(maxCount: 2), (1...12).contains(month), skip("."),
                    let week = digits(exactly: 1), (1...5).contains(week), skip("."),
                    let weekday = digits(exactly: 1), weekday <= 6
                else { return nil }
                day = .weekday(month: month, week: week, day: weekday)
            } else {
                guard let n = digits(maxCount: 3), n <= 365 else { return nil }
                day = .zeroBased(n)
            }
            var time = 7200
            if skip("/") {
                guard let value = duration(maxHours: 167) else { return nil }
                time = value
            }
            return Change(day: day, time: time)
        }

        private mutating func digits(maxCount: Int) -> Int? {
            var value = 0
            var count = 0
            while count < maxCount, let byte = peek, (48...57).contains(byte) {
                value = value * 10 + Int(byte - 48)
                count += 1
                index += 1
            }
            return count == 0 ? nil : value
        }

        private mutating func digits(exactly count: Int) -> Int? {
            let begin = index
            guard let value = digits(maxCount: count), index - begin == count else { return nil }
            return value
        }
    }
}
