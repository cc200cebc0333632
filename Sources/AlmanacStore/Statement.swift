/// A compiled statement of a `Database`: arguments bound by position (from 1) or name, stepped row
/// by row, its columns read by position (from 0) while the row is current.
public protocol Statement: AnyObject {
    /// The SQL text it was compiled from.
    var sql: String { get }
    /// The connection it belongs to, kept open as long as the statement.
    var connection: any Database { get }

    /// How many parameters it takes.
    var parameterCount: Int32 { get }
    /// The name of parameter `index` (`:name`), nil for a positional one.
    func parameterName(at index: Int32) -> String?
    /// The position of the parameter named `name` (with its prefix, `:name`), nil when there is none.
    func parameterIndex(named name: String) -> Int32?
    func bindNull(at index: Int32) throws
    func bind(_ value: Int64, at index: Int32) throws
    func bind(_ value: Double, at index: Int32) throws
    /// Binds UTF-8 text, copied.
    func bindText(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws
    /// Binds UTF-8 text without copying it: the bytes must stay where they are until the statement
    /// is stepped, reset or bound again (an import binds straight from its batch's storage).
    func bindTextInPlace(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws
    func bind(blob bytes: [UInt8], at index: Int32) throws
    /// Unbinds every parameter (NULL).
    func clearBindings()

    /// Runs to the next row: true when there is one, false when the statement is done.
    @discardableResult func step() throws -> Bool
    /// Makes it ready to run again from the start (its bindings kept).
    func reset()
    /// True when it cannot change the database.
    var isReadOnly: Bool { get }

    /// How many columns its rows have.
    var columnCount: Int32 { get }
    func columnName(at index: Int32) -> String
    /// The column's type as its table declares it, nil for an expression.
    func declaredType(at index: Int32) -> String?
    /// The type of the current row's value in column `index`.
    func columnType(at index: Int32) -> ColumnType
    func int64(at index: Int32) -> Int64
    func double(at index: Int32) -> Double
    /// The value's UTF-8 text, valid until the next step; `baseAddress` nil for NULL.
    func textBytes(at index: Int32) -> UnsafeBufferPointer<UInt8>
    func blob(at index: Int32) -> [UInt8]?
    /// The current row's value in column `index` with its type, text and bytes lent (good until the
    /// next step): one call where a listing would otherwise ask the type and then the value.
    func lentValue(at index: Int32) -> LentValue
}

/// A value of the current row as the store holds it, its text and bytes lent: good until the
/// statement steps again.
public enum LentValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(UnsafeBufferPointer<UInt8>)
    case blob(UnsafeRawBufferPointer)
}

/// The type of a value in a row.
public enum ColumnType: Sendable {
    case integer, real, text, blob, null
}

extension Statement {
    public func bind(_ value: SQLValue, at index: Int32) throws {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let number): try bind(number, at: index)
        case .real(let number): try bind(number, at: index)
        case .text(let text): try bind(text, at: index)
        case .blob(let bytes): try bind(blob: bytes, at: index)
        }
    }

    /// Binds `values` to the parameters 1, 2, ….
    public func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds `value` to the parameter named `name` (`:name`).
    public func bind(_ value: SQLValue, named name: String) throws {
        guard let index = parameterIndex(named: name) else {
            throw DatabaseError(kind: .range, message: "no parameter named \(name)", sql: sql, path: connection.path)
        }
        try bind(value, at: index)
    }

    public func bind(_ value: String, at index: Int32) throws {
        var text = value
        try text.withUTF8 { bytes in
            try bindText(UnsafeRawBufferPointer(bytes), at: index)
        }
    }

    /// Every row left, as values.
    public func allRows() throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        while try step() {
            rows.append((0..<columnCount).map { value(at: $0) })
        }
        return rows
    }

    public var columnNames: [String] { (0..<columnCount).map(columnName(at:)) }

    public func isNull(at index: Int32) -> Bool { columnType(at: index) == .null }

    public func int(at index: Int32) -> Int { Int(int64(at: index)) }

    /// The value as text, nil for NULL.
    public func string(at index: Int32) -> String? {
        let bytes = textBytes(at: index)
        guard bytes.baseAddress != nil else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func value(at index: Int32) -> SQLValue { SQLValue(lentValue(at: index)) }
}

extension SQLValue {
    /// A lent value made the caller's own.
    public init(_ value: LentValue) {
        switch value {
        case .null: self = .null
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .text(let bytes): self = .text(String(decoding: bytes, as: UTF8.self))
        case .blob(let bytes): self = .blob(Array(bytes))
        }
    }
}
