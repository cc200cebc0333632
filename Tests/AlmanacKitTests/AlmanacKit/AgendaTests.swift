import Foundation
import Testing

@testable import AlmanacEvents
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// Grouping events into the days of a time zone.
@Suite struct AgendaTests {
    static let utc = Zone(identifier: "UTC")!
    static let tokyo = Zone(identifier: "Asia/Tokyo")!
    static let berlin = Zone(identifier: "Europe/Berlin")!

    /// An event from UTC date-times (`2025-12-22T10:00Z`).
    static func event(_ id: Int64, _ start: String, _ end: String? = nil) -> Event {
        Event(
            id: id, title: "event \(id)", startsAt: Instant.seconds(iso8601: start, zone: utc)!,
            endsAt: end.map { Instant.seconds(iso8601: $0, zone: utc)! })
    }

    static func range(_ first: String, _ last: String) -> DayRange {
        DayRange(first: LocalDate(first)!, last: LocalDate(last)!)!
    }

    /// Each day with events as `day: id(continuation) id ...`.
    static func layout(_ agenda: Agenda) -> [String] {
        agenda.groups.map { day in
            day.date.description + ": "
                + day.occurrences.map { occurrence in
                    String(occurrence.event.id) + (occurrence.continuation.map { "(\($0.rawValue))" } ?? "")
                }.joined(separator: " ")
        }
    }

    /// The same instants fall on different days in UTC and in Tokyo (UTC+9).
    static let acrossZones = [
        event(1, "2025-12-22T10:00Z", "2025-12-22T11:00Z"),  // Tokyo 19:00–20:00 on the 22nd
        event(2, "2025-12-22T14:30Z", "2025-12-22T15:30Z"),  // Tokyo 23:30–00:30: crosses midnight there
        event(3, "2025-12-22T15:00Z", "2025-12-23T00:00Z"),  // UTC: ends at 00:00; Tokyo 00:00–09:00 on the 23rd
        event(4, "2025-12-22T16:00Z", "2025-12-22T17:00Z"),  // Tokyo 01:00–02:00 on the 23rd
        event(5, "2025-12-23T23:00Z"),  // a point: UTC the 23rd, Tokyo 08:00 on the 24th
    ].sorted { $0.startsAt < $1.startsAt }

    @Test func sameEventsFallOnTheirDaysInUTC() {
        let agenda = Agenda(events: Self.acrossZones, range: Self.range("2025-12-21", "2025-12-24"), zone: Self.utc)
        #expect(Self.layout(agenda) == ["2025-12-22: 1 2 3 4", "2025-12-23: 5"])
        #expect(agenda.hours(agenda.groups[0].occurrences[2], allDay: "all day") == "15:00–00:00")
    }

    @Test func sameEventsFallOnTheirDaysInTokyo() {
        let agenda = Agenda(events: Self.acrossZones, range: Self.range("2025-12-21", "2025-12-24"), zone: Self.tokyo)
        #expect(Self.layout(agenda) == ["2025-12-22: 1 2(continues)", "2025-12-23: 2(continued) 3 4", "2025-12-24: 5"])
        let hours = agenda.groups.flatMap(\.occurrences).map { agenda.hours($0, allDay: "all day") }
        #expect(hours == ["19:00–20:00", "23:30–..:..", "..:..–00:30", "00:00–09:00", "01:00–02:00", "08:00"])
    }

    @Test func aRangeOfOneDayInEachZone() {
        let tokyoDay = Agenda(events: Self.acrossZones, range: Self.range("2025-12-23", "2025-12-23"), zone: Self.tokyo)
        #expect(Self.layout(tokyoDay) == ["2025-12-23: 2(continued) 3 4"])
        let utcDay = Agenda(events: Self.acrossZones, range: Self.range("2025-12-23", "2025-12-23"), zone: Self.utc)
        #expect(Self.layout(utcDay) == ["2025-12-23: 5"], "the event ending at 00:00 stays on the 22nd")
    }

    @Test func anEventEndingAtMidnightDoesNotSpill() {
        // Berlin's winter solstice concert: 21:00 to 00:00 local (20:00Z to 23:00Z).
        let concert = Self.event(18, "2025-12-20T20:00Z", "2025-12-20T23:00Z")
        let agenda = Agenda(events: [concert], range: Self.range("2025-12-20", "2025-12-21"), zone: Self.berlin)
        #expect(Self.layout(agenda) == ["2025-12-20: 18"])
        #expect(agenda.hours(agenda.groups[0].occurrences[0], allDay: "all day") == "21:00–00:00")
        // One second later, it spills.
        let later = Self.event(19, "2025-12-20T20:00Z", "2025-12-20T23:00:01Z")
        #expect(
            Self.layout(Agenda(events: [later], range: Self.range("2025-12-20", "2025-12-21"), zone: Self.berlin))
                == ["2025-12-20: 19(continues)", "2025-12-21: 19(continued)"])
    }

    @Test func anEventStartingAtMidnightBelongsToThatDay() {
        let events = [Self.event(1, "2025-12-21T23:00Z", "2025-12-22T01:00Z"), Self.event(2, "2025-12-21T23:00Z")]
        let agenda = Agenda(events: events, range: Self.range("2025-12-21", "2025-12-22"), zone: Self.berlin)
        #expect(Self.layout(agenda) == ["2025-12-22: 1 2"])
    }

    @Test func aZeroLengthEventIsAPointInTime() {
        let agenda = Agenda(
            events: [Self.event(1, "2025-12-21T23:00Z", "2025-12-21T23:00Z")],
            range: Self.range("2025-12-21", "2025-12-22"), zone: Self.berlin)
        #expect(Self.layout(agenda) == ["2025-12-22: 1"])
        #expect(agenda.hours(agenda.groups[0].occurrences[0], allDay: "all day") == "00:00")
    }

    @Test func aLongEventFillsTheDaysBetween() {
        let weekend = Self.event(7, "2025-12-26T07:00Z", "2025-12-28T17:00Z")
        let agenda = Agenda(events: [weekend], range: Self.range("2025-12-25", "2025-12-29"), zone: Self.berlin)
        #expect(
            Self.layout(agenda) == ["2025-12-26: 7(continues)", "2025-12-27: 7(through)", "2025-12-28: 7(continued)"])
        #expect(
            agenda.groups.flatMap(\.occurrences).map { agenda.hours($0, allDay: "all day") } == [
                "08:00–..:..", "..:..–..:..", "..:..–18:00",
            ])
        #expect(agenda.eventCount == 1)
        // A range inside the event shows only its own days.
        let inside = Agenda(events: [weekend], range: Self.range("2025-12-27", "2025-12-27"), zone: Self.berlin)
        #expect(Self.layout(inside) == ["2025-12-27: 7(through)"])
    }

    @Test func eventsOutsideTheRangeAreLeftOut() {
        let events = [Self.event(1, "2025-12-19T10:00Z", "2025-12-19T11:00Z"), Self.event(2, "2025-12-25T10:00Z")]
        #expect(Agenda(events: events, range: Self.range("2025-12-21", "2025-12-24"), zone: Self.utc).groups.isEmpty)
    }

    @Test func anEmptyRangeHasNoDays() {
        let agenda = Agenda(events: [], range: Self.range("2025-12-21", "2025-12-27"), zone: Self.tokyo)
        #expect(agenda.groups.isEmpty)
        #expect(agenda.eventCount == 0)
        #expect(agenda.occurrences.isEmpty)
    }

    /// Berlin springs forward on 30 March 2025 (02:00 → 03:00) and falls back on 26 October.
    @Test func hoursAreRightOnTheDaysTheClocksChange() {
        let spring = Self.event(1, "2025-03-30T00:30Z", "2025-03-30T01:30Z")  // 01:30 CET to 03:30 CEST
        let autumn = Self.event(2, "2025-10-26T00:30Z", "2025-10-26T01:30Z")  // 02:30 CEST to 02:30 CET
        let events = [spring, autumn]
        let agenda = Agenda(events: events, range: Self.range("2025-03-29", "2025-10-27"), zone: Self.berlin)
        #expect(Self.layout(agenda) == ["2025-03-30: 1", "2025-10-26: 2"])
        #expect(agenda.occurrences.map { agenda.hours($0, allDay: "all day") } == ["01:30–03:30", "02:30–02:30"])
    }

    /// The sample week in three zones. In Berlin the Moscow rehearsal (19:00 +03:00) is at 17:00; in
    /// Tokyo the Berlin video call (16:00 on the 21st) is already 00:00 on the 22nd, the gift wrapping
    /// party (16:30) is 00:30 on the 23rd, and the carol walk (18:00 on the 23rd) falls on the 24th.
    @Test func theSampleEventsGroupByTheirOwnDays() throws {
        let berlin = try EventFixture.agenda("2025-12-22", days: 2)
        #expect(
            Self.layout(berlin) == ["2025-12-22: 903(through) 21 901 22 23", "2025-12-23: 903(continued) 902 24 25"])
        let tokyo = try EventFixture.agenda("2025-12-22", days: 2, zone: Self.tokyo)
        #expect(Self.layout(tokyo) == ["2025-12-22: 903(through) 20 21 901", "2025-12-23: 903(through) 22 23 902 24"])
        let utc = try EventFixture.agenda("2025-12-20", days: 2, zone: Self.utc)
        #expect(Self.layout(utc) == ["2025-12-20: 17 18", "2025-12-21: 903(continues) 19 20"])
    }
}
