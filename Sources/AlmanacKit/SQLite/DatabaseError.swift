import CSQLite

/// A failure reported by SQLite: the extended result code, SQLite's message, and the SQL being run.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// The extended result code (for example 2067, SQLITE_CONSTRAINT_UNIQUE).
    public let extendedCode: Int32
    /// SQLite's own message, from `sqlite3_errmsg` or `sqlite3_errstr`.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    /// Creates an error from its parts.
    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// Reads the last error of a connection.
    init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's last error can be stale when a call fails before touching it.
        let useConnection = connection != nil && (extended & 0xff) == (code & 0xff)
        let message = useConnection ? String(cString: sqlite3_errmsg(connection)) : String(cString: sqlite3_errstr(code))
        self.init(extendedCode: useConnection ? extended : code, message: message, sql: sql)
    }

    /// The message of `prepare` given more than one statement.
    public static let severalStatements = "only one statement may be run at a time"
    /// The message of `prepare` given only spaces and comments.
    public static let noStatement = "no statement to run"

    /// True when `prepare` refused text holding more than one statement.
    public var isSeveralStatements: Bool { primaryCode == SQLITE_MISUSE && message == Self.severalStatements }
    /// True when `prepare` was given no statement at all.
    public var isNoStatement: Bool { primaryCode == SQLITE_MISUSE && message == Self.noStatement }

    /// The primary result code (the low byte of the extended code), e.g. 19 for SQLITE_CONSTRAINT.
    public var primaryCode: Int32 { extendedCode & 0xff }

    /// True when the database was locked by another connection past the busy timeout.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// True for a violated constraint (CHECK, NOT NULL, UNIQUE, FOREIGN KEY, ...).
    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }

    /// `SQLite error 19: NOT NULL constraint failed: books.title - while executing `INSERT ...``
    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }

    /// The exit status a command should end with when this error stops it.
    public var failure: Failure {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM: return .cannotCreate
        case SQLITE_IOERR, SQLITE_FULL: return .ioError
        case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_TOOBIG: return .invalidData
        case SQLITE_ERROR, SQLITE_AUTH: return .invalidData
        default: return .internalError
        }
    }
}
