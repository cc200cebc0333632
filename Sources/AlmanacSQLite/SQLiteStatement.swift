import AlmanacStore
import CSQLite
import Foundation

/// SQLite's "make your own copy" destructor, which the C headers define as a macro Swift cannot import.
// swift-format-ignore: AlwaysUseLowerCamelCase
package let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A compiled statement. It owns its `sqlite3_stmt` and finalizes it when released.
public final class SQLiteStatement: Statement {
    /// The `sqlite3_stmt*` handle.
    package let handle: OpaquePointer
    /// The connection the statement belongs to; kept alive as long as the statement.
    public let database: SQLiteDatabase
    /// The SQL text the statement was compiled from.
    public let sql: String

    init(handle: OpaquePointer, database: SQLiteDatabase, sql: String) {
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

    public var connection: any Database { database }

    /// The number of parameters the statement takes.
    public var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    /// The name of a parameter (`:name`, `@name`, `$name`), or nil for `?`.
    public func parameterName(at index: Int32) -> String? {
        sqlite3_bind_parameter_name(handle, index).map { String(cString: $0) }
    }

    public func parameterIndex(named name: String) -> Int32? {
        let index = sqlite3_bind_parameter_index(handle, name)
        return index > 0 ? index : nil
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

    public func bindTextInPlace(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count > 0 else {
            return try bindText(bytes, at: index)
        }
        // No destructor: SQLite reads the bytes where they are (SQLITE_STATIC).
        try check(sqlite3_bind_text64(handle, index, start, sqlite3_uint64(bytes.count), nil, UInt8(SQLITE_UTF8)))
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

    /// True when the statement cannot change the database (SELECT, read-only PRAGMA, ...).
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    // MARK: Columns (indexes are 0-based, as in SQLite)

    /// The number of columns in a result row.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of a result column.
    public func columnName(at index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

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

    /// The column as an integer (SQLite's conversion rules apply).
    public func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// The column as a real (SQLite's conversion rules apply).
    public func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// The column's text as SQLite holds it (converted to text when it is not), empty and with no
    /// address for NULL. The bytes are SQLite's own: good until the next step, reset or conversion of
    /// this column.
    public func textBytes(at index: Int32) -> UnsafeBufferPointer<UInt8> {
        let text = sqlite3_column_text(handle, index)
        return UnsafeBufferPointer(start: text, count: text == nil ? 0 : Int(sqlite3_column_bytes(handle, index)))
    }

    public func lentValue(at index: Int32) -> LentValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: return .text(textBytes(at: index))
        case SQLITE_BLOB:
            let bytes = sqlite3_column_blob(handle, index)
            return .blob(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index))))
        default: return .null
        }
    }

    /// The column as bytes, or nil when it is NULL.
    public func blob(at index: Int32) -> [UInt8]? {
        if isNull(at: index) { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let bytes = sqlite3_column_blob(handle, index), count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

}
