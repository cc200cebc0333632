import AlmanacKinds
import AlmanacText
import Foundation

/// One event in full (Events List's detail screen): title, person, when (`Mon 22 Dec 16:30–18:00`),
/// image and the whole description.
public struct EventDetail: Sendable {
    /// The event, with its description.
    public let event: Event

    /// The detail of an event.
    public init(event: Event) {
        self.event = event
    }

    /// Reads the event with id `id`; an unknown id is an error that says so (exit 66).
    public static func load(_ store: EventStore, id: Int64) throws -> EventDetail {
        EventDetail(event: try store.existing(id: id))
    }

    /// When the event is, in the zone: `Mon 22 Dec 16:30–18:00`; an end on another day gets its own
    /// date (`Wed 31 Dec 21:00 – Thu 1 Jan 2026 02:00`); a point in time only its start. An all-day
    /// event is its days, the same in every zone: `Wed 24 Dec, all day`, `Wed 24 – Fri 26 Dec, all day`.
    public static func when(_ event: Event, _ formats: LocalizedFormats) -> String {
        if event.allDay {
            let days = event.days
            let span =
                days.first == days.last
                ? formats.date(days.first) : formats.date(days.first) + " – " + formats.date(days.last)
            return formats.localizer("events.when.all-day", ["days": span])
        }
        let start = formats.instant(Agenda.moment(event.startsAt))
        guard !event.isPoint, let end = event.endsAt else { return start }
        let zone = formats.timeZone
        let day = LocalDate(Agenda.moment(event.startsAt), in: zone)
        // A day outside the years shows both ends as stored (`LocalizedFormats.instant`), not a clock time.
        if LocalDate(Agenda.moment(end - 1), in: zone) == day, LocalDate.dayNumbers.contains(day.dayNumber) {
            return start + "–" + ZoneDays(range: DayRange(first: day, last: day)!, zone: zone).clockTime(end)
        }
        return start + " – " + formats.instant(Agenda.moment(end))
    }
}
