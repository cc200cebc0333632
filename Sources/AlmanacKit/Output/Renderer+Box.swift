extension Renderer {
    /// The narrowest a column is cut to on a narrow terminal: two characters and the `…`.
    static let narrowestColumn = 3

    /// sqlite3's `.mode box`: headers centred, text left, numbers right, then a count line.
    func box(_ table: Table) -> String {
        let formats = makeFormats()
        let titles = table.columns.map { Self.singleLine($0.title) }
        var shown = ShownCells(formats)
        let cells = table.rows.map { row in row.map { shown.cell($0) } }
        var widths = titles.map(DisplayWidth.of)
        for row in cells {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.width)
            }
        }
        if let width { widths = Self.fit(widths, into: width) }
        let alignments = table.columns.indices.map(table.alignment(ofColumn:))
        let spaces = String(repeating: " ", count: (widths.max() ?? 0) + 1)

        func rule(_ left: String, _ join: String, _ right: String) -> String {
            left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: join) + right + "\n"
        }
        var out = rule("┌", "┬", "┐")
        out += "│" + titles.enumerated().map { index, title in
            " " + DisplayWidth.center(DisplayWidth.truncate(title, to: widths[index]), in: widths[index]) + " "
        }.joined(separator: "│") + "│\n"
        out += rule("├", "┼", "┤")
        let empty = ShownCells.Cell(text: "", role: nil, width: 0)
        for row in cells {
            out += "│"
            for index in widths.indices {
                var cell = index < row.count ? row[index] : empty
                if cell.width > widths[index] {
                    cell.text = DisplayWidth.truncate(cell.text, to: widths[index])
                    cell.width = DisplayWidth.of(cell.text)
                }
                let gap = spaces.prefix(max(0, widths[index] - cell.width) + 1)
                out += alignments[index] == .right ? gap : " "
                out += styling.paint(cell.text, cell.role)
                out += alignments[index] == .right ? " " : gap
                out += "│"
            }
            out += "\n"
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

/// Cells as a table shows them, with their display width worked out once. Dates and counts repeat
/// down a long listing, so each distinct one is formatted once (ICU formatting is the costly part).
struct ShownCells {
    /// One cell's single-line text, colour role and width.
    struct Cell {
        var text: String
        var role: Table.ColorRole?
        var width: Int
    }

    private struct CountKey: Hashable {
        let value: Int64
        let unit: String
    }

    private let formats: LocalizedFormats
    private var dates: [LocalDate: Cell] = [:]
    private var counts: [CountKey: Cell] = [:]

    init(_ formats: LocalizedFormats) {
        self.formats = formats
    }

    mutating func cell(_ cell: Table.Cell) -> Cell {
        switch cell {
        case .date(let date):
            if let known = dates[date] { return known }
            let made = make(cell)
            dates[date] = made
            return made
        case .count(let value, let unit):
            let key = CountKey(value: value, unit: unit)
            if let known = counts[key] { return known }
            let made = make(cell)
            counts[key] = made
            return made
        default:
            return make(cell)
        }
    }

    private func make(_ cell: Table.Cell) -> Cell {
        let human = Renderer.humanText(cell, formats)
        let text = Renderer.singleLine(human.text)
        return Cell(text: text, role: human.role, width: DisplayWidth.of(text))
    }
}
