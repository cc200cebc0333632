import Foundation

/// A calendar day with no time and no zone (`2025-12-22`), as stored in `*_on` columns.
///
/// Arithmetic is done on day numbers (days since 1970-01-01, proleptic Gregorian: the Gregorian
/// calendar carried back before its 1582 start, as ISO 8601 and SQLite's date functions count), so it
/// is exact and the same in every time zone, and 1500-03-01 is a Thursday here as in SQLite.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The first day a date can be: 0001-01-01.
    public static let first = LocalDate(year: 1, month: 1, day: 1)!
    /// The last day a date can be: 9999-12-31.
    public static let last = LocalDate(year: 9999, month: 12, day: 31)!

    /// A date from its parts, or nil when the day does not exist (2025-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...LocalDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`; nil for any other text or for a day that does not exist.
    public init?(_ text: some StringProtocol) {
        func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDate? {
            LocalDate(bytes: UnsafeRawBufferPointer(bytes))
        }
        guard
            let date = text.utf8.withContiguousStorageIfAvailable(parse)
                ?? ContiguousArray(text.utf8).withUnsafeBufferPointer(parse)
        else { return nil }
        self = date
    }

    /// The day that contains `instant` in `zone`.
    public init(_ instant: Date, in zone: Zone) {
        let seconds = Int64(instant.timeIntervalSince1970.rounded(.down))
        self.init(dayNumber: Int(zone.wallTime(seconds).floorDivided(by: 86_400)))
    }

    /// The date `dayNumber` days after 1970-01-01 (Howard Hinnant's civil-from-days).
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = z.floorDiv(146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
    }

    /// The date `dayNumber` days after 1970-01-01 when it lies in the years 0001 to 9999, else nil
    /// (`init(dayNumber:)` makes any proleptic year, as the zone rules need).
    public init?(checkedDayNumber dayNumber: Int) {
        guard Self.dayNumbers.contains(dayNumber) else { return nil }
        self.init(dayNumber: dayNumber)
    }

    /// The day numbers of 0001-01-01 to 9999-12-31.
    public static let dayNumbers = first.dayNumber...last.dayNumber

    /// Days since 1970-01-01 (negative before it).
    public var dayNumber: Int { Self.dayNumber(year: year, month: month, day: day) }

    /// Days since 1970-01-01 of a proleptic Gregorian year, month and day, for any year (Howard
    /// Hinnant's days-from-civil): the zone rules need years just outside 1 to 9999.
    package static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDiv(400)
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let y = String(year)
        let m = String(month)
        let d = String(day)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-"
            + (m.count < 2 ? "0" : "") + m + "-" + (d.count < 2 ? "0" : "") + d
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// The same day `months` months later, clamped to the end of a shorter month
    /// (Nov 30 + 3 months = Feb 28, or Feb 29 in a leap year).
    public func adding(months: Int) -> LocalDate {
        let index = year * 12 + (month - 1) + months
        let newYear = index.floorDiv(12)
        let newMonth = index - newYear * 12 + 1
        let clamped = min(day, LocalDate.daysIn(month: newMonth, year: newYear))
        return LocalDate(year: newYear, month: newMonth, day: clamped) ?? self
    }

    /// Whole days from this date to `other` (positive when `other` is later).
    public func days(to other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// Day of the week, 1 = Monday ... 7 = Sunday (ISO 8601).
    public var isoWeekday: Int { (dayNumber + 3).floorMod(7) + 1 }

    /// The instant this day starts in `zone` (local midnight, or the first moment after a gap).
    public func start(in zone: Zone) -> Date { Date(timeIntervalSince1970: TimeInterval(zone.start(of: self))) }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The number of days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// True for a Gregorian leap year.
    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }
}

extension Int {
    /// Division rounding toward negative infinity.
    package func floorDiv(_ divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder that has the divisor's sign.
    package func floorMod(_ divisor: Int) -> Int { self - floorDiv(divisor) * divisor }
}

/// The value of a run of ASCII decimal digits; nil when any byte is not a digit.
func decimalDigits(_ bytes: some Collection<UInt8>) -> Int? {
    var value = 0
    for byte in bytes {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
}
