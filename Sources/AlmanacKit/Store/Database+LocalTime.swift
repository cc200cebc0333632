import AlmanacSQLite
import AlmanacText
import CSQLite
import Foundation

/// The zone `local_date()` converts into, and the words of its refusal, owned by SQLite for as long
/// as the function is registered.
private final class ZoneBox {
    let zone: Zone
    let localizer: Localizer
    init(_ zone: Zone, _ localizer: Localizer) {
        self.zone = zone
        self.localizer = localizer
    }
}

extension Database {
    /// Registers `local_date(instant)`: the `YYYY-MM-DD` day a stored UTC instant falls on in
    /// `zone` (the `--tz` option), so reports group events by the user's days, not UTC's.
    /// NULL or text that is not an instant gives NULL; an instant whose day in the zone is outside
    /// the years 0001 to 9999 is an error, in `localizer`'s words.
    public func installLocalTime(_ zone: Zone, localizer: Localizer = .english) throws {
        let box = Unmanaged.passRetained(ZoneBox(zone, localizer)).toOpaque()
        let code = sqlite3_create_function_v2(
            handle, "local_date", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, box,
            { context, count, arguments in
                guard let context, count == 1, let argument = arguments?[0],
                    let text = sqlite3_value_text(argument),
                    let instant = Instant.parse(String(cString: text)),
                    let pointer = sqlite3_user_data(context)
                else {
                    sqlite3_result_null(context)
                    return
                }
                let box = Unmanaged<ZoneBox>.fromOpaque(pointer).takeUnretainedValue()
                let wall = box.zone.wallTime(Int64(instant.timeIntervalSince1970.rounded(.down)))
                let dayNumber = Int(wall.floorDivided(by: 86_400))
                guard let day = LocalDate(checkedDayNumber: dayNumber) else {
                    let message = box.localizer(
                        "time.error.local-date-out-of-range",
                        [
                            "instant": String(cString: text), "zone": box.zone.identifier,
                            "date": LocalDate(dayNumber: dayNumber).description,
                        ])
                    sqlite3_result_error(context, message, -1)
                    return
                }
                sqlite3_result_text(context, day.description, -1, SQLITE_TRANSIENT)
            },
            nil, nil,
            { pointer in
                if let pointer { Unmanaged<ZoneBox>.fromOpaque(pointer).release() }
            })
        guard code == SQLITE_OK else { throw DatabaseError(self, code: code) }
    }
}
