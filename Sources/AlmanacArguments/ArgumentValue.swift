import AlmanacText

/// A type an option's or a positional argument's value converts to. Where the conversion fails, the
/// usage error says what would do: the values of a fixed list, or the whole numbers the type takes.
public protocol ArgumentValue: Sendable {
    /// The value a word of the command line stands for, or nil when it stands for none.
    init?(argument: String)
    /// The values it may be when they are a fixed list (help, completion, "did you mean"); empty for any.
    static var allowedValues: [String] { get }
    /// The numbers it takes when it is a whole number, for the usage error a wrong value gets.
    static var wholeNumbers: WholeNumberRange? { get }
    /// A value of the type, which a declaration gives when it is read to describe the command (there is
    /// no command line) or when its value did not convert (the usage error is reported instead).
    static var standIn: Self { get }
    /// The value as help shows a default (`(default: due)`).
    var argumentDescription: String { get }
}

extension ArgumentValue {
    public static var allowedValues: [String] { [] }
    public static var wholeNumbers: WholeNumberRange? { nil }
    public var argumentDescription: String { String(describing: self) }
}

extension ArgumentValue {
    /// `text` converted as an option's value, or the usage error for it: a whole number says its
    /// numbers and any other value its `synopsis` (`--limit <n>`), a value of a list the list and the
    /// option's `name` (`--sort`). The command line's reader and the server's query strings (`?sort=`
    /// for both) convert through it: one check and one message for every front end.
    public static func converting(
        _ text: String, option name: String, synopsis: String? = nil
    ) throws(AlmanacError) -> Self {
        if let value = Self(argument: text) { return value }
        let option = synopsis ?? name
        if allowedValues.isEmpty, let range = wholeNumbers {
            throw UsageMistake.notAWholeNumber(
                text, for: option, from: range.least, to: range.most, anyWillDo: range.isWholeType)
        }
        guard !allowedValues.isEmpty else {
            throw AlmanacError(.usage, "cli.error.bad-value", ["value": text, "option": option])
        }
        throw UsageMistake.suggesting(
            "cli.error.bad-choice", Suggestions.nearest(to: text, among: allowedValues),
            ["value": text, "option": name, "values": allowedValues.joined(separator: ", ")])
    }
}

/// An enumeration named by its raw values (`--sort title|due`), each of which it accepts.
extension ArgumentValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allowedValues: [String] { allCases.map(\.rawValue) }
    // A type with no case has nothing to stand in; none is declared.
    public static var standIn: Self { allCases.first! }
    public var argumentDescription: String { rawValue }
}

extension String: ArgumentValue {
    public init?(argument: String) { self = argument }
    public static var standIn: String { "" }
}

/// The numbers a whole-number value takes, as messages show them; `isWholeType` when they are all
/// its signed type holds, so that text which is no number at all need not be told the range.
public struct WholeNumberRange: Sendable, Equatable {
    /// The least, in digits.
    public let least: String
    /// The most, in digits.
    public let most: String
    /// True when every number of a signed type will do.
    public let isWholeType: Bool

    public init(least: String, most: String, isWholeType: Bool) {
        self.least = least
        self.most = most
        self.isWholeType = isWholeType
    }
}

/// A whole number from `least` to `most` (by default the largest its type holds): `Int` (any),
/// `--limit` (from 1), `--port` (0 to 65535), a page of `serve` (`?page=`). Written in decimal digits
/// with an optional sign, as Swift reads an integer (a row's id is a `RowID`, which takes digits only).
/// The command line and the server's query strings convert through the same types, so a number from
/// outside is checked once, in one place, and never reaches arithmetic unchecked.
public protocol BoundedWholeNumber: ArgumentValue {
    /// The integer type that holds it.
    associatedtype Number: FixedWidthInteger & Sendable
    /// The least it may be.
    static var least: Number { get }
    /// The most it may be.
    static var most: Number { get }
    /// The number, which is from `least` to `most`.
    init(checked number: Number)
    /// The number.
    var value: Number { get }
}

extension BoundedWholeNumber {
    public static var most: Number { Number.max }

    public init?(argument: String) {
        guard let number = Number(argument, radix: 10), number >= Self.least, number <= Self.most else { return nil }
        self.init(checked: number)
    }

    public static var wholeNumbers: WholeNumberRange? {
        WholeNumberRange(
            least: String(least), most: String(most),
            isWholeType: Number.isSigned && least == Number.min && most == Number.max)
    }

    public static var standIn: Self { Self(checked: least) }

    /// The number as help shows a default (`(default: 8080)`).
    public var argumentDescription: String { String(value) }
}

extension Int: BoundedWholeNumber {
    public static var least: Int { .min }
    public init(checked number: Int) { self = number }
    public var value: Int { self }
}

extension Int64: BoundedWholeNumber {
    public static var least: Int64 { .min }
    public init(checked number: Int64) { self = number }
    public var value: Int64 { self }
}

extension UInt64: BoundedWholeNumber {
    public static var least: UInt64 { 0 }
    public init(checked number: UInt64) { self = number }
    public var value: UInt64 { self }
}
