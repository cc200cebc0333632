/// Finds a file's delimiter when `--delimiter` is not given, from a sample of its first lines, as
/// DuckDB's `read_csv` and LibreOffice's import dialog do: Excel's `sep=X` first line when there is
/// one, else the candidate (`,` `;` tab `|`) that splits the header into the most known column
/// names, then into fields every sampled line agrees with, then into the most fields. A header no
/// candidate splits is read with `,` (a file of one column). Quotes are honoured: a delimiter inside
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
        var best: (delimiter: UInt8, key: [Int])?
        for delimiter in candidates {
            let shape = shape(of: text, delimiter: delimiter, complete: complete)
            guard shape.headerFields > 1 else { continue }
            let key = [
                recognized(shape.names), shape.agreeing == shape.lines ? 1 : 0, shape.agreeing, shape.headerFields,
            ]
            if best == nil || best!.key.lexicographicallyPrecedes(key) { best = (delimiter, key) }
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
                if byte == 34 && atFieldStart { inQuotes = true }
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
}
