import CSQLite
import Foundation

/// SQLite's "make your own copy" destructor, which the C headers define as a macro Swift cannot import.
// swift-format-ignore: AlwaysUseLowerCamelCase
package let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A compiled statement. It owns its `sqlite3_stmt` and finalizes it when released.
public final class Statement {
    /// The `sqlite3_stmt*` handle.
    package let handle: OpaquePointer
    /// The connection the statement belongs to; kept alive as long as the statement.
    public let database: Database
    /// The SQL text the statement was compiled from.
    public let sql: String

    init(handle: OpaquePointer, database: Database, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw DatabaseError(database, code: code, sql: sql) }
    }

    // MARK: Binding (indexes are 1-based, as in SQLite)

    /// The number of parameters the statement takes.
    public var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    /// The name of a parameter (`:name`, `@name`, `$name`), or nil for `?`.
    public func parameterName(at index: Int32) -> String? {
        sqlite3_bind_parameter_name(handle, index).map { String(cString: $0) }
    }

    /// Binds a value of any storage class.
    public func bind(_ value: SQLValue, at index: Int32) throws {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let number): try bind(number, at: index)
        case .real(let number): try bind(number, at: index)
        case .text(let text): try bind(text, at: index)
        case .blob(let bytes): try bind(blob: bytes, at: index)
        }
    }

    /// Binds values to the parameters 1, 2, ... in order.
    public func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds a value to a named parameter; the name includes its prefix (`:due`).
    public func bind(_ value: SQLValue, named name: String) throws {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else {
            throw DatabaseError(
                extendedCode: SQLITE_RANGE, message: "no parameter named \(name)", sql: sql, path: database.path)
        }
        try bind(value, at: index)
    }

    /// Binds NULL.
    public func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Binds an integer.
    public func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds a real.
    public func bind(_ value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds text.
    public func bind(_ value: String, at index: Int32) throws {
        var text = value
        try text.withUTF8 { bytes in
            try bindText(UnsafeRawBufferPointer(bytes), at: index)
        }
    }

    /// Binds UTF-8 text straight from a buffer; SQLite copies it, so the buffer may change afterwards.
    public func bindText(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count > 0 else {
            // A null pointer would bind NULL; empty text needs a real (empty) string.
            try check("".withCString { sqlite3_bind_text(handle, index, $0, 0, SQLITE_TRANSIENT) })
            return
        }
        try check(
            sqlite3_bind_text64(handle, index, start, sqlite3_uint64(bytes.count), SQLITE_TRANSIENT, UInt8(SQLITE_UTF8))
        )
    }

    /// Binds a blob.
    public func bind(blob bytes: [UInt8], at index: Int32) throws {
        try bytes.withUnsafeBytes { buffer in
            try check(sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), SQLITE_TRANSIENT))
        }
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    // MARK: Running

    /// Runs the statement one step: true when a row is ready to read, false when it is done.
    @discardableResult
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let error = DatabaseError(database, code: code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Makes the statement ready to run again; bindings are kept.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Reads every remaining row.
    public func allRows() throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        while try step() {
            rows.append((0..<columnCount).map { value(at: $0) })
        }
        return rows
    }

    /// True when the statement cannot change the database (SELECT, read-only PRAGMA, ...).
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    // MARK: Columns (indexes are 0-based, as in SQLite)

    /// SQLite's storage classes, as reported for a column of the current row.
    public enum ColumnType: Sendable {
        case integer, real, text, blob, null
    }

    /// The number of columns in a result row.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of a result column.
    public func columnName(at index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

    /// The names of all result columns.
    public var columnNames: [String] { (0..<columnCount).map(columnName(at:)) }

    /// The declared type of a result column taken straight from a table (`TEXT`, `INTEGER`), else nil.
    public func declaredType(at index: Int32) -> String? {
        sqlite3_column_decltype(handle, index).map { String(cString: $0) }
    }

    /// The storage class of a column in the current row.
    public func columnType(at index: Int32) -> ColumnType {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer
        case SQLITE_FLOAT: return .real
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }

    /// True when the column is NULL in the current row.
    public func isNull(at index: Int32) -> Bool { columnType(at: index) == .null }

    /// The column as an integer (SQLite's conversion rules apply).
    public func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// The column as an Int (SQLite's conversion rules apply).
    public func int(at index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

    /// The column as a real (SQLite's conversion rules apply).
    public func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// The column as text, or nil when it is NULL.
    public func string(at index: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column's text as SQLite holds it (converted to text when it is not), empty for NULL. The
    /// bytes are SQLite's own: good until the next step, reset or conversion of this column.
    public func textBytes(at index: Int32) -> UnsafeBufferPointer<UInt8> {
        let text = sqlite3_column_text(handle, index)
        return UnsafeBufferPointer(start: text, count: text == nil ? 0 : Int(sqlite3_column_bytes(handle, index)))
    }

    /// The column as bytes, or nil when it is NULL.
    public func blob(at index: Int32) -> [UInt8]? {
        if isNull(at: index) { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let bytes = sqlite3_column_blob(handle, index), count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// The column as a value of its own storage class.
    public func value(at index: Int32) -> SQLValue {
        switch columnType(at: index) {
        case .null: return .null
        case .integer: return .integer(int64(at: index))
        case .real: return .real(double(at: index))
        case .text: return .text(string(at: index) ?? "")
        case .blob: return .blob(blob(at: index) ?? [])
        }
    }
}
