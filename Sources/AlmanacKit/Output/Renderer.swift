import Foundation

/// Turns a `Table` into text in one of the output formats.
public struct Renderer: Sendable {
    /// The output format.
    public var format: OutputFormat
    /// The user's language and locale, for table and markdown output.
    public var localizer: Localizer

    /// Creates a renderer.
    public init(format: OutputFormat, localizer: Localizer) {
        self.format = format
        self.localizer = localizer
    }

    /// The whole table as text, ending with a newline.
    public func render(_ table: Table) -> String {
        switch format {
        case .table, .markdown: return box(table)
        case .csv: return delimited(table, separator: ",")
        case .tsv: return delimited(table, separator: "\t")
        case .json: return json(table)
        }
    }

    private func display(_ cell: Table.Cell) -> String {
        switch cell {
        case .null: return ""
        case .text(let text): return text
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let date): return date.description
        }
    }

    private func box(_ table: Table) -> String {
        let cells = table.rows.map { $0.map(display) }
        var widths = table.columns.map { $0.title.count }
        for row in cells {
            for (index, text) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], text.count)
            }
        }
        func line(_ left: String, _ fill: String, _ join: String, _ right: String) -> String {
            left + widths.map { String(repeating: fill, count: $0 + 2) }.joined(separator: join) + right + "\n"
        }
        func pad(_ text: String, _ width: Int, right: Bool) -> String {
            let gap = String(repeating: " ", count: max(0, width - text.count))
            return right ? gap + text : text + gap
        }
        var out = line("┌", "─", "┬", "┐")
        out += "│" + table.columns.enumerated().map { " " + pad($0.element.title, widths[$0.offset], right: false) + " " }
            .joined(separator: "│") + "│\n"
        out += line("├", "─", "┼", "┤")
        for (rowIndex, row) in cells.enumerated() {
            out += "│" + row.enumerated().map { index, text in
                let numeric: Bool = switch table.rows[rowIndex][index] {
                case .integer, .real: true
                default: false
                }
                return " " + pad(text, widths[index], right: numeric) + " "
            }.joined(separator: "│") + "│\n"
        }
        return out + line("└", "─", "┴", "┘")
    }

    private func delimited(_ table: Table, separator: String) -> String {
        func quote(_ text: String) -> String {
            guard text.contains(where: { $0 == "\"" || $0 == "\n" || $0 == "\r" || String($0) == separator }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var out = table.columns.map { quote($0.key) }.joined(separator: separator) + "\r\n"
        for row in table.rows {
            out += row.map { quote(display($0)) }.joined(separator: separator) + "\r\n"
        }
        return out
    }

    private func json(_ table: Table) -> String {
        let objects = table.rows.map { row -> [String: Any] in
            var object: [String: Any] = [:]
            for (index, column) in table.columns.enumerated() {
                switch row[index] {
                case .null: object[column.key] = NSNull()
                case .text(let text): object[column.key] = text
                case .integer(let number): object[column.key] = number
                case .real(let number): object[column.key] = number
                case .bool(let flag): object[column.key] = flag
                case .date(let date): object[column.key] = date.description
                }
            }
            return object
        }
        let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
