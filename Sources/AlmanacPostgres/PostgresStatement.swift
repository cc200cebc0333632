import AlmanacStore
import CLibPQ
import Foundation

/// A statement of a `PostgresDatabase`: parameters kept as text until it runs, then sent with it
/// (never spliced into the SQL); rows read one at a time (libpq's single-row mode), so a listing of
/// a million rows holds one row in memory, as SQLite's does.
///
/// Values come back as SQLite's would: integers, reals and text by the column's type, booleans as
/// 1 and 0, dates as `YYYY-MM-DD`, instants as `YYYY-MM-DDTHH:MM:SSZ` (the session runs in UTC),
/// `bytea` as bytes.
public final class PostgresStatement: Statement {
    let database: PostgresDatabase
    public let sql: String
    let numbered: PostgresSQL
    /// The parameters' text (nil for NULL) and whether each is bytes.
    private var values: [[UInt8]?]
    private var isBinary: [Bool]
    /// The result being read: the current row's, or the last one's.
    var result: OpaquePointer?
    /// The first row, read ahead when the columns were asked for before stepping.
    private var pending: OpaquePointer?
    /// The rest of the rows, taken in when another statement ran on the connection meanwhile.
    private var takenIn: [OpaquePointer] = []
    private var takenInNext = 0
    private var running = false
    private var finished = false
    /// The current row's values converted to SQLite's forms (instants, booleans), by column.
    var converted: [Int32: [UInt8]] = [:]
    var types: [Oid] = []

    init(database: PostgresDatabase, sql: String, numbered: PostgresSQL) {
        self.database = database
        self.sql = sql
        self.numbered = numbered
        values = Array(repeating: nil, count: numbered.names.count)
        isBinary = Array(repeating: false, count: numbered.names.count)
    }

    deinit {
        finish()
    }

    public var connection: any Database { database }

    // MARK: Parameters

    public var parameterCount: Int32 { Int32(numbered.names.count) }

    public func parameterName(at index: Int32) -> String? {
        guard index >= 1, Int(index) <= numbered.names.count else { return nil }
        return numbered.names[Int(index) - 1]
    }

    public func parameterIndex(named name: String) -> Int32? {
        numbered.names.firstIndex(where: { $0 == name }).map { Int32($0 + 1) }
    }

    private func set(_ bytes: [UInt8]?, binary: Bool = false, at index: Int32) throws {
        guard index >= 1, Int(index) <= values.count else {
            throw DatabaseError(kind: .range, message: "column index out of range", sql: sql, path: database.path)
        }
        values[Int(index) - 1] = bytes
        isBinary[Int(index) - 1] = binary
    }

    public func bindNull(at index: Int32) throws { try set(nil, at: index) }
    public func bind(_ value: Int64, at index: Int32) throws { try set(Array(String(value).utf8), at: index) }
    public func bind(_ value: Double, at index: Int32) throws {
        try set(Array(PostgresStatement.text(of: value).utf8), at: index)
    }
    public func bindText(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws {
        try set(Array(bytes), at: index)
    }
    public func bindTextInPlace(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws {
        try set(Array(bytes), at: index)
    }
    public func bind(blob bytes: [UInt8], at index: Int32) throws { try set(bytes, binary: true, at: index) }
    public func clearBindings() {
        values = Array(repeating: nil, count: values.count)
        isBinary = Array(repeating: false, count: values.count)
    }

    static func text(of value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return String(value)
    }

    // MARK: Running

    /// Sends the statement and its parameters; rows come back one by one.
    private func start() throws {
        database.streaming?.takeInTheRest()
        let handle = database.handle
        // A statement left unread on this connection (a listing stopped early) is finished first.
        let sent: Int32 = numbered.text.withCString { text in
            var pointers: [UnsafePointer<CChar>?] = []
            var lengths: [Int32] = []
            var formats: [Int32] = []
            var storage: [UnsafeMutablePointer<UInt8>] = []
            defer { for copy in storage { copy.deallocate() } }
            for (offset, value) in values.enumerated() {
                guard let value else {
                    pointers.append(nil)
                    lengths.append(0)
                    formats.append(0)
                    continue
                }
                let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: value.count + 1)
                copy.initialize(from: value, count: value.count)
                copy[value.count] = 0
                storage.append(copy)
                pointers.append(UnsafeRawPointer(copy).assumingMemoryBound(to: CChar.self))
                lengths.append(Int32(value.count))
                formats.append(isBinary[offset] ? 1 : 0)
            }
            return PQsendQueryParams(handle, text, Int32(values.count), nil, pointers, lengths, formats, 0)
        }
        guard sent == 1 else { throw PostgresError.lost(database, sql: sql) }
        PQsetSingleRowMode(handle)
        running = true
        database.streaming = self
    }

    /// The next result of the running statement, nil when it has none left.
    private func nextResult() -> OpaquePointer? {
        if let pending {
            self.pending = nil
            return pending
        }
        if takenInNext < takenIn.count {
            takenInNext += 1
            return takenIn[takenInNext - 1]
        }
        guard running else { return nil }
        return PQgetResult(database.handle)
    }

    /// Reads every result still to come into memory, so the connection is free for another
    /// statement (a scan that writes as it reads: the overdue check records a notice per row).
    func takeInTheRest() {
        guard running else { return }
        while let next = PQgetResult(database.handle) { takenIn.append(next) }
        running = false
        if database.streaming === self { database.streaming = nil }
    }

    /// Reads what is left of the running statement's results, so the connection is free again.
    private func drain() {
        guard running else { return }
        while let leftover = PQgetResult(database.handle) { PQclear(leftover) }
        running = false
        if database.streaming === self { database.streaming = nil }
    }

    private func finish() {
        for index in takenInNext..<takenIn.count { PQclear(takenIn[index]) }
        takenIn.removeAll()
        takenInNext = 0
        if let pending { PQclear(pending) }
        pending = nil
        if let result { PQclear(result) }
        result = nil
        // Stopped before its end: the rest is read and dropped. (A cancel request could arrive after
        // the statement ended and stop the next one instead.)
        if running { drain() }
    }

    @discardableResult
    public func step() throws -> Bool {
        if finished { return false }
        if !running && pending == nil { try start() }
        converted.removeAll(keepingCapacity: true)
        guard let next = nextResult() else {
            finished = true
            if running { drain() }
            return false
        }
        let status = PQresultStatus(next)
        if status == PGRES_SINGLE_TUPLE {
            if let result { PQclear(result) }
            result = next
            if types.isEmpty { readTypes(next) }
            return true
        }
        // The end: the last result (no row), an error, or a command's count.
        do {
            try database.check(next, sql: sql)
        } catch {
            PQclear(next)
            drain()
            finished = true
            throw error
        }
        if status == PGRES_COMMAND_OK { database.noteChanges(next) }
        if let result { PQclear(result) }
        result = next
        if types.isEmpty { readTypes(next) }
        drain()
        finished = true
        return false
    }

    public func reset() {
        finish()
        finished = false
        converted.removeAll()
    }

    /// True for a statement that only reads (PostgreSQL tells at run time: read-only connections refuse the rest).
    public var isReadOnly: Bool {
        PostgresSQL.readingKeywords.contains(PostgresSQL.firstKeyword(numbered.text))
    }

    // MARK: Columns

    private func readTypes(_ result: OpaquePointer) {
        types = (0..<PQnfields(result)).map { PQftype(result, $0) }
    }

    /// Runs the statement far enough to know its columns (its first row kept for `step`).
    private func describe() -> OpaquePointer? {
        if let result { return result }
        if let pending { return pending }
        guard !finished else { return nil }
        do {
            if !running { try start() }
        } catch {
            return nil
        }
        pending = PQgetResult(database.handle)
        if let pending, types.isEmpty { readTypes(pending) }
        return pending
    }

    public var columnCount: Int32 { describe().map { PQnfields($0) } ?? 0 }

    public func columnName(at index: Int32) -> String {
        guard let result = describe(), let name = PQfname(result, index) else { return "" }
        return String(cString: name)
    }

    public func declaredType(at index: Int32) -> String? {
        guard let result = describe(), PQftable(result, index) != 0 else { return nil }
        switch PostgresType(PQftype(result, index)) {
        case .integer, .boolean: return "INTEGER"
        case .real, .numeric: return "REAL"
        case .bytes: return "BLOB"
        default: return "TEXT"
        }
    }

}

/// The PostgreSQL types whose values read differently from their text (`pg_type.oid`).
enum PostgresType {
    case integer, boolean, real, numeric, bytes, instant, wallTime, text

    init(_ oid: Oid) {
        switch oid {
        case 20, 21, 23, 26: self = .integer
        case 16: self = .boolean
        case 700, 701: self = .real
        case 1700: self = .numeric
        case 17: self = .bytes
        case 1184: self = .instant
        case 1114: self = .wallTime
        default: self = .text
        }
    }
}
