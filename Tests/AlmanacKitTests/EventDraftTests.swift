@testable import AlmanacKit
import Foundation
import Testing

/// `events add`'s checks: the import's date-time rules, located at the option.
@Suite struct EventDraftTests {
    static let berlin = Zone(identifier: "Europe/Berlin")!

    @Test(arguments: [
        ("2025-12-22T16:30", "2025-12-22T15:30:00Z"),
        ("2025-12-22 16:30:00", "2025-12-22T15:30:00Z"),
        ("2025-12-22T16:30Z", "2025-12-22T16:30:00Z"),
        ("2025-12-22T16:30:00+03:00", "2025-12-22T13:30:00Z"),
        ("2025-12-22T16:30-0500", "2025-12-22T21:30:00Z"),
        ("2025-07-01T12:00", "2025-07-01T10:00:00Z"),
    ])
    func startsAreReadWithOrWithoutAnOffset(_ text: String, _ utc: String) throws {
        let draft = try EventDraft(title: "Gift wrapping", at: text, zone: Self.berlin)
        #expect(Instant.utcText(draft.startsAt) == utc)
        #expect(draft.endsAt == nil)
    }

    @Test func emptyOptionalValuesAreNone() throws {
        let draft = try EventDraft(title: "T", at: "2025-12-22T10:00", ends: "", person: "", image: "", description: "", zone: Self.berlin)
        #expect(draft.person == nil && draft.image == nil && draft.description == nil && draft.endsAt == nil)
        let same = try EventDraft(title: "T", at: "2025-12-22T10:00", ends: "2025-12-22T10:00", zone: Self.berlin)
        #expect(same.endsAt == same.startsAt, "an end equal to the start is allowed")
    }

    @Test(arguments: [
        ("", "2025-12-22T10:00", nil, Failure.invalidData, "--title: a title is required"),
        ("  ", "2025-12-22T10:00", nil, .invalidData, "--title: a title is required"),
        ("T", "2025-12-22", nil, .usage,
         "--at: \"2025-12-22\" is not a date and time (expected ISO 8601 such as 2025-12-22T16:30 or 2025-12-22T16:30:00+03:00; without an offset it is read in Europe/Berlin)"),
        ("T", "2025-02-30T10:00", nil, .usage,
         "--at: \"2025-02-30T10:00\" is not a date and time (expected ISO 8601 such as 2025-12-22T16:30 or 2025-12-22T16:30:00+03:00; without an offset it is read in Europe/Berlin)"),
        ("T", "2025-12-22T10:00", "tomorrow", .usage,
         "--ends: \"tomorrow\" is not a date and time (expected ISO 8601 such as 2025-12-22T16:30 or 2025-12-22T16:30:00+03:00; without an offset it is read in Europe/Berlin)"),
        ("T", "2025-12-22T10:00", "2025-12-22T09:59", .invalidData,
         "--ends: \"2025-12-22T09:59\" (2025-12-22T08:59:00Z) is before --at (2025-12-22T09:00:00Z)"),
        ("T", "0001-01-01T00:30", nil, .invalidData,
         "--at: \"0001-01-01T00:30\" (read in Europe/Berlin) falls outside the years 0001 to 9999 in UTC, the years the database can hold"),
        ("T", "2025-12-22T10:00", "9999-12-31T23:30-01:00", .invalidData,
         "--ends: \"9999-12-31T23:30-01:00\" (read in Europe/Berlin) falls outside the years 0001 to 9999 in UTC, the years the database can hold"),
        ("T", "2026-03-29T02:30", "2026-03-29T03:15", .invalidData,
         "--ends: \"2026-03-29T03:15\" (2026-03-29T01:15:00Z) is before --at (2026-03-29T01:30:00Z)"),
        ("T", "2025-12-22T10:00+01:00", "2025-12-22T11:00+03:00", .invalidData,
         "--ends: \"2025-12-22T11:00+03:00\" (2025-12-22T08:00:00Z) is before --at (2025-12-22T09:00:00Z)"),
    ] as [(String, String, String?, Failure, String)])
    func refusals(_ title: String, _ at: String, _ ends: String?, _ failure: Failure, _ message: String) {
        let error = #expect(throws: AlmanacError.self) { try EventDraft(title: title, at: at, ends: ends, zone: Self.berlin) }
        #expect(error?.failure == failure)
        #expect(error?.description == message)
    }

    @Test func russianMessages() {
        let error = #expect(throws: AlmanacError.self) {
            try EventDraft(title: "T", at: "2025-12-22T10:00", ends: "2025-12-22T09:00", zone: Zone(identifier: "UTC")!)
        }
        #expect(error?.message(Localizer(locale: "ru")) == "--ends: «2025-12-22T09:00» (2025-12-22T09:00:00Z) раньше, чем --at (2025-12-22T10:00:00Z)")
    }
}
