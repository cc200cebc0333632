/// The days an agenda or a set of cards covers, first to last inclusive.
public struct DayRange: Sendable, Equatable {
    /// The first day.
    public let first: LocalDate
    /// The last day (not before `first`).
    public let last: LocalDate

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
    /// `today`, `today+N` or `today-N`. Anything else is a usage error naming the option.
    public static func resolve(from: String?, to: String?, days: Int?, today: LocalDate) throws -> DayRange {
        let first = try from.map { try day($0, option: "--from", today: today) } ?? today
        let last: LocalDate
        switch (to, days) {
        case (.some, .some):
            throw AlmanacError(.usage, "events.error.to-and-days")
        case (.some(let text), nil):
            last = try day(text, option: "--to", today: today)
            guard first <= last else {
                throw AlmanacError(.usage, "events.error.to-before-from", ["from": first.description, "to": last.description])
            }
        case (nil, .some(let count)):
            guard (1...maximumDays).contains(count) else {
                throw AlmanacError(.usage, "events.error.bad-days", ["value": String(count), "max": String(maximumDays)])
            }
            last = first.adding(days: count - 1)
        case (nil, nil):
            last = first.adding(days: defaultDays - 1)
        }
        guard last.year <= 9999 else {
            throw AlmanacError(.usage, "events.error.bad-day", ["option": days == nil ? "--to" : "--days", "value": last.description])
        }
        guard let range = DayRange(first: first, last: last), range.count <= maximumDays else {
            throw AlmanacError(.usage, "events.error.range-too-long",
                ["from": first.description, "to": last.description, "max": String(maximumDays)])
        }
        return range
    }

    private static func day(_ text: String, option: String, today: LocalDate) throws -> LocalDate {
        guard let day = ReportParameter.date(text, today: today), (1...9999).contains(day.year) else {
            throw AlmanacError(.usage, "events.error.bad-day", ["option": option, "value": text])
        }
        return day
    }
}
