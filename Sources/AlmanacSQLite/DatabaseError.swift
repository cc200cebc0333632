import CSQLite

/// A failure reported by SQLite: the extended result code, SQLite's message, and the SQL being run,
/// with what is needed to explain it to a user (the file, the connection's mode, the system's errno).
/// `description` is for tests and debugging; users read `almanacError()` (`DatabaseError+Words.swift`).
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// The extended result code (for example 2067, SQLITE_CONSTRAINT_UNIQUE).
    public let extendedCode: Int32
    /// SQLite's own message, from `sqlite3_errmsg` or `sqlite3_errstr`.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?
    /// The database file, as the connection was opened with it, when the failure came from a connection.
    public let path: String?
    /// True when the connection was read-only (a reader cannot fail to write; a writer can).
    public let readOnly: Bool
    /// The operating system's errno behind an I/O or open failure (`sqlite3_system_errno`), else 0.
    public let systemErrno: Int32

    /// Creates an error from its parts.
    public init(
        extendedCode: Int32, message: String, sql: String? = nil, path: String? = nil, readOnly: Bool = false,
        systemErrno: Int32 = 0
    ) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
        self.readOnly = readOnly
        self.systemErrno = systemErrno
    }

    /// Reads the last error of a connection.
    package init(
        connection: OpaquePointer?, code: Int32, sql: String? = nil, path: String? = nil, readOnly: Bool = false
    ) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's last error can be stale when a call fails before touching it.
        let useConnection = connection != nil && (extended & 0xff) == (code & 0xff)
        let message =
            useConnection ? String(cString: sqlite3_errmsg(connection)) : String(cString: sqlite3_errstr(code))
        self.init(
            extendedCode: useConnection ? extended : code, message: message, sql: sql, path: path, readOnly: readOnly,
            systemErrno: connection.map { sqlite3_system_errno($0) } ?? 0)
    }

    /// Reads the last error of an open database.
    package init(_ database: Database, code: Int32, sql: String? = nil) {
        self.init(
            connection: database.handle, code: code, sql: sql, path: database.path, readOnly: database.mode == .readOnly
        )
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
}
