import AlmanacText
import CLibical

/// The zones a calendar's `TZID`s name, as the tz database knows them. Programs name zones their own
/// way: `Europe/Berlin`, `/mozilla.org/20050126_1/Europe/Berlin`, `/freeassociation.sourceforge.net/
/// Europe/Berlin`, or a VTIMEZONE whose `X-LIC-LOCATION` says `Europe/Berlin`. A zone only the file
/// defines (Outlook's `W. Europe Standard Time`) is read from its VTIMEZONE by libical.
struct ZoneNames {
    private let calendar: OpaquePointer
    private var known: [String: String?] = [:]

    init(_ calendar: OpaquePointer) {
        self.calendar = calendar
    }

    /// The tz database's name for `tzid`, or nil.
    mutating func databaseName(_ tzid: String) -> String? {
        if let name = known[tzid] { return name }
        let name = Self.lookup(tzid) ?? location(tzid).flatMap(Self.lookup)
        known[tzid] = name
        return name
    }

    /// The file's own definition of `tzid` (its VTIMEZONE), or nil.
    func fileZone(_ tzid: String) -> OpaquePointer? {
        tzid.withCString { icalcomponent_get_timezone(calendar, $0) }
    }

    /// `name`, or the longest ending of it after a `/`, that the tz database holds.
    private static func lookup(_ name: String) -> String? {
        var rest = Substring(name)
        while !rest.isEmpty {
            if rest.contains("/") || rest == "UTC", Zone(identifier: String(rest)) != nil { return String(rest) }
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[rest.index(after: slash)...]
        }
        return nil
    }

    /// The `X-LIC-LOCATION` of the file's VTIMEZONE for `tzid`.
    private func location(_ tzid: String) -> String? {
        for zone in ICalReader.children(calendar, ICAL_VTIMEZONE_COMPONENT) {
            guard let property = icalcomponent_get_first_property(zone, ICAL_TZID_PROPERTY),
                ICalReader.text(icalproperty_get_tzid(property)) == tzid
            else { continue }
            for property in ICalReader.properties(zone) where icalproperty_isa(property) == ICAL_X_PROPERTY {
                if let name = ICalReader.text(icalproperty_get_x_name(property)), name == "X-LIC-LOCATION" {
                    return ICalReader.text(icalproperty_get_x(property))
                }
            }
        }
        return nil
    }
}
