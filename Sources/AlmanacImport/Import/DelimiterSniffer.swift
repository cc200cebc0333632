import AlmanacKinds
import Foundation

/// Finds a file's delimiter when `--delimiter` is not given, from a sample of its first lines, as
/// DuckDB's `read_csv` and LibreOffice's import dialog do: Excel's `sep=X` first line when there is
/// one, else the candidate (`,` `;` tab `|`) that splits the header into the most known column
/// names, then into fields every sampled line agrees with, then into the fewest empty names before the
/// last name (names padded with tabs, `\tid\t,\ttitle\t`, are not a tab-separated file), then into the
/// most fields.
/// A header no candidate splits, or one better read whole, is read with `,` (a file of one column). Quotes are honoured: a delimiter inside
/// a quoted field does not count. A later line that disagrees is an error at that line (its field count).
enum DelimiterSniffer {
    /// The delimiters tried, in the order a tie is broken.
    static let candidates: [UInt8] = [44, 59, 9, 124]
    /// Lines sampled at most (DuckDB samples 20,480 rows).
    static let sampleLines = 20_000
    /// Header fields handed to `recognized`, at most: enough for any kind, never a million strings.
    static let headerFieldsNamed = 512

    /// Excel's `sep=X` first line (any case): the delimiter it names and the line's length with its
    /// line break; nil when the text does not start with one.
    static func sepLine(_ text: UnsafeRawBufferPointer) -> (delimiter: UInt8, length: Int)? {
        guard text.count >= 5, text[0] | 0x20 == UInt8(ascii: "s"), text[1] | 0x20 == UInt8(ascii: "e"),
            text[2] | 0x20 == UInt8(ascii: "p"), text[3] == UInt8(ascii: "="), text[4] != 10, text[4] != 13
        else { return nil }
        var length = 5
        if length < text.count, text[length] == 13 { length += 1 }
        if length < text.count, text[length] == 10 { length += 1 }
        guard length == text.count || text[length - 1] == 10 || text[length - 1] == 13 else { return nil }
        return (text[4], length)
    }

    /// What one candidate makes of the sample.
    struct Shape {
        /// Fields of the header (the first non-blank line).
        var headerFields = 0
        /// The header's first fields as text (unquoted), up to `headerFieldsNamed`.
        var names: [String] = []
        /// Sampled lines after the header, and how many of them have the header's field count.
        var lines = 0
        var agreeing = 0
    }

    /// The delimiter for `text`, the start of a file (after its byte-order mark); `complete` says
    /// that it is the whole file, so its last line counts even without a line break. `recognized`
    /// says how many of a header's names name a column of the kind. Nil when no candidate splits the header.
    static func sniff(_ text: UnsafeRawBufferPointer, complete: Bool, recognized: ([String]) -> Int) -> UInt8? {
        var best: (delimiter: UInt8?, key: [Int])?
        for delimiter in candidates {
            let shape = shape(of: text, delimiter: delimiter, complete: complete)
            // A header `,` does not split is read as one column (nil): that reading competes too, so a
            // name padded with tabs is not taken for a tab-separated header of empty names.
            let splits = shape.headerFields > 1
            guard splits || delimiter == UInt8(ascii: ",") else { continue }
            // Empty names before the last one that is not: trailing ones are a spreadsheet's empty columns.
            let blank = { (name: String) in name.allSatisfy { $0 == " " || $0 == "\t" } }
            let empty = shape.names.prefix(shape.names.lastIndex { !blank($0) } ?? 0).count(where: blank)
            let key = [
                recognized(shape.names), shape.agreeing == shape.lines ? 1 : 0, shape.agreeing, -empty,
                shape.headerFields,
            ]
            if best == nil || best!.key.lexicographicallyPrecedes(key) { best = (splits ? delimiter : nil, key) }
        }
        return best?.delimiter
    }

    /// Splits the sample's lines by `delimiter` as strict CSV does (a quote opens a quoted field only
    /// at its start; a doubled quote inside one is a quote), counting each line's fields.
    static func shape(of text: UnsafeRawBufferPointer, delimiter: UInt8, complete: Bool) -> Shape {
        var shape = Shape()
        var fields = 1
        var fieldStart = 0
        var lineHasText = false
        var atFieldStart = true
        var inQuotes = false
        var sawHeader = false
        var lines = 0
        var index = 0
        let count = text.count
        func endField(_ end: Int) {
            guard !sawHeader, shape.names.count < headerFieldsNamed else { return }
            var field = UnsafeRawBufferPointer(rebasing: text[fieldStart..<end])
            var quoted = false
            if field.count >= 2, field.first == 34, field.last == 34 {
                field = UnsafeRawBufferPointer(rebasing: field[1..<(field.count - 1)])
                quoted = true
            }
            let name = String(decoding: field, as: UTF8.self)
            shape.names.append(quoted ? name.replacingOccurrences(of: "\"\"", with: "\"") : name)
        }
        func endLine(_ end: Int) {
            defer {
                fields = 1
                lineHasText = false
                atFieldStart = true
            }
            guard lineHasText else { return }
            endField(end)
            if !sawHeader {
                sawHeader = true
                shape.headerFields = fields
            } else {
                shape.lines += 1
                if fields == shape.headerFields { shape.agreeing += 1 }
            }
            lines += 1
        }
        while index < count && lines < sampleLines {
            let byte = text[index]
            if inQuotes {
                if byte == 34 {
                    if index + 1 < count && text[index + 1] == 34 { index += 1 } else { inQuotes = false }
                } else {
                    index = next(34, in: text, from: index) - 1
                }
            } else if byte == delimiter {
                endField(index)
                fields += 1
                atFieldStart = true
                lineHasText = true
                fieldStart = index + 1
            } else if byte == 10 || byte == 13 {
                endLine(index)
                if byte == 13 && index + 1 < count && text[index + 1] == 10 { index += 1 }
                fieldStart = index + 1
            } else {
                if byte == 34 && atFieldStart {
                    inQuotes = true
                } else {
                    // The rest of the field's text says nothing: on to the next delimiter, quote or line break.
                    index = nextSpecial(in: text, from: index + 1, delimiter: delimiter) - 1
                }
                atFieldStart = false
                lineHasText = true
            }
            index += 1
        }
        // A last line without its line break counts only when the file ends there; a header cut off
        // by the end of the sample (a very wide one) counts the fields seen so far.
        if index == count && lineHasText && (complete || !sawHeader) { endLine(count) }
        return shape
    }

    /// The index of the next `byte` at or after `start`, or the end of `text`.
    static func next(_ byte: UInt8, in text: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard start < text.count, let base = text.baseAddress,
            let found = memchr(base + start, Int32(byte), text.count - start)
        else { return text.count }
        return UnsafeRawPointer(found) - base
    }

    /// The index of the next delimiter, quote, LF or CR at or after `start`, or the end of `text`:
    /// eight bytes at a time, the way `TextCheck` looks for a zero byte.
    static func nextSpecial(in text: UnsafeRawBufferPointer, from start: Int, delimiter: UInt8) -> Int {
        guard let base = text.baseAddress else { return text.count }
        let count = text.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        func holds(_ word: UInt64, _ byte: UInt8) -> Bool {
            let masked = word ^ (ones &* UInt64(byte))
            return (masked &- ones) & ~masked & 0x8080_8080_8080_8080 != 0
        }
        var index = start
        while index + 8 <= count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if holds(word, delimiter) || holds(word, 10) || holds(word, 13) || holds(word, 34) { break }
            index += 8
        }
        while index < count {
            let byte = text[index]
            if byte == delimiter || byte == 10 || byte == 13 || byte == 34 { return index }
            index += 1
        }
        return count
    }
}
