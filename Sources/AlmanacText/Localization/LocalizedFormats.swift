import Foundation

/// Numbers, dates and counted nouns the way a user's locale writes them, through ICU.
///
/// Number shapes come from ICU for the exact locale asked for (`ru`: `1 234 567,5` with a no-break
/// space). Date patterns are translation entries (`format.date` = `EEE d MMM` gives `Mon 22 Dec`), so
/// a language with words of its own chooses its own order; a locale without words (de, fr) gets
/// ICU's best pattern for the same fields. ICU's formatters are costly to build (half the time of a
/// `serve` page, which made them afresh for each table) and not safe to share between threads: each
/// thread keeps the ones it built, by locale and pattern (`FormatterCache`).
///
/// Dates are proleptic Gregorian, as stored and as SQLite counts them: ICU's Gregorian calendar turns
/// Julian before 1582-10-15 unless told otherwise, which would call 1500-03-01 "Thu 20 Feb". ICU only
/// names the fields here: it formats the wall-clock time (worked out by `Zone`) as if in UTC, with the
/// Gregorian change moved to the distant past.
public final class LocalizedFormats {
    /// The words and the locale.
    public let localizer: Localizer
    /// The zone instants are shown in.
    public let timeZone: Zone
    /// The day "today" means: dates in another year show their year. Nil shows every year.
    public let today: LocalDate?

    private let locale: Locale
    private lazy var decimal = FormatterCache.number(locale: locale, style: .decimal, fractionDigits: 6)
    private lazy var percentage = FormatterCache.number(locale: locale, style: .percent, fractionDigits: 1)
    private var dateFormatters: [String: DateFormatter] = [:]

    /// Formats for a localizer, showing instants in `timeZone`.
    public init(localizer: Localizer, timeZone: Zone = .utc, today: LocalDate? = nil) {
        self.localizer = localizer
        self.timeZone = timeZone
        self.today = today
        self.locale = Locale(identifier: localizer.localeIdentifier)
    }

    /// A whole number with the locale's grouping (`1 234`).
    public func number(_ value: Int64) -> String {
        decimal.string(from: NSNumber(value: value)) ?? String(value)
    }

    /// A number with up to six decimals and the locale's separators (`0,25`).
    public func number(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        return decimal.string(from: NSNumber(value: value)) ?? String(value)
    }

    /// A fraction as a percentage with one decimal at most (`0.6667` → `66,7 %` in Russian).
    public func percent(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        return percentage.string(from: NSNumber(value: value)) ?? String(value)
    }

    /// A number with its noun in the right plural form: `unit.book` and 21 give `21 книга`.
    public func count(_ value: Int64, unit: String) -> String {
        let category = PluralRules.category(of: value, language: localizer.language)
        return localizer.plural(unit, category, ["count": number(value)])
    }

    /// A calendar day: `Mon 22 Dec`, or `Mon 22 Dec 2025` outside today's year.
    public func date(_ value: LocalDate) -> String {
        let key = showsYear(value.year) ? "format.date-year" : "format.date"
        return formatter(key).string(from: Date(timeIntervalSince1970: TimeInterval(value.dayNumber) * 86_400))
    }

    /// A moment in the chosen zone: `Mon 22 Dec 16:30`, with the year outside today's year. A moment
    /// whose day in the zone is outside the years 0001 to 9999 (one stored within a day of their ends)
    /// is shown as stored, `0001-01-01T00:30:00Z`: ICU would call year 0 "1".
    public func instant(_ value: Date) -> String {
        let wall = timeZone.wallTime(Int64(value.timeIntervalSince1970.rounded(.down)))
        guard let day = LocalDate(checkedDayNumber: Int(wall.floorDivided(by: 86_400))) else {
            return Instant.format(value)
        }
        let key = showsYear(day.year) ? "format.date-time-year" : "format.date-time"
        return formatter(key).string(from: Date(timeIntervalSince1970: TimeInterval(wall)))
    }

    /// A moment on another day than the one shown, by its time and weekday: `01:30 Tue`, `01:30, вт`.
    public func timeAndWeekday(_ value: Date) -> String {
        let wall = timeZone.wallTime(Int64(value.timeIntervalSince1970.rounded(.down)))
        return formatter("format.time-weekday").string(from: Date(timeIntervalSince1970: TimeInterval(wall)))
    }

    /// Yes or no, in words.
    public func bool(_ value: Bool) -> String {
        localizer(value ? "value.yes" : "value.no")
    }

    private func showsYear(_ year: Int) -> Bool {
        guard let today else { return true }
        return year != today.year
    }

    /// A formatter of wall-clock times given as UTC instants, in the proleptic Gregorian calendar.
    private func formatter(_ key: String) -> DateFormatter {
        if let cached = dateFormatters[key] { return cached }
        let formatter = FormatterCache.date(locale: locale, pattern: datePattern(key))
        dateFormatters[key] = formatter
        return formatter
    }

    /// The ICU pattern for a date key: the translation when the language has words of its own,
    /// else ICU's best pattern for the same fields in the user's locale.
    package func datePattern(_ key: String) -> String {
        let pattern = localizer(key)
        guard !localizer.hasOwnWords else { return pattern }
        let template = String(pattern.filter { $0.isLetter && $0.isASCII })
        return DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? pattern
    }
}

/// The ICU formatters this thread has built, by what they were built for: each is configured once,
/// then only read, and never leaves its thread.
private enum FormatterCache {
    private static let utc = TimeZone(identifier: "UTC")!

    /// A formatter of wall-clock times given as UTC instants, in the proleptic Gregorian calendar.
    static func date(locale: Locale, pattern: String) -> DateFormatter {
        cached("date\u{1}" + locale.identifier + "\u{1}" + pattern) {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = utc
            // Stored dates are Gregorian; a locale whose default calendar differs still reads them as such.
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = utc
            formatter.calendar = calendar
            // After the calendar, which brings its own change date (1582-10-15).
            formatter.gregorianStartDate = .distantPast
            formatter.dateFormat = pattern
            return formatter
        }
    }

    static func number(locale: Locale, style: NumberFormatter.Style, fractionDigits: Int) -> NumberFormatter {
        cached("number\u{1}" + locale.identifier + "\u{1}\(style.rawValue)\u{1}\(fractionDigits)") {
            let formatter = NumberFormatter()
            formatter.locale = locale
            formatter.numberStyle = style
            formatter.maximumFractionDigits = fractionDigits
            return formatter
        }
    }

    private static func cached<Formatter: AnyObject>(_ key: String, _ make: () -> Formatter) -> Formatter {
        let cache = Thread.current.threadDictionary
        if let formatter = cache[key] as? Formatter { return formatter }
        let formatter = make()
        cache[key] = formatter
        return formatter
    }
}

extension Localizer {
    /// True when the locale's language has translations of its own (`ru_RU`), false when its words
    /// fall back to English (`de`).
    public var hasOwnWords: Bool { language == LocaleResolver.language(of: localeIdentifier) }

    /// The form of a counted noun for a plural category, falling back to `other`: `stem.few` with
    /// `{count}` replaced.
    public func plural(_ stem: String, _ category: PluralCategory, _ arguments: [String: String]) -> String {
        let key = stem + "." + category.rawValue
        return self(hasKey(key) ? key : stem + ".other", arguments)
    }

    /// A number with its noun in the right plural form, for messages (`Imported 21 books`).
    public func count(_ value: Int, unit: String) -> String {
        LocalizedFormats(localizer: self).count(Int64(value), unit: unit)
    }
}
