import AlmanacText
import CLibical
import Foundation

/// Reads an iCalendar file (RFC 5545) with libical: its VEVENTs as `ICalEvent`s, each with the lines
/// of its properties, its problems and what of it is not kept. Times in a `TZID` are turned into
/// instants by the tz database when it knows the zone (also under the names other programs give it,
/// `/mozilla.org/…/Europe/Berlin`, or the zone's `X-LIC-LOCATION`), else by the file's VTIMEZONE.
public struct ICalReader {
    /// The events, in file order.
    public private(set) var events: [ICalEvent] = []
    /// The components that are not events (`VTODO`), with their lines: not kept.
    public private(set) var others: [(name: String, line: Int)] = []
    /// True when the text holds no VCALENDAR at all.
    public private(set) var isEmpty = true

    /// The properties an event keeps (the rest are reported as not kept).
    static let kept: Set<String> = [
        "UID", "SUMMARY", "DESCRIPTION", "LOCATION", "ORGANIZER", "DTSTART", "DTEND", "DURATION", "RRULE",
        "RDATE", "EXDATE", "RECURRENCE-ID",
    ]

    /// True when `prefix` (a file's first bytes) opens an iCalendar file: `BEGIN:VCALENDAR`, after a
    /// byte-order mark or blank lines.
    public static func isCalendar(_ prefix: some Collection<UInt8>) -> Bool {
        var bytes = prefix.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 0x0D || $0 == 0x0A || $0 == 0x20 }
        let begin = Array("BEGIN:VCALENDAR".utf8)
        guard bytes.count >= begin.count else { return false }
        bytes = bytes.prefix(begin.count)
        return zip(bytes, begin).allSatisfy { ($0 | 0x20) == ($1 | 0x20) }
    }

    /// Reads `text`.
    public init(_ text: String) {
        icalerror_set_errors_are_fatal(0)
        let outline = ICalOutline(text)
        others = outline.others
        guard let root = text.withCString({ icalparser_parse_string($0) }) else { return }
        defer { icalcomponent_free(root) }
        var calendars: [OpaquePointer] = []
        if icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT {
            calendars = [root]
        } else {
            calendars = Self.children(root, ICAL_VCALENDAR_COMPONENT)
        }
        isEmpty = calendars.isEmpty
        var index = 0
        for calendar in calendars {
            var zones = ZoneNames(calendar)
            for component in Self.children(calendar, ICAL_VEVENT_COMPONENT) {
                let place = index < outline.events.count ? outline.events[index] : ICalOutline.Event(line: 1)
                index += 1
                events.append(Self.event(component, place, &zones))
            }
        }
    }

    /// The components of a kind directly inside `parent`.
    static func children(_ parent: OpaquePointer, _ kind: icalcomponent_kind) -> [OpaquePointer] {
        walk(icalcomponent_get_first_component(parent, kind)) { icalcomponent_get_next_component(parent, kind) }
    }

    /// The properties of a component, in order.
    static func properties(_ component: OpaquePointer) -> [OpaquePointer] {
        walk(icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)) {
            icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
    }

    /// libical's iteration (a first, then `next` until nil) as an array.
    private static func walk(_ first: OpaquePointer?, _ next: () -> OpaquePointer?) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var current = first
        while let item = current {
            found.append(item)
            current = next()
        }
        return found
    }

    private static func event(_ component: OpaquePointer, _ place: ICalOutline.Event, _ zones: inout ZoneNames)
        -> ICalEvent
    {
        var event = ICalEvent(line: place.line)
        for (name, line) in place.properties where event.lines[name] == nil { event.lines[name] = line }
        for (name, line) in place.properties where !kept.contains(name) && name != "ATTENDEE" && name != "DTSTAMP" {
            event.dropped.append((name, line))
        }
        event.dropped += place.components
        var attendees: [String] = []
        for property in properties(component) {
            let name = String(cString: icalproperty_get_property_name(property))
            switch icalproperty_isa(property) {
            case ICAL_UID_PROPERTY: event.uid = text(icalproperty_get_uid(property))
            case ICAL_SUMMARY_PROPERTY: event.summary = text(icalproperty_get_summary(property))
            case ICAL_DESCRIPTION_PROPERTY: event.description = text(icalproperty_get_description(property))
            case ICAL_LOCATION_PROPERTY: event.location = text(icalproperty_get_location(property))
            case ICAL_ORGANIZER_PROPERTY: event.person = person(property, text(icalproperty_get_organizer(property)))
            case ICAL_ATTENDEE_PROPERTY:
                if let who = person(property, text(icalproperty_get_attendee(property))) { attendees.append(who) }
            case ICAL_DTSTART_PROPERTY:
                event.start = moment(icalproperty_get_dtstart(property), property, "DTSTART", &event, &zones)
            case ICAL_DTEND_PROPERTY:
                event.end = moment(icalproperty_get_dtend(property), property, "DTEND", &event, &zones)
            case ICAL_DURATION_PROPERTY:
                let duration = icalproperty_get_duration(property)
                event.duration = Int64(icaldurationtype_as_int(duration))
            case ICAL_RECURRENCEID_PROPERTY:
                event.recurrenceID = moment(
                    icalproperty_get_recurrenceid(property), property, "RECURRENCE-ID", &event, &zones)
            case ICAL_RRULE_PROPERTY, ICAL_RDATE_PROPERTY, ICAL_EXDATE_PROPERTY:
                event.recurrence.append(line(property))
            case ICAL_XLICERROR_PROPERTY:
                let message = text(icalproperty_get_xlicerror(property)) ?? name
                let at = place.properties.first { message.uppercased().contains($0.name) && kept.contains($0.name) }
                event.problems.append(
                    ICalProblem(
                        line: at?.line ?? place.line, property: at?.name ?? "VEVENT", key: "ical.error.unreadable",
                        arguments: ["reason": message]))
            default: break
            }
        }
        if event.person == nil { event.person = attendees.first }
        // The attendees after the first have no place: reported as not kept.
        if attendees.count > 1, let line = event.lines["ATTENDEE"] {
            event.dropped.append(("ATTENDEE", line))
        }
        if event.start == nil && !event.problems.contains(where: { $0.property == "DTSTART" }) {
            event.problems.append(
                ICalProblem(line: place.line, property: "VEVENT", key: "ical.error.no-start", arguments: [:]))
        }
        if event.recurrence.filter({ $0.hasPrefix("RRULE") }).count > 1 {
            event.problems.append(
                ICalProblem(
                    line: event.line(of: "RRULE"), property: "RRULE", key: "ical.error.two-rules", arguments: [:]))
        }
        return event
    }

    /// A property's text value, nil when empty.
    static func text(_ value: UnsafePointer<CChar>?) -> String? {
        guard let value else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// A property as one unfolded line without its line break (`RRULE:FREQ=WEEKLY;BYDAY=MO`).
    static func line(_ property: OpaquePointer) -> String {
        String(cString: icalproperty_as_ical_string(property))
            .replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
            .trimmingCharacters(in: .newlines)
    }

    /// Who an `ORGANIZER` or `ATTENDEE` is: the name (`CN`), else the address without `mailto:`.
    private static func person(_ property: OpaquePointer, _ address: String?) -> String? {
        if let parameter = icalproperty_get_first_parameter(property, ICAL_CN_PARAMETER),
            let name = text(icalparameter_get_cn(parameter))
        {
            return name
        }
        guard let address else { return nil }
        return address.lowercased().hasPrefix("mailto:") ? String(address.dropFirst(7)) : address
    }

    /// A time property's moment; a zone nobody defines is a problem at its line.
    private static func moment(
        _ time: icaltimetype, _ property: OpaquePointer, _ name: String, _ event: inout ICalEvent,
        _ zones: inout ZoneNames
    ) -> ICalMoment? {
        guard let day = LocalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day)) else {
            event.problems.append(
                ICalProblem(line: event.line(of: name), property: name, key: "ical.error.not-a-time", arguments: [:]))
            return nil
        }
        if time.is_date != 0 { return .day(day) }
        let wall =
            Int64(day.dayNumber) * 86_400 + Int64(time.hour) * 3600 + Int64(time.minute) * 60 + Int64(time.second)
        if icaltime_is_utc(time) != 0 { return .instant(wall) }
        guard let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
            let tzid = text(icalparameter_get_tzid(parameter))
        else { return .wall(wall) }
        if let name = zones.databaseName(tzid), let zone = Zone(identifier: name) {
            if event.zone == nil { event.zone = name }
            return .instant(zone.instant(wall: wall))
        }
        if let zone = zones.fileZone(tzid) { return .instant(Int64(icaltime_as_timet_with_zone(time, zone))) }
        event.problems.append(
            ICalProblem(
                line: event.line(of: name), property: name, key: "ical.error.unknown-zone", arguments: ["zone": tzid]))
        return nil
    }
}
