extension Renderer {
    /// A GitHub table: `|`-separated, padded to line up in a monospaced editor, `---:` under
    /// right-aligned columns. Pipes in cells are escaped and line breaks become `<br>`.
    func markdown(_ table: Table) -> String {
        let formats = makeFormats()
        func escape(_ text: String) -> String {
            var result = ""
            for character in text {
                switch character {
                case "|": result += "\\|"
                case "\n", "\r\n", "\r": result += "<br>"
                default: result.append(character)
                }
            }
            return Self.singleLine(result)
        }
        let titles = table.columns.map { escape($0.title) }
        let cells = table.rows.map { row in row.map { escape(Self.humanText($0, formats).text) } }
        var widths = titles.map { max(3, DisplayWidth.of($0)) }
        for row in cells {
            for (index, text) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(text))
            }
        }
        let alignments = table.columns.indices.map(table.alignment(ofColumn:))
        func line(_ texts: [String]) -> String {
            "| " + widths.indices.map { index in
                DisplayWidth.pad(index < texts.count ? texts[index] : "", to: widths[index], alignment: alignments[index])
            }.joined(separator: " | ") + " |\n"
        }
        var out = "| " + widths.indices.map { DisplayWidth.pad(titles[$0], to: widths[$0], alignment: .left) }
            .joined(separator: " | ") + " |\n"
        out += "|" + widths.indices.map { index in
            alignments[index] == .right
                ? " " + String(repeating: "-", count: widths[index] - 1) + ": "
                : " " + String(repeating: "-", count: widths[index]) + " "
        }.joined(separator: "|") + "|\n"
        for row in cells { out += line(row) }
        return out
    }
}
