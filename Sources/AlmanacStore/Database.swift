import Foundation

/// How a connection to a store is opened.
public enum DatabaseMode: Sendable {
    /// Read and write an existing database.
    case readWrite
    /// Read and write, creating the database when it is not there.
    case create
    /// Read only: nothing run on the connection can change the database.
    case readOnly
}

/// When a transaction takes the write lock: at its first write, or at once.
public enum TransactionKind: String, Sendable {
    case deferred = "DEFERRED"
    case immediate = "IMMEDIATE"
    case exclusive = "EXCLUSIVE"
    /// Every row it writes is guarded by a unique key it writes with `ON CONFLICT DO NOTHING`, and
    /// its body has effects outside the database (the overdue notices it prints): SQLite takes the
    /// write lock at once, as for `immediate`; PostgreSQL runs it READ COMMITTED, once, never again
    /// from its start, and two writers of the same key write it once between them.
    case keyed = "KEYED"
}

/// The SQL a store speaks. A world whose statement must be written differently for one engine keeps
/// both forms in its store file and picks by `Database.dialect`.
public enum SQLDialect: Sendable {
    case sqlite
    case postgresql
}

extension SQLDialect {
    /// What orders a table without an id by when its rows were written: SQLite's rowid; on
    /// PostgreSQL the row's place in the table (`ctid`), which follows insertion until a row is
    /// changed (an updated row moves to the end: docs/postgresql.md names the difference).
    public var insertionOrder: String {
        switch self {
        case .sqlite: "rowid"
        case .postgresql: "ctid"
        }
    }
}

/// One connection to the store: what the worlds, import, export and reports need of a database, and
/// all they may ask of it. SQL text is the store's business: each world keeps its statements in one
/// place (its store file), written for the engine it runs on. The implementation (`SQLiteDatabase`
/// in `AlmanacSQLite`) is chosen where the database is opened, never by a world.
///
/// A connection is used by one thread at a time.
public protocol Database: AnyObject {
    /// Where the database is, as given when it was opened (a path, for messages; a server's address
    /// without its password).
    var path: String { get }
    /// The SQL it speaks.
    var dialect: SQLDialect { get }
    /// How the connection was opened.
    var mode: DatabaseMode { get }
    /// The journal the engine writes with (`wal` when readers never wait for a writer), empty when
    /// it did not say.
    var journalMode: String { get }

    /// Compiles one statement. Text holding more than one is refused (`isSeveralStatements`), as is
    /// text holding none (`isNoStatement`).
    func prepare(_ sql: String) throws -> any Statement
    /// Runs SQL text of any number of statements, without arguments or rows.
    func execute(_ sql: String) throws
    /// Stops the statement running on this connection, from any thread; it fails `.interrupted`.
    func interrupt()

    /// The rows the last statement changed.
    var changes: Int { get }
    /// True inside a transaction.
    var isInTransaction: Bool { get }
    /// True once the connection cannot be used again (a server that went away): it is opened anew.
    var isBroken: Bool { get }
    /// A number that changes whenever another connection commits a change to the database.
    var dataVersion: Int64 { get throws }

    /// Runs `body` in a transaction taking the lock as `kind` says: committed when it returns,
    /// rolled back whole when it throws (a deadline never stops the rollback).
    func transaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T
    /// Runs `body` in a savepoint, which a failure rolls back alone, inside a transaction or not.
    func savepoint<T>(_ name: String, _ body: () throws -> T) throws -> T

    /// Forgets what the read-only guard refused, before a statement whose refusal should be explained.
    func clearRefusal()
    /// What a read-only connection refused since `clearRefusal()`, in SQL's words (`DROP TABLE books`).
    var refusedAction: String? { get }
    /// Refuses any value (text, blob, a function's result) longer than `bytes`.
    func capValues(at bytes: Int32) throws
    /// Has the engine itself end any statement that runs longer than `limit` (PostgreSQL's
    /// `statement_timeout`), so a client that died or hangs leaves nothing running on a server. An
    /// embedded engine runs no statement without its client: there it does nothing.
    func limitStatements(to limit: Duration) throws
    /// Defines the collation `name` for `ORDER BY … COLLATE name`.
    func setCollation(_ name: String, _ compare: @escaping @Sendable (String, String) -> ComparisonResult)
    /// Defines the SQL function `name(text)`: `body` gets the argument's text (nil for NULL or a
    /// value that is not text) and gives the result (nil for NULL) or throws a `FunctionRefusal`,
    /// whose words become the statement's error. The same argument always gives the same result.
    func defineFunction(_ name: String, _ body: @escaping @Sendable (String?) throws -> String?) throws
    /// A stream of rows into `table`'s `columns` that the engine takes faster than one INSERT a row
    /// (PostgreSQL's `COPY … FROM STDIN`), nil where a prepared INSERT is already the fastest way in
    /// (SQLite). The rows are checked against the schema when the stream finishes.
    func streamRows(into table: String, columns: [String]) throws -> (any RowStream)?
    /// Copies the whole database, consistently, into the empty file at `destination`, while other
    /// connections go on writing (a reader never waits for them nor they for it). False, with
    /// nothing written, when that file is not empty (it is not the one the caller made).
    func copy(into destination: String) throws -> Bool
}

/// Rows sent to one table as one stream (`Database.streamRows`): each row's values in the columns'
/// order, then `endRow()`; `finish()` ends the stream, and the database checks and stores the rows
/// then, all or none. A stream that is not finished is abandoned when it is released.
public protocol RowStream: AnyObject {
    func appendNull()
    /// UTF-8 text, copied.
    func appendText(_ bytes: UnsafeRawBufferPointer)
    func append(_ value: Int64)
    func append(_ value: Double)
    func endRow() throws
    /// Ends the stream: the rows stored, or the database's refusal of one of them (then none is).
    @discardableResult func finish() throws -> Int
}

/// A SQL function's refusal of its argument, in the user's words (see `Database.defineFunction`).
public struct FunctionRefusal: Error, Sendable {
    /// What to tell the user.
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}

extension Database {
    /// Runs `body` in an immediate transaction (the write lock taken at once).
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(.immediate, body)
    }

    /// Runs `body` in a savepoint named `almanac`.
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        try savepoint("almanac", body)
    }

    /// Runs one statement with `arguments` to its end.
    public func run(_ sql: String, _ arguments: [SQLValue] = []) throws {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        while try statement.step() {}
    }

    /// Every row of one statement with `arguments`.
    public func rows(_ sql: String, _ arguments: [SQLValue] = []) throws -> [[SQLValue]] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        return try statement.allRows()
    }

    /// The first column of the first row of one statement, nil when it gives no row.
    public func scalar(_ sql: String, _ arguments: [SQLValue] = []) throws -> SQLValue? {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        return try statement.step() ? statement.value(at: 0) : nil
    }
}
