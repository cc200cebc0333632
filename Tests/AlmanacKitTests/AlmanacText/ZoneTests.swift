import Foundation
import Testing

@testable import AlmanacEvents
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// The one rule for local times (RFC 5545, Temporal's "compatible"): a wall time in a gap moves forward
/// by the gap, one in an overlap is the earlier instant; and days begin at their first instant even
/// where midnight is skipped or a whole day is.
@Suite struct ZoneTests {
    /// Wall time as typed, the zone, the stored instant, and the wall time it shows back.
    @Test(arguments: [
        // Europe/Berlin: 02:00 → 03:00 on 2026-03-29, 03:00 → 02:00 on 2026-10-25.
        ("2026-03-29T02:30", "Europe/Berlin", "2026-03-29T01:30:00Z", "2026-03-29T03:30"),
        ("2026-03-29T02:00", "Europe/Berlin", "2026-03-29T01:00:00Z", "2026-03-29T03:00"),
        ("2026-03-29T01:59", "Europe/Berlin", "2026-03-29T00:59:00Z", "2026-03-29T01:59"),
        ("2026-10-25T02:30", "Europe/Berlin", "2026-10-25T00:30:00Z", "2026-10-25T02:30"),
        ("2026-10-25T03:00", "Europe/Berlin", "2026-10-25T02:00:00Z", "2026-10-25T03:00"),
        // America/New_York: 02:00 → 03:00 on 2026-03-08, 02:00 → 01:00 on 2026-11-01.
        ("2026-03-08T02:30", "America/New_York", "2026-03-08T07:30:00Z", "2026-03-08T03:30"),
        ("2026-11-01T01:30", "America/New_York", "2026-11-01T05:30:00Z", "2026-11-01T01:30"),
        // Australia/Lord_Howe moves by half an hour: 02:00 → 02:30 on 2026-10-04, 02:00 → 01:30 on 2026-04-05.
        ("2026-10-04T02:15", "Australia/Lord_Howe", "2026-10-03T15:45:00Z", "2026-10-04T02:45"),
        ("2026-04-05T01:45", "Australia/Lord_Howe", "2026-04-04T14:45:00Z", "2026-04-05T01:45"),
        // Pacific/Apia skipped 2011-12-30 (UTC−10 → UTC+14): its times move forward a whole day.
        ("2011-12-30T10:00", "Pacific/Apia", "2011-12-30T20:00:00Z", "2011-12-31T10:00"),
        ("2011-12-30T00:00", "Pacific/Apia", "2011-12-30T10:00:00Z", "2011-12-31T00:00"),
        ("2011-12-29T23:59", "Pacific/Apia", "2011-12-30T09:59:00Z", "2011-12-29T23:59"),
        ("2012-04-01T03:30", "Pacific/Apia", "2012-03-31T13:30:00Z", "2012-04-01T03:30"),
    ])
    func wallTimesTakeTheCompatibleInstant(_ typed: String, _ name: String, _ stored: String, _ shown: String) throws {
        let zone = try #require(Zone(identifier: name))
        let instant = try #require(Instant.seconds(iso8601: typed, zone: zone))
        #expect(Instant.utcText(instant) == stored)
        #expect(String(Instant.utcText(zone.wallTime(instant)).prefix(16)) == shown)
    }

    /// Midnight skipped (Havana, Santiago, Beirut start summer time at 00:00), midnight twice (Santiago
    /// and Beirut end it at 24:00 → 23:00), a whole day skipped (Apia): each day begins at its first
    /// instant, no day is lost or doubled, and every instant lies in the day the wall clock says.
    @Test(arguments: [
        "America/Havana", "America/Santiago", "Asia/Beirut", "Pacific/Apia", "Europe/Berlin",
        "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Tehran", "America/Godthab",
    ])
    func daysBeginAtTheirFirstInstant(_ name: String) throws {
        let zone = try #require(Zone(identifier: name))
        var previous = zone.start(of: LocalDate("1969-12-31")!)
        var problems: [String] = []
        for dayNumber in 0...LocalDate("2037-12-31")!.dayNumber {
            let day = LocalDate(dayNumber: dayNumber)
            let start = zone.start(of: day)
            let midnight = Int64(dayNumber) * 86_400
            // The first instant whose wall time has reached the day (later than midnight only in a gap),
            // and not before the day before begins.
            if start < previous || zone.wallTime(start) < midnight || zone.wallTime(start - 1) >= midnight {
                problems.append("\(day) begins at \(Instant.utcText(start))")
            }
            previous = start
        }
        #expect(problems.isEmpty, "\(name): \(problems.prefix(5))")
    }

    @Test func apiasSkippedDayHasNoInstants() throws {
        let apia = try #require(Zone(identifier: "Pacific/Apia"))
        let skipped = LocalDate("2011-12-30")!
        #expect(apia.start(of: skipped) == apia.start(of: skipped.adding(days: 1)))
        #expect(Instant.utcText(apia.start(of: skipped)) == "2011-12-30T10:00:00Z")
        let days = ZoneDays(
            range: DayRange(first: LocalDate("2011-12-29")!, last: LocalDate("2011-12-31")!)!, zone: apia)
        // An instant of the 31st is on the 31st, never on the skipped 30th.
        #expect(days.localDate(apia.start(of: skipped)).description == "2011-12-31")
        #expect(days.dayIndex(of: apia.start(of: skipped)) == 2)
        #expect(days.clockTime(apia.start(of: skipped) + 3600) == "01:00")
    }

    /// The start of "today" and `now` where midnight does not exist: Havana on 2026-03-08.
    @Test func todayInAZoneWithoutMidnight() throws {
        let noon = Date(timeIntervalSince1970: 1_772_989_200)  // 2026-03-08T17:00:00Z, 13:00 in Havana
        let settings = try Settings.resolve(
            database: nil, locale: nil, timeZone: "America/Havana", today: nil, environment: [:], now: noon)
        #expect(settings.today.description == "2026-03-08")
        #expect(Instant.format(settings.today.start(in: settings.timeZone)) == "2026-03-08T05:00:00Z")
        #expect(Instant.format(settings.now(clock: noon)) == "2026-03-08T17:00:00Z")
    }

    @Test func fixedOffsetsNeedNoSearch() throws {
        #expect(Zone.utc.instant(wall: 1_000) == 1_000)
        let india = try #require(Zone(identifier: "UTC-5:30"))  // POSIX: west of Greenwich is positive
        #expect(india.offset(at: 0) == 19_800)
        #expect(india.instant(wall: 19_800) == 0)
    }
}
