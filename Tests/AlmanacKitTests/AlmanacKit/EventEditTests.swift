import Foundation
import Testing

@testable import AlmanacEvents
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// `events add` and `events edit`: the fields become the events kind's columns and are checked by the
/// import's rules, named by their options; all-day events are days, the same in every zone.
@Suite struct EventEditTests {
    static let berlin = Zone(identifier: "Europe/Berlin")!
    let directory: TemporaryDirectory
    let store: EventStore

    init() throws {
        directory = try TemporaryDirectory()
        store = EventStore(database: try Store.create(directory.path("events.db")))
    }

    @Test(arguments: [
        ("2025-12-22T16:30", "2025-12-22T15:30:00Z"),
        ("2025-12-22 16:30:00", "2025-12-22T15:30:00Z"),
        ("2025-12-22T16:30Z", "2025-12-22T16:30:00Z"),
        ("2025-12-22T16:30:00+03:00", "2025-12-22T13:30:00Z"),
        ("2025-12-22T16:30-0500", "2025-12-22T21:30:00Z"),
        ("2025-07-01T12:00", "2025-07-01T10:00:00Z"),
    ])
    func startsAreReadWithOrWithoutAnOffset(_ text: String, _ utc: String) throws {
        let event = try store.add(EventEdit(title: "Gift wrapping", at: text), zone: Self.berlin)
        #expect(Instant.utcText(event.startsAt) == utc)
        #expect(event.endsAt == nil && !event.allDay)
    }

    @Test func emptyOptionalValuesAreNone() throws {
        let event = try store.add(
            EventEdit(title: "T", at: "2025-12-22T10:00", ends: "", person: "", image: "", description: ""),
            zone: Self.berlin)
        #expect(event.person == nil && event.image == nil && event.description == nil && event.endsAt == nil)
        let same = try store.add(
            EventEdit(title: "T", at: "2025-12-22T10:00", ends: "2025-12-22T10:00"), zone: Self.berlin)
        #expect(same.endsAt == same.startsAt, "an end equal to the start is allowed")
    }

    @Test func aDayIsAnAllDayEventTheSameInEveryZone() throws {
        let one = try store.add(EventEdit(title: "Christmas Eve", at: "2025-12-24"), zone: Self.berlin)
        #expect(
            one.allDay && Instant.utcText(one.startsAt) == "2025-12-24T00:00:00Z"
                && one.endsAt.map(Instant.utcText) == "2025-12-25T00:00:00Z")
        let three = try store.add(
            EventEdit(title: "Market", at: "2025-12-24", ends: "2025-12-26"), zone: Zone(identifier: "Asia/Tokyo")!)
        #expect(three.days == (LocalDate("2025-12-24")!, LocalDate("2025-12-26")!))
        let timed = try store.update(
            id: three.id, EventEdit(at: "2025-12-24T10:00", ends: "2025-12-24T12:00"), zone: Self.berlin)
        #expect(!timed.allDay)
        let back = try store.update(id: three.id, EventEdit(at: "2025-12-27", ends: ""), zone: Self.berlin)
        #expect(back.allDay && back.days == (LocalDate("2025-12-27")!, LocalDate("2025-12-27")!))
    }

    @Test(
        arguments: [
            ("", "2025-12-22T10:00", nil, Failure.invalidData, "--title: a value is required"),
            (
                "  ", "2025-12-22T10:00", nil, .invalidData,
                "--title \"  \" is blank (a value other than spaces is required)"
            ),
            (
                "T", "2025-02-30T10:00", nil, .usage,
                "--at \"2025-02-30T10:00\" is not a date and time or a day (expected ISO 8601, e.g. 2025-12-22T16:30 or 2025-12-22T16:30:00+03:00, a day and time as spreadsheets write them, e.g. 22.12.2025 16:30 or 12/22/2025 4:30 PM, or 2025-12-24 for the whole day)"
            ),
            (
                "T", "2025-12-22T10:00", "tomorrow", .usage,
                "--ends \"tomorrow\" is not a date and time or a day (expected ISO 8601, e.g. 2025-12-22T16:30 or 2025-12-22T16:30:00+03:00, a day and time as spreadsheets write them, e.g. 22.12.2025 16:30 or 12/22/2025 4:30 PM, or 2025-12-24 for the whole day)"
            ),
            (
                "T", "2025-12-22T10:00", "2025-12-22T09:59", .invalidData,
                "--ends \"2025-12-22T09:59\" (2025-12-22T08:59:00Z) is before --at (2025-12-22T09:00:00Z)"
            ),
            (
                "T", "0001-01-01T00:30", nil, .invalidData,
                "--at \"0001-01-01T00:30\" falls outside the years 0001 to 9999 in UTC, the years the database can hold"
            ),
            (
                "T", "2026-03-29T02:30", "2026-03-29T03:15", .invalidData,
                "--ends \"2026-03-29T03:15\" (2026-03-29T01:15:00Z) is before --at (2026-03-29T01:30:00Z)"
            ),
            (
                "T", "2025-12-24", "2025-12-24T18:00", .invalidData,
                "--ends \"2025-12-24T18:00\" is not a day: an all-day event from 2025-12-24 ends on a day (YYYY-MM-DD, the last day it lasts)"
            ),
        ] as [(String, String, String?, Failure, String)])
    func refusalsWriteNothing(_ title: String, _ at: String, _ ends: String?, _ failure: Failure, _ message: String)
        throws
    {
        let error = #expect(throws: AlmanacError.self) {
            try store.add(EventEdit(title: title, at: at, ends: ends), zone: Self.berlin)
        }
        #expect(error?.failure == failure)
        #expect(error?.description == message)
        #expect(try store.database.scalar("SELECT count(*) FROM events") == .integer(0))
    }

    @Test func russianMessages() {
        let error = #expect(throws: AlmanacError.self) {
            try store.add(
                EventEdit(title: "T", at: "2025-12-22T10:00", ends: "2025-12-22T09:00"), zone: Zone(identifier: "UTC")!)
        }
        #expect(
            error?.message(Localizer(locale: "ru"))
                == "--ends «2025-12-22T09:00» (2025-12-22T09:00:00Z) раньше начала --at (2025-12-22T10:00:00Z)")
    }

    @Test func anUnknownIdIsNamedAndIdsAreNeverGivenAgain() throws {
        let first = try store.add(EventEdit(title: "A", at: "2025-12-22T10:00"), zone: .utc)
        let second = try store.add(EventEdit(title: "B", at: "2025-12-22T11:00"), zone: .utc)
        _ = try store.delete(id: second.id)
        let third = try store.add(EventEdit(title: "C", at: "2025-12-22T12:00"), zone: .utc)
        #expect(third.id == second.id + 1 && first.id < second.id)
        for action in [
            { _ = try store.delete(id: 99) }, { _ = try store.update(id: 99, EventEdit(title: "x"), zone: .utc) },
        ] {
            let error = #expect(throws: AlmanacError.self) { try action() }
            #expect(error?.failure == .missingInput && error?.arguments["id"] == "99")
        }
    }
}
