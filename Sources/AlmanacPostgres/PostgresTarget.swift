import AlmanacStore
import CLibPQ
import Foundation

/// The server a connection string names, read by libpq's own parser: shown in messages as
/// `postgresql://user@host:port/dbname`, never with a password, which it refuses to carry.
struct PostgresTarget {
    var host = ""
    var port = ""
    var user = ""
    var dbname = ""
    var hasConnectTimeout = false

    /// What messages call the database: `postgresql://user@host:port/dbname`.
    var display: String {
        var text = "postgresql://"
        if !user.isEmpty { text += user + "@" }
        text += hostAndPort
        if !dbname.isEmpty { text += "/" + dbname }
        return text
    }

    /// `host:port`, with libpq's defaults where the string names none (its socket folder, 5432).
    var hostAndPort: String {
        let shownHost = host.isEmpty ? "localhost" : host
        return shownHost + ":" + (port.isEmpty ? "5432" : port)
    }

    init(_ url: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &message) else {
            let reason = message.map { String(cString: $0) } ?? "out of memory"
            PQfreemem(message)
            throw DatabaseError(
                kind: .cannotOpen,
                message: "not a PostgreSQL connection string: "
                    + reason.trimmingCharacters(in: .whitespacesAndNewlines), path: "postgresql")
        }
        defer { PQconninfoFree(options) }
        var option = options
        var password = false
        while let keyword = option.pointee.keyword {
            let key = String(cString: keyword)
            let value = option.pointee.val.map { String(cString: $0) } ?? ""
            switch key {
            case "host": host = value
            case "hostaddr": if host.isEmpty { host = value }
            case "port": port = value
            case "user": user = value
            case "dbname": dbname = value
            case "password": password = !value.isEmpty
            case "connect_timeout": hasConnectTimeout = !value.isEmpty
            default: break
            }
            option += 1
        }
        if password {
            throw DatabaseError(
                kind: .refused,
                message:
                    "a password in the connection string would show in `ps` and in logs: put it in ~/.pgpass or PGPASSWORD",
                path: display)
        }
    }

    /// True for text naming a PostgreSQL database rather than a file: a `postgresql://` or
    /// `postgres://` URI, or a libpq keyword string (`host=… dbname=…`).
    static func names(_ location: String) -> Bool {
        if location.hasPrefix("postgresql://") || location.hasPrefix("postgres://") { return true }
        let keywords = ["host=", "hostaddr=", "dbname=", "service=", "port=", "user="]
        return location.contains("=") && keywords.contains { location.hasPrefix($0) || location.contains(" " + $0) }
    }
}

extension PostgresDatabase {
    /// True when `location` (a `--db` value) names a PostgreSQL database, not a file.
    public static func names(_ location: String) -> Bool { PostgresTarget.names(location) }
}
