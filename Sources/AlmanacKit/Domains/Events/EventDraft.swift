import Foundation

/// A new event as `events add` is given it, checked by the import's rules: a title, ISO 8601
/// date-times with an optional offset (else read in `--tz`), and an end not before the start.
public struct EventDraft: Sendable, Equatable {
    /// What the event is (not empty).
    public let title: String
    /// The person, or nil.
    public let person: String?
    /// The start, in UTC seconds.
    public let startsAt: Int64
    /// The end, in UTC seconds, or nil for a point in time.
    public let endsAt: Int64?
    /// An image file name, or nil.
    public let image: String?
    /// The description, or nil.
    public let description: String?

    /// Checks the options of `events add` (their values as typed; an empty optional value means none).
    /// A value that cannot be read is a usage error (exit 64) naming the option; a value that reads but
    /// breaks a rule (an end before the start, an empty title, an instant outside the years 1 to 9999 in
    /// UTC) is invalid data (exit 65).
    public init(
        title: String, at: String, ends: String? = nil, person: String? = nil, image: String? = nil,
        description: String? = nil, zone: Zone
    ) throws {
        guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw AlmanacError(.invalidData, "events.error.title-required")
        }
        guard let starts = Instant.seconds(iso8601: at, zone: zone) else {
            throw Self.unusable("--at", at, zone)
        }
        var ending: Int64?
        if let ends, !ends.isEmpty {
            guard let value = Instant.seconds(iso8601: ends, zone: zone) else {
                throw Self.unusable("--ends", ends, zone)
            }
            guard value >= starts else {
                throw AlmanacError(.invalidData, "events.error.ends-before-start",
                    ["value": ends, "starts": Instant.utcText(starts), "ends": Instant.utcText(value)])
            }
            ending = value
        }
        self.title = title
        self.person = Self.nonEmpty(person)
        self.startsAt = starts
        self.endsAt = ending
        self.image = Self.nonEmpty(image)
        self.description = Self.nonEmpty(description)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// Unreadable (a usage error), or a date-time outside the years the database holds (invalid data).
    private static func unusable(_ option: String, _ value: String, _ zone: Zone) -> AlmanacError {
        let arguments = ["option": option, "value": value, "zone": zone.identifier]
        guard !Instant.isOutsideStorableYears(iso8601: value, zone: zone) else {
            return AlmanacError(.invalidData, "events.error.datetime-out-of-range", arguments)
        }
        return AlmanacError(.usage, "events.error.not-a-datetime", arguments)
    }
}
