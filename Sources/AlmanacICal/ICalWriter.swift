import AlmanacText
import CLibical
import Foundation

/// Writes events as an iCalendar file (RFC 5545), one VEVENT at a time, each made and folded by
/// libical: the header, the events, then a VTIMEZONE for each zone the events were written in (the
/// tz database's, as libical has it), then the end. A timed event written in a zone keeps it
/// (`DTSTART;TZID=Europe/Berlin:…`), so its rule repeats on that wall clock in every program; one
/// without a zone is written in UTC; an all-day event as days (`VALUE=DATE`, the end the day after
/// its last, as iCalendar counts it).
public struct ICalWriter {
    /// One event to write.
    public struct Entry: Sendable {
        /// Its `UID` (`UID;RECURRENCE-ID=…` for a changed occurrence, as the importer keeps it).
        public var uid: String
        public var summary: String
        public var person: String?
        public var description: String?
        public var location: String?
        /// Its start: a day, or an instant.
        public var start: ICalMoment
        /// Its end (for an all-day event, its last day), or nil.
        public var end: ICalMoment?
        /// The zone its times are written in, or nil for UTC.
        public var zone: String?
        /// Its `RRULE`, `RDATE` and `EXDATE` lines.
        public var recurrence: [String]

        /// An entry.
        public init(
            uid: String, summary: String, person: String?, description: String?, location: String?,
            start: ICalMoment, end: ICalMoment?, zone: String?, recurrence: [String]
        ) {
            (self.uid, self.summary, self.person, self.description, self.location) =
                (uid, summary, person, description, location)
            (self.start, self.end, self.zone, self.recurrence) = (start, end, zone, recurrence)
        }
    }

    /// When the file was written (`DTSTAMP`), UTC seconds.
    private let stamp: Int64
    /// The zones written so far, in order.
    private var zones: [String] = []

    /// A writer whose events are stamped `stamp`.
    public init(stamp: Int64) {
        self.stamp = stamp
    }

    /// The file's first lines.
    public static let header =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Almanac//Almanac events//EN\r\nCALSCALE:GREGORIAN\r\n"

    /// One VEVENT, folded, with CRLF line ends.
    public mutating func event(_ entry: Entry) -> String {
        icalerror_set_errors_are_fatal(0)
        let event = icalcomponent_new(ICAL_VEVENT_COMPONENT)!
        defer { icalcomponent_free(event) }
        let parts = entry.uid.components(separatedBy: ";RECURRENCE-ID=")
        icalcomponent_add_property(event, icalproperty_new_uid(parts[0]))
        icalcomponent_add_property(event, icalproperty_new_dtstamp(Self.utc(stamp)))
        if parts.count > 1 {
            let value = parts[1].count == 8 ? "RECURRENCE-ID;VALUE=DATE:" : "RECURRENCE-ID:"
            if let property = (value + parts[1]).withCString({ icalproperty_new_from_string($0) }) {
                icalcomponent_add_property(event, property)
            }
        }
        let zone = entry.zone.flatMap { $0 == "UTC" ? nil : $0 }.flatMap { name in
            icaltimezone_get_builtin_timezone(name) != nil ? Zone(identifier: name) : nil
        }
        if let zone, !zones.contains(zone.identifier) { zones.append(zone.identifier) }
        icalcomponent_add_property(event, Self.time(icalproperty_new_dtstart, entry.start, zone))
        if let end = entry.end {
            let after: ICalMoment = if case .day(let last) = end { .day(last.adding(days: 1)) } else { end }
            icalcomponent_add_property(event, Self.time(icalproperty_new_dtend, after, zone))
        } else if case .day(let first) = entry.start {
            icalcomponent_add_property(event, Self.time(icalproperty_new_dtend, .day(first.adding(days: 1)), zone))
        }
        icalcomponent_add_property(event, icalproperty_new_summary(entry.summary))
        if let location = entry.location { icalcomponent_add_property(event, icalproperty_new_location(location)) }
        if let description = entry.description {
            icalcomponent_add_property(event, icalproperty_new_description(description))
        }
        if let person = entry.person { icalcomponent_add_property(event, Self.organizer(person)) }
        for line in entry.recurrence {
            if let property = line.withCString({ icalproperty_new_from_string($0) }) {
                icalcomponent_add_property(event, property)
            }
        }
        return Self.text(event)
    }

    /// The zones' VTIMEZONEs and the file's last line.
    public func footer() -> String {
        var text = ""
        for name in zones {
            guard let zone = icaltimezone_get_builtin_timezone(name), let builtIn = icaltimezone_get_component(zone),
                let copy = icalcomponent_new_clone(builtIn)
            else { continue }
            // libical names its zones `/freeassociation.sourceforge.net/Europe/Berlin`: the events say `Europe/Berlin`.
            if let tzid = icalcomponent_get_first_property(copy, ICAL_TZID_PROPERTY) {
                icalproperty_set_tzid(tzid, name)
            }
            text += Self.text(copy)
            icalcomponent_free(copy)
        }
        return text + "END:VCALENDAR\r\n"
    }

    private static func text(_ component: OpaquePointer) -> String {
        guard let text = icalcomponent_as_ical_string_r(component) else { return "" }
        defer { free(text) }
        return String(cString: text)
    }

    private static func utc(_ seconds: Int64) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(seconds), 0, icaltimezone_get_utc_timezone())
    }

    /// A DTSTART or DTEND: a day, a time in `zone` with its `TZID`, or a time in UTC.
    private static func time(
        _ make: (icaltimetype) -> OpaquePointer?, _ moment: ICalMoment, _ zone: Zone?
    ) -> OpaquePointer {
        var time = icaltime_null_time()
        var wall: Int64
        switch moment {
        case .day(let day):
            (time.year, time.month, time.day, time.is_date) = (Int32(day.year), Int32(day.month), Int32(day.day), 1)
            return make(time)!
        case .instant(let seconds):
            guard let zone else { return make(utc(seconds))! }
            wall = zone.wallTime(seconds)
        case .wall(let seconds):
            wall = seconds
        }
        let day = LocalDate(dayNumber: Int(wall.floorDivided(by: 86_400)))
        let seconds = wall - Int64(day.dayNumber) * 86_400
        (time.year, time.month, time.day) = (Int32(day.year), Int32(day.month), Int32(day.day))
        (time.hour, time.minute, time.second) = (Int32(seconds / 3600), Int32(seconds / 60 % 60), Int32(seconds % 60))
        let property = make(time)!
        if let zone { icalproperty_add_parameter(property, icalparameter_new_tzid(zone.identifier)) }
        return property
    }

    /// `ORGANIZER`: an address as itself, a name as its `CN` (iCalendar wants an address too:
    /// `invalid` is the domain that is no one's, RFC 2606).
    private static func organizer(_ person: String) -> OpaquePointer {
        let isAddress = person.contains("@") && !person.contains(where: \.isWhitespace)
        let property = icalproperty_new_organizer("mailto:" + (isAddress ? person : "nobody@almanac.invalid"))!
        if !isAddress { icalproperty_add_parameter(property, icalparameter_new_cn(person)) }
        return property
    }
}
