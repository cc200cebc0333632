extension Renderer {
    /// RFC 4180: a header of column keys, CRLF line ends, and a field quoted (its quotes doubled) when
    /// it holds a comma, a quote, a CR or an LF. NULL and empty text are both an empty field.
    func csv(_ table: Table) -> String {
        func field(_ text: String, into out: inout [UInt8]) {
            guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 })
            else { return out.append(contentsOf: text.utf8) }
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                if byte == UInt8(ascii: "\"") { out.append(byte) }
                out.append(byte)
            }
            out.append(UInt8(ascii: "\""))
        }
        return Self.delimited(table, separator: UInt8(ascii: ","), lineEnd: [13, 10], field: field)
    }

    /// Tab-separated values: a header of column keys, LF line ends, and tabs, line breaks and
    /// backslashes inside a field written as `\t`, `\n`, `\r` and `\\` (the convention of
    /// PostgreSQL's COPY and of `cut`-friendly TSV), so every row is one line; every other control
    /// character as `\xHH` (`TerminalText`), so none reaches a terminal raw.
    func tsv(_ table: Table) -> String {
        func field(_ text: String, into out: inout [UInt8]) {
            TerminalText.append(text, to: &out, .reversible)
        }
        return Self.delimited(table, separator: 9, lineEnd: [10], field: field)
    }

    /// A header of column keys and a line per row, each field written by `field`.
    private static func delimited(
        _ table: Table, separator: UInt8, lineEnd: [UInt8], field: (String, inout [UInt8]) -> Void
    ) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64 * (table.rows.count + 1))
        for (index, column) in table.columns.enumerated() {
            if index > 0 { out.append(separator) }
            field(column.key, &out)
        }
        out += lineEnd
        for row in table.rows {
            for index in table.columns.indices {
                if index > 0 { out.append(separator) }
                writePlain(row[safe: index], into: &out, field: field)
            }
            out += lineEnd
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A cell's plain text through `field`; numbers and dates, which never need quoting or escaping,
    /// are written straight.
    private static func writePlain(_ cell: Table.Cell, into out: inout [UInt8], field: (String, inout [UInt8]) -> Void) {
        switch cell {
        case .null: return
        case .integer(let number), .identifier(let number), .count(let number, _): out += String(number).utf8
        case .date(let date): writeDate(date, into: &out)
        default: if let text = plainText(cell) { field(text, &out) }
        }
    }

    /// `YYYY-MM-DD`, as `LocalDate.description` writes it, without making a string.
    private static func writeDate(_ date: LocalDate, into out: inout [UInt8]) {
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            if value >= divisor * 10 { return out += String(value).utf8 }
            while divisor > 0 {
                out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        digits(date.year, 4)
        out.append(UInt8(ascii: "-"))
        digits(date.month, 2)
        out.append(UInt8(ascii: "-"))
        digits(date.day, 2)
    }

    /// An array of objects, one per line, keys in column order: stable English snake_case keys and
    /// plain values (numbers as numbers, ISO dates, UTC instants, tag values, null).
    func json(_ table: Table) -> String {
        guard !table.rows.isEmpty else { return "[]\n" }
        let keys = table.columns.map { Array((Self.jsonString($0.key) + ": ").utf8) }
        var out: [UInt8] = Array("[\n".utf8)
        out.reserveCapacity(128 * table.rows.count)
        for (number, row) in table.rows.enumerated() {
            out += number == 0 ? Array("  {".utf8) : Array(",\n  {".utf8)
            for index in table.columns.indices {
                if index > 0 { out += [UInt8(ascii: ","), UInt8(ascii: " ")] }
                out += keys[index]
                Self.writeJSONValue(row[safe: index], into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        out += Array("\n]\n".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// A cell as a JSON value.
    static func jsonValue(_ cell: Table.Cell) -> String {
        var out: [UInt8] = []
        writeJSONValue(cell, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func writeJSONValue(_ cell: Table.Cell, into out: inout [UInt8]) {
        switch cell {
        case .null: out += "null".utf8
        case .integer(let number), .identifier(let number), .count(let number, _): out += String(number).utf8
        case .real(let number), .percent(let number): out += (number.isFinite ? plainNumber(number) : "null").utf8
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        case .date(let date):
            out.append(UInt8(ascii: "\""))
            writeDate(date, into: &out)
            out.append(UInt8(ascii: "\""))
        default:
            if let text = plainText(cell) { writeJSONString(text, into: &out) } else { out += "null".utf8 }
        }
    }

    /// A JSON string literal; non-ASCII text stays as UTF-8, control characters are escaped.
    static func jsonString(_ text: String) -> String {
        var out: [UInt8] = []
        writeJSONString(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes a JSON string literal: quotes, backslashes, control characters (C0, DEL and C1, so
    /// none reaches a terminal raw) and the line and paragraph separators (U+2028, U+2029: E2 80
    /// A8/A9) escaped, everything else as its UTF-8.
    private static func writeJSONString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let bytes = text.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 10: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 13: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 9: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20, 0x7F: writeUnicodeEscape(UInt32(byte), into: &out)
            case 0xC2 where bytes.index(after: index) != bytes.endIndex && bytes[bytes.index(after: index)] <= 0x9F:
                index = bytes.index(after: index)
                writeUnicodeEscape(UInt32(bytes[index]), into: &out)
            case 0xE2:
                let next = bytes.index(after: index)
                let last = next == bytes.endIndex ? next : bytes.index(after: next)
                if last != bytes.endIndex, bytes[next] == 0x80, bytes[last] == 0xA8 || bytes[last] == 0xA9 {
                    writeUnicodeEscape(0x2000 | UInt32(bytes[last] & 0x3F), into: &out)
                    index = last
                } else {
                    out.append(byte)
                }
            default: out.append(byte)
            }
            index = bytes.index(after: index)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `\u` and four lowercase hex digits.
    private static func writeUnicodeEscape(_ value: UInt32, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(hex[Int(value >> UInt32(shift) & 0xF)])
        }
    }
}

extension Array where Element == Table.Cell {
    /// The cell at an index, or NULL past the end of a short row.
    subscript(safe index: Int) -> Table.Cell {
        index < count ? self[index] : .null
    }
}
