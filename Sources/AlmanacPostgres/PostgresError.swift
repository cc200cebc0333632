import AlmanacStore
import CLibPQ
import Foundation

/// PostgreSQL's failures as the store's `DatabaseError`s, decided by SQLSTATE (appendix A of
/// PostgreSQL's manual): the kinds SQLite's failures map to, so the layers above say them the same way.
enum PostgresError {
    // libpq's PG_DIAG_* fields are character macros Swift does not import.
    static let sqlState = Int32(UInt8(ascii: "C"))
    static let primaryMessage = Int32(UInt8(ascii: "M"))
    static let constraintName = Int32(UInt8(ascii: "n"))

    /// The error a failed result reports.
    static func from(_ result: OpaquePointer, database: PostgresDatabase, sql: String?) -> DatabaseError {
        let state = field(result, sqlState) ?? ""
        let primary =
            field(result, primaryMessage)
            ?? String(cString: PQresultErrorMessage(result)).trimmingCharacters(in: .whitespacesAndNewlines)
        if state.isEmpty, PQstatus(database.handle) != CONNECTION_OK {
            return lost(database, sql: sql)
        }
        let constraint = field(result, constraintName) ?? ""
        return DatabaseError(
            kind: kind(state, constraint: constraint), code: code(state), message: primary, sql: sql,
            path: database.path, readOnly: database.mode == .readOnly)
    }

    /// The connection is gone (the server stopped, restarted, or the network failed): try again (75).
    static func lost(_ database: PostgresDatabase, sql: String?) -> DatabaseError {
        let reason =
            String(cString: PQerrorMessage(database.handle))
            .split(separator: "\n").first.map(String.init) ?? "connection lost"
        return DatabaseError(
            kind: .unavailable,
            message: "lost the connection to the server (\(reason.trimmingCharacters(in: .whitespaces)))",
            sql: sql, path: database.path)
    }

    /// Why a connection could not be made: refused, or the server down (75), or the login refused (77).
    static func connecting(_ connection: OpaquePointer?, target: PostgresTarget) -> DatabaseError {
        let text = connection.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
        // libpq says where it tried on the first line, why on the last ("FATAL:  password
        // authentication failed for user …"): the last line that says something is the reason.
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var reason =
            lines.first(where: { !$0.hasPrefix("connection to server") && !$0.hasPrefix("Is the server") })
            ?? lines.first.map { line in
                line.range(of: "failed: ").map { String(line[$0.upperBound...]) } ?? line
            } ?? "unknown error"
        if reason.hasPrefix("FATAL:") { reason = reason.dropFirst(6).trimmingCharacters(in: .whitespaces) }
        let login =
            reason.contains("authentication failed") || reason.contains("no password supplied")
            || reason.contains("no pg_hba.conf entry") || reason.contains("permission denied")
            || (reason.contains("role \"") && reason.contains("does not exist"))
        let missing = reason.contains("database \"") && reason.contains("does not exist")
        let kind: DatabaseError.Kind = login ? .permission : missing ? .cannotOpen : .unavailable
        return DatabaseError(kind: kind, message: reason, path: target.display)
    }

    static func field(_ result: OpaquePointer, _ code: Int32) -> String? {
        PQresultErrorField(result, code).map { String(cString: $0) }
    }

    /// SQLSTATE's five characters as a number for messages (base 36, as PostgreSQL packs them).
    static func code(_ state: String) -> Int32 {
        Int32(truncatingIfNeeded: Int(state, radix: 36) ?? 0)
    }

    static func kind(_ state: String, constraint: String) -> DatabaseError.Kind {
        switch state {
        case "23505": return .constraint(constraint.hasSuffix("_pkey") ? .primaryKey : .unique)
        case "23503": return .constraint(.foreignKey)
        case "23514": return .constraint(.check)
        case "23502": return .constraint(.notNull)
        case "P0001": return .constraint(.trigger)
        case "40001", "40P01", "55P03": return .busy
        case "57014": return .interrupted
        case "53100": return .full
        case "53200": return .noMemory
        case "54000", "54001": return .tooBig
        case "25006", "42501": return .refused
        case "28000", "28P01": return .permission
        case "58030": return .ioError
        // Almanac's own SQL functions refusing an argument (local_date's day outside the years).
        case "ALM01": return .statement
        case "XX001", "XX002": return .corrupt
        default: break
        }
        switch state.prefix(2) {
        case "08", "57": return .unavailable
        case "22": return .mismatch
        case "23": return .constraint(.other)
        case "42", "0A", "2B", "3F", "3D", "26", "34": return .statement
        default: return .other
        }
    }

    /// What a read-only transaction refused, from its message (`cannot execute INSERT in a read-only transaction`).
    static func refusedAction(_ message: String) -> String? {
        guard let range = message.range(of: "cannot execute "),
            let end = message.range(of: " in a read-only transaction")
        else { return nil }
        let action = String(message[range.upperBound..<end.lowerBound])
        // A write inside WITH is refused as the SELECT around it.
        return action == "SELECT" ? "a WITH that writes" : action
    }
}

extension DatabaseError {
    /// True when PostgreSQL could not serialize the transaction or broke a deadlock: run it again.
    public var isSerializationFailure: Bool {
        kind == .busy && (code == PostgresError.code("40001") || code == PostgresError.code("40P01"))
    }
}
