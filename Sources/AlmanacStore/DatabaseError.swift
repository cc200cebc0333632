/// A failure the store reports, in the engine's own words (`message`) and as a kind the layers above
/// decide on: a busy lock is worth a retry (exit 75), a full disk is the user's to free (74), a
/// constraint names the row that broke it. Only the engine's implementation makes these.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, whatever the engine.
    public enum Kind: Sendable, Equatable {
        /// Another connection holds the lock it needs, past the busy timeout.
        case busy
        /// Stopped by `interrupt()` or a `StatementDeadline`.
        case interrupted
        /// The disk, or the database, is full.
        case full
        /// Reading or writing the file failed.
        case ioError
        /// The file is not a database of this engine.
        case notADatabase
        /// The database is damaged.
        case corrupt
        /// It could not be opened, or written: missing, read-only, not permitted.
        case cannotOpen
        /// A row broke a constraint of the schema.
        case constraint(Constraint)
        /// The statement cannot run: a syntax error, a table or column that is not there.
        case statement
        /// A value of the wrong type for its column, a parameter out of range, a refused action.
        case mismatch, range, refused
        /// A value larger than the store takes.
        case tooBig
        /// The engine ran out of the memory it may take.
        case noMemory
        /// A statement given wrongly (several at once, none at all).
        case misuse
        /// The server cannot be reached, or went away (a database server, not a file): try again.
        case unavailable
        /// The server refused the login, or the action, to this user.
        case permission
        /// Anything else: a fault of the engine or of this program.
        case other
    }

    /// The constraint a row broke.
    public enum Constraint: Sendable, Equatable {
        case primaryKey, unique, foreignKey, check, notNull, trigger, datatype, other
    }

    /// What went wrong.
    public let kind: Kind
    /// The engine's own number for it (SQLite's extended result code), for messages.
    public let code: Int32
    /// The engine's own words.
    public let message: String
    /// The statement being run, if any.
    public let sql: String?
    /// The database, as given when it was opened.
    public let path: String?
    /// True when the connection was opened read-only.
    public let readOnly: Bool
    /// The system's `errno` behind an I/O failure, 0 when none.
    public let systemErrno: Int32

    public init(
        kind: Kind, code: Int32 = 0, message: String, sql: String? = nil, path: String? = nil, readOnly: Bool = false,
        systemErrno: Int32 = 0
    ) {
        self.kind = kind
        self.code = code
        self.message = message
        self.sql = sql
        self.path = path
        self.readOnly = readOnly
        self.systemErrno = systemErrno
    }

    /// `prepare`'s message for text holding more than one statement.
    public static let severalStatements = "only one statement may be run at a time"
    /// `prepare`'s message for text holding no statement.
    public static let noStatement = "no statement to run"

    /// True when the text given to `prepare` held more than one statement.
    public var isSeveralStatements: Bool { kind == .misuse && message == Self.severalStatements }
    /// True when the text given to `prepare` held no statement.
    public var isNoStatement: Bool { kind == .misuse && message == Self.noStatement }
    /// True when another connection held the lock.
    public var isBusy: Bool { kind == .busy }
    /// True when a row broke a constraint.
    public var isConstraintViolation: Bool {
        if case .constraint = kind { return true }
        return false
    }

    /// The same failure, told of the database at `path` (a copy's temporary file as the user named it).
    public func at(_ path: String) -> DatabaseError {
        DatabaseError(
            kind: kind, code: code, message: message, sql: sql, path: path, readOnly: readOnly, systemErrno: systemErrno
        )
    }

    public var description: String {
        var text = "database error \(code): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }
}
