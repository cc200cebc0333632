import Foundation

/// Instants as the database stores them: UTC `YYYY-MM-DDTHH:MM:SSZ`.
public enum Instant {
    /// Parses `YYYY-MM-DDTHH:MM:SSZ` (also with a space for `T`, or without the `Z`, as SQLite's
    /// `datetime()` writes it), always as UTC; nil for anything else or a time that does not exist.
    public static func parse(_ text: some StringProtocol) -> Date? {
        text.utf8.withContiguousStorageIfAvailable(parse(utf8:))
            ?? ContiguousArray(text.utf8).withUnsafeBufferPointer(parse(utf8:))
    }

    /// `parse` over UTF-8 bytes (a value still in SQLite's memory).
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 19 || (bytes.count == 20 && bytes[19] == UInt8(ascii: "Z")) else { return nil }
        guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let day = LocalDate(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[0..<10])))
        else { return nil }
        func number(_ range: Range<Int>) -> Int? { decimalDigits(bytes[range]) }
        guard let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            hour < 24, minute < 60, second < 60
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC, whole seconds.
    public static func format(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let day = LocalDate(dayNumber: seconds.floorDiv(86_400))
        let time = seconds.floorMod(86_400)
        func two(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
        return day.description + "T" + two(time / 3600) + ":" + two(time / 60 % 60) + ":" + two(time % 60) + "Z"
    }
}
