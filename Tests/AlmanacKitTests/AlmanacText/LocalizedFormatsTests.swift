import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

@Suite struct LocalizedFormatsTests {
    static let nbsp = "\u{A0}"

    /// Numbers through ICU for the exact locale: grouping and decimal separators.
    static let numbers: [(locale: String, value: Double, text: String)] = [
        ("en", 1_234_567.5, "1,234,567.5"),
        ("ru", 1_234_567.5, "1\(nbsp)234\(nbsp)567,5"),
        ("ru_RU", 1_234_567.5, "1\(nbsp)234\(nbsp)567,5"),
        ("de", 1_234_567.5, "1.234.567,5"),
        ("fr", 1_234_567.5, "1\u{202F}234\u{202F}567,5"),
        ("en", 0.25, "0.25"),
        ("ru", 0.25, "0,25"),
        ("ru", -12.5, "-12,5"),
        ("en", 1500, "1,500"),
        ("ru", 1500, "1\(nbsp)500"),
        ("en", 0.1 + 0.2, "0.3"),
    ]

    @Test(arguments: numbers)
    func number(_ sample: (locale: String, value: Double, text: String)) {
        #expect(LocalizedFormats(localizer: Localizer(locale: sample.locale)).number(sample.value) == sample.text)
    }

    @Test func integersAndPercentages() {
        let russian = LocalizedFormats(localizer: Localizer(locale: "ru"))
        #expect(russian.number(Int64(1_234_567)) == "1\(Self.nbsp)234\(Self.nbsp)567")
        #expect(russian.percent(2.0 / 3.0) == "66,7\(Self.nbsp)%")
        let english = LocalizedFormats(localizer: .english)
        #expect(english.number(Int64(-1234)) == "-1,234")
        #expect(english.percent(0.5) == "50%")
        #expect(english.bool(true) == "yes")
        #expect(russian.bool(false) == "нет")
    }

    static let monday = LocalDate(year: 2025, month: 12, day: 22)!

    /// Dates through the translation's pattern (en, ru) or ICU's pattern for the same fields (de, fr).
    static let dates: [(locale: String, text: String)] = [
        ("en", "Mon 22 Dec"),
        ("en_US", "Mon 22 Dec"),
        ("ru", "Пн, 22 дек."),
        ("de", "Mo. 22. Dez."),
        ("fr", "lun. 22 déc."),
    ]

    @Test(arguments: dates)
    func date(_ sample: (locale: String, text: String)) {
        let formats = LocalizedFormats(
            localizer: Localizer(locale: sample.locale), today: LocalDate(year: 2025, month: 12, day: 1))
        #expect(formats.date(Self.monday) == sample.text)
    }

    @Test func yearsShowOutsideTodaysYear() {
        let english = LocalizedFormats(localizer: .english, today: LocalDate(year: 2026, month: 1, day: 2))
        #expect(english.date(Self.monday) == "Mon 22 Dec 2025")
        let russian = LocalizedFormats(
            localizer: Localizer(locale: "ru"), today: LocalDate(year: 2026, month: 1, day: 2))
        #expect(russian.date(Self.monday) == "Пн, 22 дек. 2025")
        #expect(
            LocalizedFormats(localizer: .english).date(Self.monday) == "Mon 22 Dec 2025", "no today: years always show")
    }

    /// Instants in the chosen zone: 13:30 UTC is 16:30 in Moscow and 08:30 in New York.
    @Test func instantsAreShownInTheChosenZone() throws {
        let instant = try #require(Instant.parse("2025-12-22T13:30:00Z"))
        let today = LocalDate(year: 2025, month: 12, day: 20)
        func shown(_ locale: String, _ zone: String) -> String {
            LocalizedFormats(localizer: Localizer(locale: locale), timeZone: Zone(identifier: zone)!, today: today)
                .instant(instant)
        }
        #expect(shown("en", "Europe/Moscow") == "Mon 22 Dec 16:30")
        #expect(shown("en", "America/New_York") == "Mon 22 Dec 08:30")
        #expect(shown("ru", "Europe/Moscow") == "Пн, 22 дек., 16:30")
        #expect(shown("en", "Pacific/Kiritimati") == "Tue 23 Dec 03:30", "the day changes with the zone")
        let newYear = try #require(Instant.parse("2025-12-31T22:30:00Z"))
        let tokyo = LocalizedFormats(localizer: .english, timeZone: Zone(identifier: "Asia/Tokyo")!, today: today)
        #expect(tokyo.instant(newYear) == "Thu 1 Jan 2026 07:30", "the year is the zone's year")
    }

    @Test func datePatternsAreTranslationsOnlyForLanguagesWithWords() {
        #expect(LocalizedFormats(localizer: .english).datePattern("format.date") == "EEE d MMM")
        #expect(LocalizedFormats(localizer: Localizer(locale: "ru")).datePattern("format.date") == "EEE, d MMM")
        #expect(LocalizedFormats(localizer: Localizer(locale: "de")).datePattern("format.date") == "EEE d. MMM")
    }

    @Test func instantsParseAndFormatAsStored() throws {
        let instant = try #require(Instant.parse("2025-12-22T13:30:05Z"))
        #expect(Instant.format(instant) == "2025-12-22T13:30:05Z")
        #expect(Instant.parse("2025-12-22 13:30:05") == instant)
        #expect(Instant.format(try #require(Instant.parse("1969-12-31T23:59:59Z"))) == "1969-12-31T23:59:59Z")
        for bad in ["2025-12-22", "2025-12-22T24:00:00Z", "2025-02-30T00:00:00Z", "2025-12-22T13:30:05+01:00", "x"] {
            #expect(Instant.parse(bad) == nil, "\(bad)")
        }
    }
}
