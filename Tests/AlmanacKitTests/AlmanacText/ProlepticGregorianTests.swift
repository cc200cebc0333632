import AlmanacStore
import Foundation
import TestSupport
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite
@testable import AlmanacText

/// One calendar everywhere: the proleptic Gregorian, 0001-01-01 to 9999-12-31. The library's days and
/// weekdays, SQLite's `date()` and `strftime('%w')`, Python's `datetime` and the localized dates agree
/// on every day of a table that crosses 1582 (when ICU's default calendar turns Julian) and on a seeded
/// sample of the whole range.
@Suite struct ProlepticGregorianTests {
    static let named = [
        "0001-01-01", "0001-12-31", "0004-02-29", "0100-02-28", "0100-03-01", "0400-02-29", "1000-01-01", "1500-02-28",
        "1500-03-01", "1582-10-04", "1582-10-05", "1582-10-14", "1582-10-15", "1600-02-29", "1700-02-28", "1700-03-01",
        "1752-09-02", "1752-09-14", "1900-02-28", "1900-03-01", "1918-02-14", "1970-01-01", "2000-02-29", "2025-12-22",
        "9999-12-31",
    ].map { LocalDate($0)! }

    /// The table and a seeded sample of day numbers over the whole range.
    static let days: [LocalDate] = {
        var random = SplitMix64(seed: 1_582_10_15)
        let range = LocalDate.first.dayNumber...LocalDate.last.dayNumber
        return named + (0..<2_000).map { _ in LocalDate(dayNumber: range.lowerBound + random.below(range.count)) }
    }()

    /// Days that do not exist in the proleptic Gregorian calendar (but do in the Julian: 1500 and 1700
    /// were leap years there).
    @Test(arguments: ["1500-02-29", "1700-02-29", "1900-02-29", "0100-02-29", "0000-01-01", "10000-01-01"])
    func julianLeapDaysDoNotExist(_ text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test func sqliteCountsTheSameDaysAndWeekdays() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        for day in Self.days {
            // julianday 2440587.5 is 1970-01-01T00:00Z.
            let row = try database.rows(
                "SELECT date(?1), CAST(strftime('%w', ?1) AS INTEGER)",
                [.real(2_440_587.5 + Double(day.dayNumber))])[0]
            #expect(row[0] == .text(day.description))
            #expect(row[1] == .integer(Int64(day.isoWeekday % 7)), "\(day)")
            #expect(LocalDate(day.description)?.dayNumber == day.dayNumber)
        }
    }

    @Test(.enabled(if: Python.missing == nil, Comment(rawValue: Python.missing ?? "")))
    func pythonCountsTheSameDaysAndWeekdays() throws {
        let script = """
            import sys, datetime
            for n in sys.stdin.read().split():
                d = datetime.date.fromordinal(int(n) + 719163)
                print(f"{d.year:04d}-{d.month:02d}-{d.day:02d} {d.isoweekday()}")
            """
        let lines = try Python.run(script, input: Self.days.map { String($0.dayNumber) }.joined(separator: "\n")).split(
            separator: "\n")
        #expect(lines.count == Self.days.count)
        for (day, line) in zip(Self.days, lines) {
            #expect(line == "\(day) \(day.isoWeekday)")
        }
    }

    /// Shown dates name the weekday and month the day has: each old date reads as the modern date with
    /// the same month, day and weekday does, but for its year (ICU's own Julian reading would give
    /// 1500-03-01 as "Thu 20 Feb" or as a Sunday).
    @Test(arguments: ["en", "ru"])
    func shownDatesAreProlepticGregorian(_ locale: String) throws {
        let formats = LocalizedFormats(localizer: Localizer(locale: locale))
        #expect(LocalizedFormats(localizer: .english).date(LocalDate("1500-03-01")!) == "Thu 1 Mar 1500")
        for day in Self.days {
            let twin = try #require(Self.modernTwin(of: day))
            let expected = formats.date(twin).replacingOccurrences(of: String(twin.year), with: String(day.year))
            #expect(formats.date(day) == expected, "\(day) as \(twin)")
        }
    }

    /// Instants too, in a zone: 1500-03-01T12:00 in Berlin (local mean time, +00:53:28).
    @Test func shownInstantsAreProlepticGregorian() throws {
        let berlin = try #require(Zone(identifier: "Europe/Berlin"))
        let instant = try #require(Instant.seconds(iso8601: "1500-03-01T12:00", zone: berlin))
        #expect(Instant.utcText(instant) == "1500-03-01T11:06:32Z")
        #expect(
            LocalizedFormats(localizer: .english, timeZone: berlin).instant(
                Date(timeIntervalSince1970: TimeInterval(instant)))
                == "Thu 1 Mar 1500 12:00")
        #expect(
            LocalizedFormats(localizer: Localizer(locale: "ru"), timeZone: berlin).instant(
                Date(timeIntervalSince1970: TimeInterval(instant)))
                == "Чт, 1 марта 1500, 12:00")
    }

    /// A date from 2000 to 2399 with the same month, day of month and weekday.
    static func modernTwin(of day: LocalDate) -> LocalDate? {
        (2000...2399).lazy.compactMap { LocalDate(year: $0, month: day.month, day: day.day) }
            .first { $0.isoWeekday == day.isoWeekday && String($0.year) != String(day.year) }
    }
}
