import AlmanacKinds
import AlmanacText

/// The days an agenda or a set of cards covers, first to last inclusive.
public struct DayRange: Sendable, Equatable {
    /// The first day.
    public let first: LocalDate
    /// The last day (not before `first`).
    public let last: LocalDate
    /// True when the range asked for began before 0001-01-01 and begins there instead (`resolve`).
    public private(set) var beginsAtTheFirstDay = false
    /// True when the range asked for ran past 9999-12-31 and ends there instead (`resolve`).
    public private(set) var endsAtTheLastDay = false

    /// The longest range shown at once: ten years of days.
    public static let maximumDays = 3_660
    /// The length of the default range: today and the next six days.
    public static let defaultDays = 7

    /// A range from `first` to `last`; nil when `last` is before `first`.
    public init?(first: LocalDate, last: LocalDate) {
        guard first <= last else { return nil }
        self.first = first
        self.last = last
    }

    /// How many days the range holds.
    public var count: Int { first.days(to: last) + 1 }

    /// The day `offset` days after the first.
    public func day(_ offset: Int) -> LocalDate { first.adding(days: offset) }

    /// The range the options `--from D`, `--to D` and `--days N` describe: from `--from` (default
    /// today) to `--to` (inclusive), or for `--days` days, or for a week. Days are `YYYY-MM-DD`,
    /// `today`, `today+N` or `today-N`; a range that would run before 0001-01-01 or past 9999-12-31
    /// is cut there (`beginsAtTheFirstDay`, `endsAtTheLastDay`), as the user named no day outside the
    /// years. Anything else is a usage error naming the option.
    public static func resolve(from: String?, to: String?, days: Int?, today: LocalDate) throws -> DayRange {
        let (first, fromCut) = try from.map { try day($0, option: "--from", today: today) } ?? (today, false)
        let wanted: Int
        var toCut = false
        switch (to, days) {
        case (.some, .some):
            throw AlmanacError(.usage, "events.error.to-and-days")
        case (.some(let text), nil):
            let last: LocalDate
            (last, toCut) = try day(text, option: "--to", today: today)
            guard first <= last else {
                throw AlmanacError(
                    .usage, "events.error.to-before-from", ["from": first.description, "to": last.description])
            }
            wanted = last.dayNumber
        case (nil, .some(let count)):
            guard (1...maximumDays).contains(count) else {
                throw AlmanacError(
                    .usage, "events.error.bad-days", ["value": String(count), "max": String(maximumDays)])
            }
            wanted = first.dayNumber + count - 1
        case (nil, nil):
            wanted = first.dayNumber + defaultDays - 1
        }
        let last = LocalDate(checkedDayNumber: wanted) ?? LocalDate.last
        guard var range = DayRange(first: first, last: last), range.count <= maximumDays else {
            throw AlmanacError(
                .usage, "events.error.range-too-long",
                ["from": first.description, "to": last.description, "max": String(maximumDays)])
        }
        range.beginsAtTheFirstDay = fromCut && first == LocalDate.first || toCut && last == LocalDate.first
        range.endsAtTheLastDay =
            wanted > last.dayNumber || fromCut && first == LocalDate.last || toCut && last == LocalDate.last
        return range
    }

    /// The notes that say where the range was cut, in `localizer`'s words (none when it was not).
    public func notes(_ localizer: Localizer) -> [String] {
        (beginsAtTheFirstDay ? [localizer("events.note.range-begins")] : [])
            + (endsAtTheLastDay ? [localizer("events.note.range-ends")] : [])
    }

    package static func day(_ text: String, option: String, today: LocalDate) throws -> (LocalDate, Bool) {
        guard let day = ReportParameter.day(text, today: today) else {
            throw AlmanacError(.usage, "events.error.bad-day", ["option": option, "value": text])
        }
        return day
    }
}
