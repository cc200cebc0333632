extension Renderer {
    /// RFC 4180: a header of column keys, CRLF line ends, and a field quoted (its quotes doubled) when
    /// it holds a comma, a quote, a CR or an LF. NULL and empty text are both an empty field.
    func csv(_ table: Table) -> String {
        func field(_ text: String) -> String {
            guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 })
            else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var out = table.columns.map { field($0.key) }.joined(separator: ",") + "\r\n"
        for row in table.rows {
            out += table.columns.indices.map { field(Self.plainText(row[safe: $0]) ?? "") }.joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// Tab-separated values: a header of column keys, LF line ends, and tabs, line breaks and
    /// backslashes inside a field written as `\t`, `\n`, `\r` and `\\` (the convention of
    /// PostgreSQL's COPY and of `cut`-friendly TSV), so every row is one line.
    func tsv(_ table: Table) -> String {
        func field(_ text: String) -> String {
            guard text.utf8.contains(where: { $0 == 9 || $0 == 10 || $0 == 13 || $0 == UInt8(ascii: "\\") }) else { return text }
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": result += "\\\\"
                case "\t": result += "\\t"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
        var out = table.columns.map { field($0.key) }.joined(separator: "\t") + "\n"
        for row in table.rows {
            out += table.columns.indices.map { field(Self.plainText(row[safe: $0]) ?? "") }.joined(separator: "\t") + "\n"
        }
        return out
    }

    /// An array of objects, one per line, keys in column order: stable English snake_case keys and
    /// plain values (numbers as numbers, ISO dates, UTC instants, tag values, null).
    func json(_ table: Table) -> String {
        guard !table.rows.isEmpty else { return "[]\n" }
        let keys = table.columns.map { Self.jsonString($0.key) + ": " }
        let objects = table.rows.map { row in
            "  {" + table.columns.indices.map { keys[$0] + Self.jsonValue(row[safe: $0]) }.joined(separator: ", ") + "}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    /// A cell as a JSON value.
    static func jsonValue(_ cell: Table.Cell) -> String {
        switch cell {
        case .null: return "null"
        case .integer(let number), .identifier(let number), .count(let number, _): return String(number)
        case .real(let number), .percent(let number): return number.isFinite ? plainNumber(number) : "null"
        case .bool(let flag): return flag ? "true" : "false"
        default: return plainText(cell).map(jsonString) ?? "null"
        }
    }

    /// A JSON string literal; non-ASCII text stays as UTF-8, control characters are escaped.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension Array where Element == Table.Cell {
    /// The cell at an index, or NULL past the end of a short row.
    subscript(safe index: Int) -> Table.Cell {
        index < count ? self[index] : .null
    }
}
