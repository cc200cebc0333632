import Foundation

/// Reading ISO 8601 date-times as users write them (events' `starts_at`, quiz answers' `answered_at`)
/// into the stored UTC form.
///
/// Accepted: `YYYY-MM-DDTHH:MM[:SS]` (or a space for `T`), then optionally `Z`, `±HH:MM`, `±HHMM` or
/// `±HH`. Without an offset the wall time is read in the zone given (the user's `--tz`), by the zone's
/// one rule for gaps and overlaps (`Zone.instant(wall:)`): `events add`, the events import and the
/// quiz answers' import all read date-times here.
extension Instant {
    /// True for a date and time written without an offset (`2026-01-19T18:00`, `2026-01-19 18:00`):
    /// no `Z` and no `+`/`-` after the day.
    public static func hasNoOffset(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 10 else { return false }
        for byte in bytes[10...]
        where byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-")
        {
            return false
        }
        return true
    }

    /// Seconds since 1970-01-01T00:00:00Z for the text, or nil when it is not such a date-time, the
    /// day or time does not exist, or it falls outside the years 1 to 9999 in UTC.
    public static func seconds(iso8601 bytes: UnsafeRawBufferPointer, zone: Zone) -> Int64? {
        // An offset can carry a time written in year 1 or 9999 across the edge: stored as four-digit
        // UTC text, 9999-12-31T23:30-01:00 would wrap to year 0000.
        guard let seconds = wallSeconds(iso8601: bytes, zone: zone), storable.contains(seconds) else { return nil }
        return seconds
    }

    /// The instants the stored form `YYYY-MM-DDTHH:MM:SSZ` can hold: 0001-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59Z.
    package static let storable: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// True when `seconds(iso8601:zone:)` refused the text only because its instant falls outside the
    /// years 1 to 9999 in UTC (`0001-01-01T05:00` in Tokyo is 0000-12-31 in UTC), so the message can
    /// say so rather than call it unreadable.
    public static func isOutsideStorableYears(iso8601 bytes: UnsafeRawBufferPointer, zone: Zone) -> Bool {
        wallSeconds(iso8601: bytes, zone: zone).map { !storable.contains($0) } ?? false
    }

    /// Reads text; see `isOutsideStorableYears(iso8601:zone:)` for bytes.
    public static func isOutsideStorableYears(iso8601 text: String, zone: Zone) -> Bool {
        var copy = text
        return copy.withUTF8 { isOutsideStorableYears(iso8601: UnsafeRawBufferPointer($0), zone: zone) }
    }

    private static func wallSeconds(iso8601 bytes: UnsafeRawBufferPointer, zone: Zone) -> Int64? {
        let count = bytes.count
        guard count >= 16 else { return nil }
        func digit(_ index: Int) -> Int? {
            let byte = bytes[index]
            return byte >= 48 && byte <= 57 ? Int(byte - 48) : nil
        }
        func number(_ index: Int, _ width: Int) -> Int? {
            var value = 0
            for offset in 0..<width {
                guard index + offset < count, let d = digit(index + offset) else { return nil }
                value = value * 10 + d
            }
            return value
        }
        guard bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 32, bytes[13] == 58,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2),
            let date = LocalDate(year: year, month: month, day: day), hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second = 0
        if index < count, bytes[index] == 58 {
            guard let value = number(index + 1, 2), value < 60 else { return nil }
            second = value
            index += 3
        }
        let wall = Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        if index == count { return zone.instant(wall: wall) }
        let sign = bytes[index]
        if sign == 90 { return index + 1 == count ? wall : nil }
        guard sign == 43 || sign == 45, let offsetHours = number(index + 1, 2), offsetHours <= 18 else { return nil }
        index += 3
        var offsetMinutes = 0
        if index < count {
            if bytes[index] == 58 { index += 1 }
            guard let minutes = number(index, 2), minutes < 60, index + 2 == count else { return nil }
            offsetMinutes = minutes
        }
        let offset = Int64(offsetHours * 3600 + offsetMinutes * 60)
        return sign == 43 ? wall - offset : wall + offset
    }

    /// Reads text; see `seconds(iso8601:zone:)` for bytes.
    public static func seconds(iso8601 text: String, zone: Zone) -> Int64? {
        var copy = text
        return copy.withUTF8 { seconds(iso8601: UnsafeRawBufferPointer($0), zone: zone) }
    }

    /// Writes `YYYY-MM-DDTHH:MM:SSZ` (20 bytes) for an instant.
    public static func writeUTC(_ seconds: Int64, to output: UnsafeMutableRawPointer) {
        let days = Int(seconds.floorDivided(by: 86_400))
        let rest = Int(seconds - Int64(days) * 86_400)
        let date = LocalDate(dayNumber: days)
        let bytes = output.assumingMemoryBound(to: UInt8.self)
        func put(_ value: Int, _ at: Int, _ width: Int) {
            var value = value
            for offset in stride(from: width - 1, through: 0, by: -1) {
                bytes[at + offset] = UInt8(48 + value % 10)
                value /= 10
            }
        }
        put(date.year, 0, 4)
        bytes[4] = 45
        put(date.month, 5, 2)
        bytes[7] = 45
        put(date.day, 8, 2)
        bytes[10] = 84
        put(rest / 3600, 11, 2)
        bytes[13] = 58
        put(rest / 60 % 60, 14, 2)
        bytes[16] = 58
        put(rest % 60, 17, 2)
        bytes[19] = 90
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for an instant.
    public static func utcText(_ seconds: Int64) -> String {
        withUnsafeTemporaryAllocation(byteCount: 20, alignment: 1) { buffer in
            writeUTC(seconds, to: buffer.baseAddress!)
            return String(decoding: UnsafeRawBufferPointer(buffer), as: UTF8.self)
        }
    }
}

extension Int64 {
    /// Division rounding toward negative infinity.
    package func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
