import AlmanacSQLite
import CSQLite
import Foundation

/// The zone `local_date()` converts into, owned by SQLite for as long as the function is registered.
private final class ZoneBox {
    let zone: Zone
    init(_ zone: Zone) { self.zone = zone }
}

extension Database {
    /// Registers `local_date(instant)`: the `YYYY-MM-DD` day a stored UTC instant falls on in
    /// `zone` (the `--tz` option), so reports group events by the user's days, not UTC's.
    /// NULL or text that is not an instant gives NULL.
    public func installLocalTime(_ zone: Zone) throws {
        let box = Unmanaged.passRetained(ZoneBox(zone)).toOpaque()
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
                let zone = Unmanaged<ZoneBox>.fromOpaque(pointer).takeUnretainedValue().zone
                sqlite3_result_text(context, LocalDate(instant, in: zone).description, -1, SQLITE_TRANSIENT)
            },
            nil, nil,
            { pointer in
                if let pointer { Unmanaged<ZoneBox>.fromOpaque(pointer).release() }
            })
        guard code == SQLITE_OK else { throw DatabaseError(self, code: code) }
    }
}
