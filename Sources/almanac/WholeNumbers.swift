import ArgumentParser

/// The whole numbers an option or argument takes, for the usage error a value that does not convert
/// gets (`invalid value "0" for --limit <n>: expected a whole number from 1 to …`). Each type a
/// command line converts to a number says its range once; the failing property is found by its
/// input key in a fresh instance of the command.
enum WholeNumbers {
    /// The least and the most number the property `name` (inside the option groups `path`) of
    /// `command` takes, or nil when it is not a whole number.
    static func range(of name: String, path: [String], in command: ParsableArguments.Type) -> WholeNumberRange? {
        var subject: Any = command.init()
        for group in path {
            guard let next = property(group, of: subject) as? any ArgumentGroup else { return nil }
            subject = next.fresh()
        }
        return (property(name, of: subject) as? any WholeNumberProperty)?.range
    }

    /// A property wrapper's storage is its name with a leading `_`.
    private static func property(_ name: String, of subject: Any) -> Any? {
        Mirror(reflecting: subject).children.first { $0.label == "_" + name }?.value
    }
}

/// The numbers a whole-number value takes, as messages show them; `isWholeType` when they are all
/// its signed type holds, so that text which is no number at all need not be told the range.
struct WholeNumberRange {
    let least: String
    let most: String
    let isWholeType: Bool
}

/// A type converted from the command line as a whole number, with the numbers it takes.
protocol WholeNumberValue {
    static var range: WholeNumberRange { get }
}

/// A whole number from `least` up to the largest its type holds.
protocol BoundedWholeNumber: WholeNumberValue {
    associatedtype Number: FixedWidthInteger
    static var least: Number { get }
}

extension BoundedWholeNumber {
    static var range: WholeNumberRange {
        WholeNumberRange(least: String(least), most: String(Number.max), isWholeType: Number.isSigned && least == Number.min)
    }
}

extension Int: BoundedWholeNumber {
    static var least: Int { .min }
}

extension Int64: BoundedWholeNumber {
    static var least: Int64 { .min }
}

extension UInt64: BoundedWholeNumber {
    static var least: UInt64 { 0 }
}

extension Optional: WholeNumberValue where Wrapped: WholeNumberValue {
    static var range: WholeNumberRange { Wrapped.range }
}

/// An `@Option` or `@Argument` of a whole number type.
protocol WholeNumberProperty {
    var range: WholeNumberRange { get }
}

extension Option: WholeNumberProperty where Value: WholeNumberValue {
    var range: WholeNumberRange { Value.range }
}

extension Argument: WholeNumberProperty where Value: WholeNumberValue {
    var range: WholeNumberRange { Value.range }
}

/// An `@OptionGroup`, whose own properties are looked into.
protocol ArgumentGroup {
    func fresh() -> Any
}

extension OptionGroup: ArgumentGroup {
    func fresh() -> Any { Value.init() }
}
