import AlmanacKinds
import AlmanacStore
import AlmanacText
import Foundation

extension Database {
    /// Registers `local_date(instant)`: the `YYYY-MM-DD` day a stored UTC instant falls on in
    /// `zone` (the `--tz` option), so reports group events by the user's days, not UTC's.
    /// NULL or text that is not an instant gives NULL; an instant whose day in the zone is outside
    /// the years 0001 to 9999 is an error, in `localizer`'s words.
    /// On PostgreSQL the function is the schema's (`Schema/postgresql/001`); the connection tells it
    /// the zone and the refusal's words.
    public func installLocalTime(_ zone: Zone, localizer: Localizer = .english) throws {
        if dialect == .postgresql {
            func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
            let refusal = localizer(
                "time.error.local-date-out-of-range", ["instant": "{instant}", "zone": "{zone}", "date": "{date}"])
            try execute(
                "SET almanac.zone = \(literal(zone.identifier)); SET almanac.local_date_refusal = \(literal(refusal))")
            return
        }
        try defineFunction("local_date") { text in
            guard let text, let instant = Instant.parse(text) else { return nil }
            let wall = zone.wallTime(Int64(instant.timeIntervalSince1970.rounded(.down)))
            let dayNumber = Int(wall.floorDivided(by: 86_400))
            guard let day = LocalDate(checkedDayNumber: dayNumber) else {
                throw FunctionRefusal(
                    localizer(
                        "time.error.local-date-out-of-range",
                        [
                            "instant": text, "zone": zone.identifier,
                            "date": LocalDate(dayNumber: dayNumber).description,
                        ]))
            }
            return day.description
        }
    }
}
