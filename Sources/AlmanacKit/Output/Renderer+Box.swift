extension Renderer {
    /// The narrowest a column is cut to on a narrow terminal: two characters and the `…`.
    static let narrowestColumn = 3

    /// sqlite3's `.mode box`: headers centred, text left, numbers right, then a count line.
    func box(_ table: Table) -> String {
        let formats = makeFormats()
        let titles = table.columns.map { Self.singleLine($0.title) }
        let cells = table.rows.map { row in
            row.map { cell -> (text: String, role: Table.ColorRole?) in
                let human = Self.humanText(cell, formats)
                return (Self.singleLine(human.text), human.role)
            }
        }
        var widths = titles.map(DisplayWidth.of)
        for row in cells {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(cell.text))
            }
        }
        if let width { widths = Self.fit(widths, into: width) }
        let alignments = table.columns.indices.map(table.alignment(ofColumn:))

        func rule(_ left: String, _ join: String, _ right: String) -> String {
            left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: join) + right + "\n"
        }
        var out = rule("┌", "┬", "┐")
        out += "│" + titles.enumerated().map { index, title in
            " " + DisplayWidth.center(DisplayWidth.truncate(title, to: widths[index]), in: widths[index]) + " "
        }.joined(separator: "│") + "│\n"
        out += rule("├", "┼", "┤")
        for row in cells {
            out += "│" + widths.indices.map { index in
                let cell = index < row.count ? row[index] : (text: "", role: nil)
                let text = DisplayWidth.truncate(cell.text, to: widths[index])
                let gap = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(text)))
                let painted = styling.paint(text, cell.role)
                return " " + (alignments[index] == .right ? gap + painted : painted + gap) + " "
            }.joined(separator: "│") + "│\n"
        }
        out += rule("└", "┴", "┘")
        if let unit = table.summaryUnit {
            out += formats.count(Int64(table.rows.count), unit: unit) + "\n"
        }
        return out
    }

    /// Column widths that fit a terminal `total` columns wide, frame included: the widest column
    /// gives up a column at a time until the table fits or every column is as narrow as it may be.
    static func fit(_ natural: [Int], into total: Int) -> [Int] {
        var widths = natural
        var excess = widths.reduce(0, +) + 3 * widths.count + 1 - total
        while excess > 0 {
            var widest: Int?
            for index in widths.indices where widths[index] > narrowestColumn {
                if widest.map({ widths[index] > widths[$0] }) ?? true { widest = index }
            }
            guard let widest else { break }
            widths[widest] -= 1
            excess -= 1
        }
        return widths
    }
}
