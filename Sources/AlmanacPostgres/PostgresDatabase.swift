import AlmanacStore
import CLibPQ
import Foundation

/// One connection to a PostgreSQL database, through libpq (PostgreSQL's own client library).
///
/// The session speaks as SQLite's store does, so that everything above reads the same values from
/// either: UTC (`TimeZone`), ISO dates (`DateStyle`), instants shown as `YYYY-MM-DDTHH:MM:SSZ`
/// (`PostgresStatement`), booleans as 1 and 0. Statements run in text form with their parameters
/// sent apart from the SQL; `?`, `?NNN` and `:name` parameters are numbered for PostgreSQL
/// (`PostgresSQL.numbered`). A read-only connection runs every transaction READ ONLY.
///
/// Where SQLite's writer takes the database's one write lock (`BEGIN IMMEDIATE`), a transaction here
/// runs SERIALIZABLE and is run again from its start when PostgreSQL could not serialize it (40001)
/// or broke a deadlock (40P01): to each transaction the database looks as if it were the only
/// writer, as it does on SQLite, while many hosts write at once.
public final class PostgresDatabase: Database {
    /// The `PGconn*` handle.
    let handle: OpaquePointer
    /// The server as messages name it: `postgresql://user@host:port/dbname`, never a password.
    public let path: String
    public let mode: DatabaseMode
    /// PostgreSQL has no journal mode to choose.
    public var journalMode: String { "" }
    /// The statement whose rows are still arriving, if any: another statement on the connection first
    /// takes the rest of them in (libpq runs one statement at a time on a connection).
    weak var streaming: PostgresStatement?
    /// What the last statement changed (`PQcmdTuples`).
    var lastChanges = 0
    /// What a read-only transaction refused since `clearRefusal()`, in SQL's words.
    public private(set) var refusedAction: String?
    /// The savepoints open now, outermost first (a savepoint outside a transaction opens one).
    private var savepointDepth = 0
    /// True while `transaction` runs its body: a failure inside is retried only at the outermost level.
    private var transactionLevel = 0

    /// How many times a transaction PostgreSQL could not serialize is run again before giving up (busy, 75).
    public static let serializationAttempts = 20

    /// Connects to `url` (any libpq connection string or URI). A password in it is refused: libpq
    /// reads it from `~/.pgpass` or `PGPASSWORD`, where `ps` and logs cannot see it.
    /// A connection that the server has not answered within `connectTimeout` seconds fails (unless
    /// the URL says otherwise).
    public init(
        url: String, mode: DatabaseMode = .readWrite, applicationName: String = "almanac", connectTimeout: Int = 10
    ) throws {
        let target = try PostgresTarget(url)
        path = target.display
        self.mode = mode
        // Keywords override the URL's own; `fallback_application_name` names the program in pg_stat_activity.
        let keys = ["dbname", "fallback_application_name", "connect_timeout"]
        let values = [url, applicationName, target.hasConnectTimeout ? nil : String(connectTimeout)]
        let connection = Self.connect(keys: keys, values: values)
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let error = PostgresError.connecting(connection, target: target)
            PQfinish(connection)
            throw error
        }
        handle = connection
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        // Messages in English whatever the server's locale, so they can be told apart.
        var session = "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'iso_8601';"
        session += " SET extra_float_digits = 1; SET lc_messages = 'C';"
        if mode == .readOnly { session += " SET default_transaction_read_only = on;" }
        do {
            try executeIgnoringLocale(session)
        } catch {
            PQfinish(handle)
            throw error
        }
        // A client killed mid-statement (Ctrl-C, kill -9, a lost host) ends its statement on the
        // server within a second, not when the statement next writes a row (PostgreSQL 14 and later).
        try? execute("SET client_connection_check_interval = 1000")
    }

    deinit {
        PQfinish(handle)
    }

    private static func connect(keys: [String], values: [String?]) -> OpaquePointer? {
        let keyPointers = keys.map { strdup($0) } + [nil]
        let valuePointers = values.map { $0.map { strdup($0) } ?? nil } + [nil]
        defer {
            for pointer in keyPointers { free(pointer) }
            for pointer in valuePointers { free(pointer) }
        }
        return keyPointers.withUnsafeBufferPointer { keyBuffer in
            valuePointers.withUnsafeBufferPointer { valueBuffer in
                keyBuffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: keys.count + 1) {
                    k in
                    valueBuffer.baseAddress!.withMemoryRebound(
                        to: UnsafePointer<CChar>?.self, capacity: values.count + 1
                    ) { v in
                        PQconnectdbParams(k, v, 1)
                    }
                }
            }
        }
    }

    /// `lc_messages` may only be set by a superuser: a failure to set it is no failure.
    private func executeIgnoringLocale(_ session: String) throws {
        do {
            try execute(session)
        } catch let error as DatabaseError where error.message.contains("lc_messages") {
            try execute(session.replacingOccurrences(of: " SET lc_messages = 'C';", with: ""))
        }
    }

    // MARK: Statements

    public func prepare(_ sql: String) throws -> any Statement {
        let numbered = try PostgresSQL.numbered(sql, path: path)
        if mode == .readOnly { try refuseWhatWrites(sql, numbered) }
        return PostgresStatement(database: self, sql: sql, numbered: numbered)
    }

    /// On a read-only connection, refuses a function that reaches past the database by its name, and
    /// a statement that is not one that reads, named as SQLite names it (`DELETE FROM books`), once
    /// the server has parsed it: text that does not parse is the server's syntax error, as on SQLite.
    private func refuseWhatWrites(_ sql: String, _ numbered: PostgresSQL) throws {
        let action: String
        if let function = PostgresSQL.refusedFunction(in: numbered.text) {
            action = function + "()"
        } else if !PostgresSQL.readingKeywords.contains(PostgresSQL.firstKeyword(numbered.text)) {
            streaming?.takeInTheRest()
            guard let parsed = PQprepare(handle, "", numbered.text, 0, nil) else {
                throw PostgresError.lost(self, sql: sql)
            }
            defer { PQclear(parsed) }
            try check(parsed, sql: sql)
            action = PostgresSQL.writeAction(numbered.text)
        } else {
            return
        }
        refusedAction = action
        throw DatabaseError(kind: .refused, message: "\(action) is refused", sql: sql, path: path, readOnly: true)
    }

    /// Runs SQL text of any number of statements (PostgreSQL's simple query protocol).
    public func execute(_ sql: String) throws {
        streaming?.takeInTheRest()
        guard let result = PQexec(handle, sql) else { throw PostgresError.lost(self, sql: sql) }
        defer { PQclear(result) }
        try check(result, sql: sql)
        noteChanges(result)
    }

    /// Counts the rows a command changed, as SQLite's `changes` does: only an INSERT, UPDATE, DELETE
    /// or MERGE counts. A SAVEPOINT or RELEASE after an insert leaves its count as it was (a guarded
    /// upsert's rows were counted as skipped when the RELEASE reset it).
    func noteChanges(_ result: OpaquePointer) {
        let status = String(cString: PQcmdStatus(result))
        guard ["INSERT", "UPDATE", "DELETE", "MERGE"].contains(where: { status.hasPrefix($0 + " ") }) else { return }
        lastChanges = Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    /// Throws the error a result reports, if any.
    func check(_ result: OpaquePointer, sql: String?) throws {
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_SINGLE_TUPLE, PGRES_EMPTY_QUERY, PGRES_COPY_IN, PGRES_COPY_OUT:
            return
        default:
            let error = PostgresError.from(result, database: self, sql: sql)
            if error.kind == .refused, let action = PostgresError.refusedAction(error.message) {
                refusedAction = action
            }
            throw error
        }
    }

    /// Asks the server to stop the statement running on this connection, from any thread; it fails `.interrupted`.
    public func interrupt() {
        guard let cancel = PQgetCancel(handle) else { return }
        defer { PQfreeCancel(cancel) }
        var buffer = [CChar](repeating: 0, count: 256)
        _ = PQcancel(cancel, &buffer, Int32(buffer.count))
    }

    public var changes: Int { lastChanges }

    public var isInTransaction: Bool { PQtransactionStatus(handle) != PQTRANS_IDLE }

    /// True once the server closed the connection (it stopped or restarted). Between statements,
    /// what the server sent meanwhile is read first (no round trip), so a connection the server
    /// closed while this one was idle is known for broken before a statement is sent on it.
    public var isBroken: Bool {
        if streaming == nil && PQisBusy(handle) == 0 { _ = PQconsumeInput(handle) }
        return PQstatus(handle) != CONNECTION_OK
    }

    /// Where the server's write-ahead log stands (on a standby, how far it has replayed): it moves on
    /// with every commit of any connection, so what was read at an unchanged position still holds.
    public var dataVersion: Int64 {
        get throws {
            let position = try scalar(
                "SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END::text"
            )
            return PostgresSQL.walPosition(position?.textValue ?? "")
        }
    }

    // MARK: Transactions

    /// Runs `body` in a SERIALIZABLE transaction (READ ONLY on a read-only connection), committed when
    /// it returns; run again from the start when PostgreSQL could not serialize it against another
    /// writer, up to `serializationAttempts` times, with a growing random pause.
    public func transaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
        if transactionLevel > 0 || isInTransaction {
            // Already inside one: a savepoint keeps the caller's all-or-nothing.
            return try savepoint("nested", body)
        }
        if kind == .keyed { return try runTransaction("BEGIN ISOLATION LEVEL READ COMMITTED", body) }
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try runTransaction("BEGIN ISOLATION LEVEL SERIALIZABLE", body)
            } catch let error as DatabaseError
                where error.isSerializationFailure && attempt < Self.serializationAttempts
            {
                usleep(UInt32.random(in: 1_000...(5_000 * UInt32(min(attempt, 10)))))
            }
        }
    }

    private func runTransaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
        try execute(begin)
        transactionLevel += 1
        defer { transactionLevel -= 1 }
        let result: T
        do {
            result = try body()
            try execute("COMMIT")
        } catch {
            if PQstatus(handle) == CONNECTION_OK { _ = try? execute("ROLLBACK") }
            throw error
        }
        return result
    }

    /// Runs `body` in a savepoint; outside a transaction it opens one (as SQLite's SAVEPOINT does).
    public func savepoint<T>(_ name: String, _ body: () throws -> T) throws -> T {
        guard isInTransaction else { return try transaction(.immediate, body) }
        let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        try execute("SAVEPOINT \(quoted)")
        let result: T
        do {
            result = try body()
        } catch {
            _ = try? execute("ROLLBACK TO SAVEPOINT \(quoted)")
            _ = try? execute("RELEASE SAVEPOINT \(quoted)")
            throw error
        }
        try execute("RELEASE SAVEPOINT \(quoted)")
        return result
    }

    // MARK: What PostgreSQL does its own way

    public func clearRefusal() { refusedAction = nil }

    /// PostgreSQL's values are bounded by the server (1 GB a field); the query's memory by `work_mem`.
    public func capValues(at bytes: Int32) throws {}

    public func limitStatements(to limit: Duration) throws {
        let (seconds, attoseconds) = limit.components
        try execute("SET statement_timeout = \(max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))")
    }

    /// PostgreSQL cannot call back into this process: a caller sorts by `compare` itself
    /// (`supportsCollations` is false).
    public func setCollation(_ name: String, _ compare: @escaping @Sendable (String, String) -> ComparisonResult) {}

    /// PostgreSQL cannot call back into this process: the SQL written for it does the work itself.
    public func defineFunction(_ name: String, _ body: @escaping @Sendable (String?) throws -> String?) throws {}

    /// A copy of a PostgreSQL database is `pg_dump`'s work (docs/postgresql.md): refused.
    public func copy(into destination: String) throws -> Bool {
        throw DatabaseError(
            kind: .refused, message: "a PostgreSQL database is backed up with pg_dump (docs/postgresql.md)", path: path)
    }

    public var dialect: SQLDialect { .postgresql }

    /// The server's process id for this connection, for tests that end it.
    public var backendPID: Int32 { PQbackendPID(handle) }
}
