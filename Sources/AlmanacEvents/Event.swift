import AlmanacKinds
import AlmanacText

/// One event as stored: a title, perhaps a person, an image and a description, and the instants it
/// starts and (perhaps) ends, in seconds since 1970-01-01T00:00:00Z.
public struct Event: Sendable, Equatable {
    /// The row's id.
    public let id: Int64
    /// What the event is.
    public let title: String
    /// The person it is with or about.
    public let person: String?
    /// When it starts (UTC seconds).
    public let startsAt: Int64
    /// When it ends (UTC seconds, not before `startsAt`), or nil for a point in time.
    public let endsAt: Int64?
    /// An image file name.
    public let image: String?
    /// The full description; nil when it was not asked for or there is none.
    public let description: String?
    /// True for an all-day event: whole days, the same days in every zone, from the UTC day of
    /// `startsAt` to the one before the UTC day of `endsAt` (`EventKind`).
    public let allDay: Bool
    /// Where it is; nil when there is none or it was not asked for (as the description).
    public var location: String? = nil
    /// Its identity in the calendar it came from (iCalendar's `UID`), when asked for.
    public var uid: String? = nil
    /// Its recurrence rules (`Recurrence`) when asked for; the event is then the first occurrence.
    public var recurrence: String? = nil
    /// The zone its times were written in (on whose wall clock it repeats), when asked for.
    public var zone: String? = nil

    /// Creates an event.
    public init(
        id: Int64, title: String, person: String? = nil, startsAt: Int64, endsAt: Int64? = nil,
        image: String? = nil, description: String? = nil, allDay: Bool = false
    ) {
        self.id = id
        self.title = title
        self.person = person
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.image = image
        self.description = description
        self.allDay = allDay
    }

    /// The days an all-day event fills, first and last.
    public var days: (first: LocalDate, last: LocalDate) {
        let first = LocalDate(dayNumber: Int(startsAt.floorDivided(by: 86_400)))
        let end = endsAt.map { Int($0.floorDivided(by: 86_400)) - 1 } ?? first.dayNumber
        return (first, LocalDate(dayNumber: max(end, first.dayNumber)))
    }

    /// True for an event without a length: no end, or an end equal to its start.
    public var isPoint: Bool { (endsAt ?? startsAt) <= startsAt }

    /// The same event at another start (an occurrence of its rule): the same length, the same rest.
    public func moved(to start: Int64) -> Event {
        var event = Event(
            id: id, title: title, person: person, startsAt: start, endsAt: endsAt.map { start + ($0 - startsAt) },
            image: image, description: description, allDay: allDay)
        (event.location, event.uid, event.recurrence, event.zone) = (location, uid, recurrence, zone)
        return event
    }

    /// The last instant the event covers for day grouping: an event ending at 00:00 belongs to the
    /// day before, so this is one second before its end (its start for a point in time).
    public var lastCoveredSecond: Int64 { isPoint ? startsAt : endsAt! - 1 }
}
