import AlmanacText

/// One value of a row read straight from an SQLite statement (`ResultRows`): a typed cell, or text
/// that is still in SQLite's memory. The formats that copy text as it is (csv, tsv, json, markdown,
/// table) write such text from its bytes, without making a Swift string per value, which is most of
/// the cost of a long listing; the others make it a `.text` cell (`cell`).
///
/// The bytes are valid UTF-8 (`ResultRows` checks; other text is repaired into a `.text` cell) and
/// are only good until the statement's next step: a format copies them or makes a cell, never keeps
/// the buffer.
public enum StreamedCell {
    case cell(Table.Cell)
    /// A `.text` cell's UTF-8.
    case text(UnsafeBufferPointer<UInt8>)
    /// The UTF-8 of text in a column of dates (`*_on`): a `.date` cell when it reads as a date, else
    /// a `.text` cell. A date is written by the formats for machines as exactly this text
    /// (`YYYY-MM-DD`), so they copy it either way; the others read the date (`cell`).
    case dateText(UnsafeBufferPointer<UInt8>)

    /// The value as a cell (text becomes a string).
    package var cell: Table.Cell {
        switch self {
        case .cell(let cell): cell
        case .text(let bytes): .text(String(decoding: bytes, as: UTF8.self))
        case .dateText(let bytes):
            LocalDate(bytes: UnsafeRawBufferPointer(bytes)).map(Table.Cell.date)
                ?? .text(String(decoding: bytes, as: UTF8.self))
        }
    }
}

extension Array where Element == StreamedCell {
    /// The value at an index, or NULL past the end of a short row.
    package subscript(safe index: Int) -> StreamedCell {
        index < count ? self[index] : .cell(.null)
    }
}

/// UTF-8 checked the way `String(decoding:as:)` reads it: true when no byte would be replaced by
/// U+FFFD (no stray continuation byte, cut sequence, overlong form, surrogate or value past
/// U+10FFFF). Eight bytes at a time where they are ASCII or four two-byte characters (a Cyrillic
/// or Greek word), so plain text costs little more than a copy; the last few bytes of text of eight
/// or more are ASCII when the eight that end it are.
package func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    var endLookedAt = count < 8
    while index < count {
        if index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if word & 0x8080_8080_8080_8080 == 0 || isFourTwoByteCharacters(word) {
                index += 8
                continue
            }
        } else if !endLookedAt {
            endLookedAt = true
            let word = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
            if word & 0x8080_8080_8080_8080 == 0 { return true }
        }
        let lead = base[index]
        if lead < 0x80 {
            index += 1
            continue
        }
        // Two bytes (Latin, Greek, Cyrillic): the common case, checked first.
        if lead >= 0xC2, lead <= 0xDF {
            guard index + 1 < count, base[index + 1] & 0xC0 == 0x80 else { return false }
            index += 2
            continue
        }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return false
        }
        guard index + length <= count else { return false }
        let second = base[index + 1]
        guard second >= low, second <= high else { return false }
        for offset in 2..<max(2, length) where base[index + offset] & 0xC0 != 0x80 { return false }
        index += length
    }
    return true
}

/// True when eight bytes (read little-endian) are four whole two-byte UTF-8 characters: in each
/// 16-bit lane a lead byte 110xxxxx other than the overlong C0 and C1, then a continuation byte
/// 10xxxxxx.
@inline(__always)
func isFourTwoByteCharacters(_ word: UInt64) -> Bool {
    let lanes: UInt64 = 0x8000_8000_8000_8000
    // A lane's lead bits 1–4 are not all zero (not C0 or C1): adding 0x7FFF to them sets the lane's
    // top bit, and never carries into the next lane.
    return word & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0
        && ((word & 0x001E_001E_001E_001E) &+ 0x7FFF_7FFF_7FFF_7FFF) & lanes == lanes
}
