import AlmanacText
import Foundation

/// A decimal number held exactly, as an integer and a count of decimal places: 0.1 is 1 × 10⁻¹.
///
/// Stepper grids are checked on these, not on `Double`: 0.1 × 3 is not 0.3 in binary floating
/// point, but 3 tenths are exactly 3 tenths.
public struct DecimalNumber: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The digits as an integer (`-25` for -0.25).
    public let units: Int64
    /// How many of the digits are after the point (`2` for -0.25).
    public let places: Int

    /// The most decimal places accepted; more would overflow the shared scale of a range.
    public static let maximumPlaces = 9

    /// A number from its parts.
    public init(units: Int64, places: Int) {
        self.units = units
        self.places = places
    }

    /// Parses a number as a user of `localizer`'s language types it: `0.25`, or `0,25` where the
    /// locale writes decimals with a comma (Russian). Files keep the point (`init(_:)`).
    public init?(_ text: some StringProtocol, localizer: Localizer) {
        let comma = Locale(identifier: localizer.localeIdentifier).decimalSeparator == ","
        let typed = String(text)
        guard comma, typed.filter({ $0 == "," }).count == 1, !typed.contains(".") else {
            self.init(typed)
            return
        }
        self.init(typed.replacingOccurrences(of: ",", with: "."))
    }

    /// Parses `-12`, `0.25`, `+3.5` or `.5`; nil for anything else (no exponents, no spaces).
    public init?(_ text: some StringProtocol) {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var units: Int64 = 0
        var places = 0
        var digits = 0
        var seenPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
            units = units * 10 + Int64(byte - UInt8(ascii: "0"))
            digits += 1
            if seenPoint { places += 1 }
        }
        guard digits > 0, places <= Self.maximumPlaces else { return nil }
        self.init(units: negative ? -units : units, places: places)
    }

    /// The shortest decimal that reads back as `value` (how Swift prints a `Double`), or nil when it
    /// needs an exponent or more places than allowed.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        self.init(text)
    }

    /// The value as a `Double` (for storing in a REAL column).
    public var doubleValue: Double {
        var divisor = 1.0
        for _ in 0..<places { divisor *= 10 }
        return Double(units) / divisor
    }

    /// The units at a larger number of places, or nil on overflow.
    public func units(atPlaces target: Int) -> Int64? {
        var result = units
        for _ in places..<max(places, target) {
            let (product, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = product
        }
        return result
    }

    /// Plain decimal text without an exponent: `-0.25`, `3`.
    public var description: String {
        let digits = String(units.magnitude)
        guard places > 0 else { return units < 0 ? "-" + digits : digits }
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let split = padded.index(padded.endIndex, offsetBy: -places)
        var fraction = String(padded[split...])
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = String(padded[..<split])
        return (units < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// Compares the values, not the digits: 0.10 equals 0.1.
    public static func < (lhs: DecimalNumber, rhs: DecimalNumber) -> Bool {
        let places = max(lhs.places, rhs.places)
        guard let left = lhs.units(atPlaces: places), let right = rhs.units(atPlaces: places) else {
            return lhs.doubleValue < rhs.doubleValue
        }
        return left < right
    }

    /// Equal values (0.10 and 0.1) are equal.
    public static func == (lhs: DecimalNumber, rhs: DecimalNumber) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    /// Hashes the shortest form, so equal values hash alike.
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
