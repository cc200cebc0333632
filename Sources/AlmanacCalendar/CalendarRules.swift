import AlmanacKinds

/// The rules of the advent calendars: holiday keys, colours and the 24 doors.
public enum CalendarRules {
    /// The doors every calendar has.
    public static let doors: ClosedRange<Int> = 1...24

    /// A holiday key: one or more of `a-z`, `0-9` and `-` (it appears in commands: `calendar open xmas 5`).
    public static func isHolidayKey(_ text: some StringProtocol) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "-")
            }
    }

    /// `isHolidayKey` for a field's bytes.
    package static func isHolidayKey(_ bytes: UnsafeRawBufferPointer) -> Bool {
        isHolidayKey(String(decoding: bytes, as: UTF8.self))
    }

    /// `isColor` for a field's bytes.
    package static func isColor(_ bytes: UnsafeRawBufferPointer) -> Bool {
        isColor(String(decoding: bytes, as: UTF8.self))
    }

    /// A colour as `#RRGGBB` (either case of hex digits).
    public static func isColor(_ text: some StringProtocol) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return false }
        return bytes.dropFirst().allSatisfy { byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
        }
    }

    /// A door number from text: a whole number from 1 to 24.
    public static func door(_ text: some StringProtocol) -> Result<Int, RuleViolation> {
        // A sign is read, so -1 is said to be out of range rather than not a number.
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard !digits.isEmpty, digits.count <= 9,
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let number = Int(text)
        else { return .failure(RuleViolation("rule.not-an-integer")) }
        guard doors.contains(number) else {
            return .failure(RuleViolation("rule.calendar.door-range", ["first": "1", "last": "24"]))
        }
        return .success(number)
    }
}
