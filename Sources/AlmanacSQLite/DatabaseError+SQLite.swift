import AlmanacStore
import CSQLite

extension DatabaseError {
    /// A failure SQLite reported with the extended result code `code` and its `message`.
    package init(
        sqlite code: Int32, message: String, sql: String? = nil, path: String? = nil, readOnly: Bool = false,
        systemErrno: Int32 = 0
    ) {
        self.init(
            kind: Self.kind(ofSQLite: code), code: code, message: message, sql: sql, path: path, readOnly: readOnly,
            systemErrno: systemErrno)
    }

    /// The failure `code` of a call on `connection` (nil when there is none yet): the connection's
    /// own extended code, message and errno when they are of this failure, else SQLite's words for
    /// the code.
    package init(
        connection: OpaquePointer?, code: Int32, sql: String? = nil, path: String? = nil, readOnly: Bool = false
    ) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's last error can be stale when a call fails before touching it.
        let useConnection = connection != nil && (extended & 0xff) == (code & 0xff)
        let message =
            useConnection ? String(cString: sqlite3_errmsg(connection)) : String(cString: sqlite3_errstr(code))
        self.init(
            sqlite: useConnection ? extended : code, message: message, sql: sql, path: path, readOnly: readOnly,
            systemErrno: connection.map { sqlite3_system_errno($0) } ?? 0)
    }

    /// The failure `code` of a call on `database`.
    package init(_ database: SQLiteDatabase, code: Int32, sql: String? = nil) {
        self.init(
            connection: database.handle, code: code, sql: sql, path: database.path, readOnly: database.mode == .readOnly
        )
    }

    /// What an extended result code of SQLite means, whatever the engine.
    static func kind(ofSQLite code: Int32) -> Kind {
        switch code & 0xff {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_INTERRUPT: .interrupted
        case SQLITE_FULL: .full
        case SQLITE_IOERR: .ioError
        case SQLITE_NOTADB: .notADatabase
        case SQLITE_CORRUPT: .corrupt
        case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM: .cannotOpen
        case SQLITE_CONSTRAINT: .constraint(constraint(ofSQLite: code))
        case SQLITE_ERROR: .statement
        case SQLITE_MISMATCH: .mismatch
        case SQLITE_RANGE: .range
        case SQLITE_AUTH: .refused
        case SQLITE_TOOBIG: .tooBig
        case SQLITE_NOMEM: .noMemory
        case SQLITE_MISUSE: .misuse
        default: .other
        }
    }

    /// Which constraint an extended `SQLITE_CONSTRAINT_…` code names (sqlite3.h's macros for them do
    /// not reach Swift).
    private static func constraint(ofSQLite code: Int32) -> Constraint {
        switch code {
        case SQLITE_CONSTRAINT | (6 << 8): .primaryKey
        case SQLITE_CONSTRAINT | (8 << 8): .unique
        case SQLITE_CONSTRAINT | (3 << 8): .foreignKey
        case SQLITE_CONSTRAINT | (1 << 8): .check
        case SQLITE_CONSTRAINT | (5 << 8): .notNull
        case SQLITE_CONSTRAINT | (7 << 8): .trigger
        case SQLITE_CONSTRAINT | (12 << 8): .datatype
        default: .other
        }
    }
}
