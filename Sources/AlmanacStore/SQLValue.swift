/// One value of SQLite's five storage classes.
public enum SQLValue: Equatable, Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value as text, the way SQLite would cast it; nil for NULL.
    public var textValue: String? {
        switch self {
        case .null: return nil
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return value
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// True for NULL.
    public var isNull: Bool { self == .null }
}

// Not ExpressibleByNilLiteral: `optionalValue != nil` would then compare against `.null`.
extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue {
    /// NULL for nil, else the text.
    public init(_ text: String?) { self = text.map(SQLValue.text) ?? .null }
    /// NULL for nil, else the integer.
    public init(_ number: Int?) { self = number.map { .integer(Int64($0)) } ?? .null }
    /// NULL for nil, else the real.
    public init(_ number: Double?) { self = number.map(SQLValue.real) ?? .null }
}
