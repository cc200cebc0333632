import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

@Suite struct InstantISO8601Tests {
    static let moscow = Zone(identifier: "Europe/Moscow")!
    static let berlin = Zone(identifier: "Europe/Berlin")!

    @Test(arguments: [
        ("2025-12-22T16:30", "2025-12-22T13:30:00Z"),
        ("2025-12-22 16:30:15", "2025-12-22T13:30:15Z"),
        ("2025-12-22T16:30Z", "2025-12-22T16:30:00Z"),
        ("2025-12-22T16:30:00+03:00", "2025-12-22T13:30:00Z"),
        ("2025-12-22T16:30:00-0530", "2025-12-22T22:00:00Z"),
        ("2025-12-22T01:00+05", "2025-12-21T20:00:00Z"),
        ("2024-02-29T23:59:59Z", "2024-02-29T23:59:59Z"),
    ])
    func readsISO8601AndNormalizesToUTC(_ text: String, _ utc: String) throws {
        let seconds = try #require(Instant.seconds(iso8601: text, zone: Self.moscow))
        #expect(Instant.utcText(seconds) == utc)
    }

    @Test(arguments: [
        "2025-12-22", "2025-12-22T16", "2025-02-30T10:00", "2025-12-22T24:00", "2025-12-22T16:60",
        "2025-12-22T16:30:00+3", "2025-12-22T16:30:00.5Z", "2025-12-22T16:30Z ", "22.12.2025 16:30", "",
    ])
    func refusesAnythingElse(_ text: String) {
        #expect(Instant.seconds(iso8601: text, zone: Self.moscow) == nil)
    }

    @Test func wallTimesFollowTheZonesRulesThatDay() throws {
        #expect(
            Instant.utcText(try #require(Instant.seconds(iso8601: "2025-07-01T12:00", zone: Self.berlin)))
                == "2025-07-01T10:00:00Z")
        #expect(
            Instant.utcText(try #require(Instant.seconds(iso8601: "2025-01-01T12:00", zone: Self.berlin)))
                == "2025-01-01T11:00:00Z")
    }

    /// An offset must not carry a time past the four-digit years the stored form holds (it would wrap).
    @Test func staysWithinTheYearsTheStoredFormHolds() throws {
        #expect(Instant.seconds(iso8601: "9999-12-31T23:30:00-01:00", zone: .utc) == nil)
        #expect(Instant.seconds(iso8601: "0001-01-01T00:30:00+01:00", zone: .utc) == nil)
        #expect(Instant.seconds(iso8601: "0001-01-01T00:30", zone: Self.moscow) == nil)
        let first = try #require(Instant.seconds(iso8601: "0001-01-01T00:00:00Z", zone: .utc))
        let last = try #require(Instant.seconds(iso8601: "9999-12-31T23:59:59Z", zone: .utc))
        #expect(Instant.utcText(first) == "0001-01-01T00:00:00Z")
        #expect(Instant.utcText(last) == "9999-12-31T23:59:59Z")
        // Those are told apart from unreadable text, so the message can say which it is.
        #expect(Instant.isOutsideStorableYears(iso8601: "0001-01-01T00:30", zone: Self.moscow))
        #expect(Instant.isOutsideStorableYears(iso8601: "9999-12-31T23:30:00-01:00", zone: .utc))
        #expect(!Instant.isOutsideStorableYears(iso8601: "9999-12-31T23:30:00Z", zone: .utc))
        #expect(
            !Instant.isOutsideStorableYears(iso8601: "0000-12-31T23:30:00Z", zone: .utc),
            "year 0000 is not a date at all")
        #expect(!Instant.isOutsideStorableYears(iso8601: "2025-02-30T10:00", zone: .utc))
    }

    @Test func writesTimesBeforeTheEpoch() {
        #expect(Instant.utcText(-1) == "1969-12-31T23:59:59Z")
    }
}
