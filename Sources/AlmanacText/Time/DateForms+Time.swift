/// Days with a time of day as spreadsheets and calendar programs write them: Outlook's and Google's
/// event CSVs (`1/22/2026 6:00:00 PM` once `--map 'Start Date+Start Time=starts_at'` has joined the
/// two columns), LibreOffice's `22.01.2026 18:00`. ISO 8601 with `T` or an offset is `Instant`'s.
extension DateForms {
    /// What a day with perhaps a time reads as.
    public enum DateTimeReading: Equatable {
        /// A day alone (`1/22/2026`).
        case day(LocalDate)
        /// A day and a time of day on the wall clock, no offset (`1/22/2026 6:00 PM`).
        case wall(LocalDate, second: Int)
        /// A slashed day whose order nothing decided.
        case undecided
        case notADate
    }

    /// Reads `DAY[ TIME]`: the day in these forms (ISO, dotted, slashed, `--date-format`), the time
    /// `H:MM` or `H:MM:SS` on a 24-hour clock, or 1 to 12 with `AM`/`PM` in any case (`6:00:00 PM`,
    /// `6pm` is not one: a time has minutes).
    public func readDateTime(_ bytes: UnsafeRawBufferPointer) -> DateTimeReading {
        let trimmed = Self.trimmed(bytes)
        guard let split = trimmed.firstIndex(where: { $0 == 32 || $0 == 84 }) else {
            switch read(trimmed) {
            case .date(let date): return .day(date)
            case .undecided: return .undecided
            case .notADate: return .notADate
            }
        }
        let day = UnsafeRawBufferPointer(rebasing: trimmed[..<split])
        let time = Self.trimmed(UnsafeRawBufferPointer(rebasing: trimmed[(split + 1)...]))
        switch read(day) {
        case .date(let date):
            guard let second = Self.secondOfDay(time) else { return .notADate }
            return .wall(date, second: second)
        case .undecided: return Self.secondOfDay(time) == nil ? .notADate : .undecided
        case .notADate: return .notADate
        }
    }

    /// Seconds since midnight for `H:MM[:SS]`, with `AM`/`PM` (spaced or not) for a 12-hour clock.
    public static func secondOfDay(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var end = bytes.count
        var meridiem: UInt8?
        if end >= 2, bytes[end - 1] | 0x20 == UInt8(ascii: "m"),
            case let mark = bytes[end - 2] | 0x20, mark == UInt8(ascii: "a") || mark == UInt8(ascii: "p")
        {
            meridiem = mark
            end -= 2
            while end > 0 && bytes[end - 1] == 32 { end -= 1 }
        }
        var numbers: [Int] = [0]
        var digits = [0]
        for byte in bytes[..<end] {
            if byte >= 48 && byte <= 57 {
                guard digits[digits.count - 1] < 2 else { return nil }
                numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - 48)
                digits[digits.count - 1] += 1
            } else if byte == 58 && numbers.count < 3 {
                numbers.append(0)
                digits.append(0)
            } else {
                return nil
            }
        }
        // Minutes and seconds have two digits; the hour one or two.
        guard numbers.count >= 2, digits[0] > 0, digits.dropFirst().allSatisfy({ $0 == 2 }) else { return nil }
        var hour = numbers[0]
        let minute = numbers[1]
        let second = numbers.count == 3 ? numbers[2] : 0
        guard minute < 60, second < 60 else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == UInt8(ascii: "p") ? 12 : 0)
        }
        guard hour < 24 else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    /// The bytes without leading and trailing spaces.
    private static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end && bytes[start] == 32 { start += 1 }
        while end > start && bytes[end - 1] == 32 { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }
}
