/// `--limit N`, `?limit=N`: a whole number from 1, else a usage error naming the value and the
/// numbers it takes.
public struct Limit: BoundedWholeNumber {
    public static let least: Int = 1
    public let value: Int

    public init(checked number: Int) {
        value = number
    }
}

/// `--port N`: 0 to 65535; 0 lets the system pick a free port.
public struct PortNumber: BoundedWholeNumber {
    public static let least: UInt16 = 0
    public let value: UInt16

    public init(checked number: UInt16) {
        value = number
    }
}
