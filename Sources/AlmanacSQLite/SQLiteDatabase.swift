import AlmanacStore
import CSQLite
import Foundation

/// One connection to an SQLite database file.
///
/// A read-write connection runs in WAL mode with foreign keys on, and leaves the `-wal` and `-shm`
/// files in place when it closes, so a user who may only read the database can still open it (SQLite
/// cannot open a WAL database read-only where those files are missing and cannot be created). Every
/// connection waits up to its busy timeout for a lock. A read-only connection also refuses writes
/// through pragmas, ATTACH and extension loading, so no statement run on it can change the file.
public final class SQLiteDatabase: Database {
    /// How the file is opened.
    public typealias Mode = DatabaseMode

    /// The `sqlite3*` handle.
    package let handle: OpaquePointer
    /// The path the connection was opened with (`:memory:` for an in-memory database).
    public let path: String
    /// How the file was opened.
    public let mode: Mode
    /// How long, in milliseconds, a statement waits for another connection's lock.
    public let busyTimeout: Int32
    /// What the read-only guard refused since `clearRefusal()` (`DELETE FROM books`, `ATTACH`,
    /// `load_extension()`), in the order SQLite asked, so an error can say more than "not authorized".
    var refusals: [String] = []
    /// True while a transaction is rolled back: a deadline never stops that (`StatementDeadline`).
    var isRollingBack = false

    /// The default wait for a lock held by another process, in milliseconds.
    public static let defaultBusyTimeout: Int32 = 5_000

    /// The journal SQLite writes through: `wal`, or `delete` where the file system cannot give WAL the
    /// shared memory it needs (see `configure`). Empty for a read-only connection, which sets none.
    public private(set) var journalMode = ""

    /// The largest the `-wal` file is kept between transactions (it is emptied when the last writer
    /// closes): a million-row import leaves no hundred-megabyte log behind.
    static let walSizeLimit = 64 << 20

    /// Opens the database at `path` (creating it for `.create`), through SQLite's default VFS. `vfs`
    /// names another (tests use `unix-dotfile`, which has no shared memory, to see WAL refused).
    public init(
        path: String, mode: Mode = .readWrite, busyTimeout: Int32 = SQLiteDatabase.defaultBusyTimeout,
        vfs: String? = nil
    ) throws {
        _ = Self.configureLibrary
        var connection: OpaquePointer?
        let flags: Int32 =
            switch mode {
            case .readWrite: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
            case .create: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
            case .readOnly: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
            }
        let code = sqlite3_open_v2(path, &connection, flags, vfs)
        guard code == SQLITE_OK, let connection else {
            let error = DatabaseError(connection: connection, code: code, path: path, readOnly: mode == .readOnly)
            sqlite3_close_v2(connection)
            throw error
        }
        self.handle = connection
        self.path = path
        self.mode = mode
        self.busyTimeout = busyTimeout
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, busyTimeout)
        watchDeadlines()
        try configure()
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// The first `count` bytes of the file at `path` (fewer when the file is shorter), read through
    /// SQLite's own VFS; nil when it cannot be opened for reading. Not through a descriptor of our
    /// own: POSIX drops every lock a process holds on a file when any descriptor of that file closes,
    /// so a plain open() and close() beside a connection of this process would release its locks, and
    /// a second process could then checkpoint and truncate the log under it. SQLite's VFS knows its
    /// other connections hold locks, and keeps the descriptor open until they are released.
    public static func header(ofFileAt path: String, count: Int) -> [UInt8]? {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            return nil
        }
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
            let file, let methods = file.pointee.pMethods,
            let fileSize = methods.pointee.xFileSize, let read = methods.pointee.xRead
        else { return nil }
        var size: sqlite3_int64 = 0
        guard fileSize(file, &size) == SQLITE_OK else { return nil }
        let length = Int(min(sqlite3_int64(count), size))
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: length)
        let code = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, Int32(length), 0) }
        return code == SQLITE_OK ? bytes : nil
    }

    /// Library-wide settings, applied once before the first connection: no memory statistics, whose
    /// global mutex costs a bulk import several percent, unless `keepMemoryStatistics()` came first.
    private static let configureLibrary: Void = {
        _ = almanac_config_memstatus(0)
    }()

    /// Keeps SQLite's memory statistics on for the rest of the process (a cap on its memory needs
    /// them): it initializes the library with them, so the first connection can no longer turn them
    /// off. Call it before any connection opens; afterwards it changes nothing.
    package static func keepMemoryStatistics() {
        _ = almanac_config_memstatus(1)
        _ = sqlite3_initialize()
    }

    /// Caps SQLite's memory in this process at `bytes` (soft at a quarter): a statement that would
    /// take more fails `.noMemory`. Call it before the first connection opens: the cap needs SQLite's
    /// memory statistics, which can only be turned on then.
    public static func capMemory(at bytes: Int64) {
        keepMemoryStatistics()
        sqlite3_soft_heap_limit64(bytes / 4)
        sqlite3_hard_heap_limit64(bytes)
    }

    private func configure() throws {
        // Extensions are never loaded, through the C API or SQL's load_extension().
        _ = almanac_db_config_int(handle, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0)
        // Defensive mode forbids writable_schema and other ways of corrupting the file on purpose.
        _ = almanac_db_config_int(handle, SQLITE_DBCONFIG_DEFENSIVE, 1)
        // A large sort (an index built after an import's rows, an ORDER BY no index serves) may hand
        // its runs to two helper threads (`PRAGMA threads`): a 10M-row import's index builds take a
        // tenth less time, and `books list` a sixth, for a few MiB more memory (each helper keeps a
        // cache-sized run). Small sorts never start one.
        sqlite3_limit(handle, SQLITE_LIMIT_WORKER_THREADS, 2)
        switch mode {
        case .readWrite, .create:
            try execute("PRAGMA foreign_keys = ON")
            if path != ":memory:" && !path.isEmpty { try retryingWhileBusy(useWriteAheadLog) }
        case .readOnly:
            try execute("PRAGMA query_only = ON")
            // The context is this connection, unretained: the authorizer runs only while it is open.
            sqlite3_set_authorizer(handle, readOnlyAuthorizer, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// Switches to WAL and checks SQLite's answer, which is the journal mode in force afterwards.
    /// A file this user may not write is opened read-only by SQLite without a word: that is refused
    /// here for what it is, rather than at the first write. Where the file can be written but WAL is
    /// not possible (a file system without shared memory for `-shm`), SQLite keeps the rollback
    /// journal and says so: commits are just as atomic and durable, but readers and writers then wait
    /// for each other, up to the busy timeout.
    private func useWriteAheadLog() throws {
        if sqlite3_db_readonly(handle, "main") == 1 {
            throw DatabaseError(
                sqlite: SQLITE_READONLY, message: String(cString: sqlite3_errstr(SQLITE_READONLY)),
                path: path)
        }
        // Reading the header is the first access: a file that is not a database fails here, before
        // anything is written.
        let answer = try scalar("PRAGMA journal_mode = WAL")?.textValue?.lowercased() ?? ""
        journalMode = answer
        guard answer == "wal" else { return }
        // Keep -wal and -shm when the last connection closes (the log is emptied, not deleted), so
        // readers without write access to the folder always find them.
        var persist: Int32 = 1
        _ = sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
        try execute("PRAGMA journal_size_limit = \(Self.walSizeLimit)")
    }

    /// Runs `body` again while SQLite answers SQLITE_BUSY, up to the busy timeout. Setting the
    /// journal mode can be refused at once, without SQLite's busy handler, while another process
    /// opens or closes the same database (the locks on `-shm` are not waited for): two almanacs
    /// started together must not fail for that.
    private func retryingWhileBusy(_ body: () throws -> Void) throws {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(busyTimeout))
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.isBusy && clock.now < deadline {
                sqlite3_sleep(5)
            }
        }
    }

    /// Stops the statement running on this connection at its next step of SQLite's machine
    /// (`SQLITE_INTERRUPT`). Safe from another thread while the connection is open.
    public func interrupt() {
        sqlite3_interrupt(handle)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw DatabaseError(
                sqlite: sqlite3_extended_errcode(handle), message: text, sql: sql, path: path,
                readOnly: mode == .readOnly, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// Compiles one statement. Text after the first statement (other than spaces, comments and `;`) is an error.
    public func prepare(_ sql: String) throws -> any Statement {
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = sql.withCString { text in
            let result = sqlite3_prepare_v3(handle, text, -1, 0, &statement, &tail)
            if result == SQLITE_OK, let tail, !Self.isBlank(tail) {
                sqlite3_finalize(statement)
                statement = nil
                return SQLITE_MISUSE
            }
            return result
        }
        if code == SQLITE_MISUSE {
            throw DatabaseError(
                sqlite: SQLITE_MISUSE, message: DatabaseError.severalStatements, sql: sql, path: path)
        }
        guard code == SQLITE_OK else { throw DatabaseError(self, code: code, sql: sql) }
        guard let statement else {
            throw DatabaseError(sqlite: SQLITE_MISUSE, message: DatabaseError.noStatement, sql: sql, path: path)
        }
        return SQLiteStatement(handle: statement, database: self, sql: sql)
    }

    public var dialect: SQLDialect { .sqlite }

    /// A file's connection does not go away.
    public var isBroken: Bool { false }

    /// A prepared INSERT, bound in place, is SQLite's fastest way in: no stream.
    public func streamRows(into table: String, columns: [String]) throws -> (any RowStream)? { nil }

    /// The number of rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// True while a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// `PRAGMA data_version`: a number that changes when another connection, of this process or
    /// another, commits to the database (this connection's own commits leave it as it was). What was
    /// read from an unchanged number still holds.
    public var dataVersion: Int64 {
        get throws {
            guard case .integer(let version)? = try scalar("PRAGMA data_version") else { return 0 }
            return version
        }
    }

    /// `PRAGMA user_version`.
    public var userVersion: Int {
        get throws {
            guard case .integer(let version)? = try scalar("PRAGMA user_version") else { return 0 }
            return Int(version)
        }
    }

    private static func isBlank(_ text: UnsafePointer<CChar>) -> Bool {
        var remaining = String(cString: text)[...]
        while true {
            remaining = remaining.drop(while: { $0.isWhitespace || $0 == ";" })
            if remaining.hasPrefix("--") {
                remaining = remaining.drop(while: { $0 != "\n" })
            } else if remaining.hasPrefix("/*") {
                guard let end = remaining.range(of: "*/") else { return false }
                remaining = remaining[end.upperBound...]
            } else {
                return remaining.isEmpty
            }
        }
    }
}
