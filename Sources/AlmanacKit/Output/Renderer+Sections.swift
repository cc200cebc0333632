/// Rows that come in sections under headings, such as an agenda's days.
public struct SectionedTable: Sendable {
    /// One heading and its rows (one cell per column).
    public struct Section: Sendable {
        /// The heading, already in the user's words.
        public let heading: String
        /// The rows under it.
        public let rows: [[Table.Cell]]

        /// Creates a section.
        public init(heading: String, rows: [[Table.Cell]]) {
            self.heading = heading
            self.rows = rows
        }
    }

    /// The columns of every section.
    public var columns: [Table.Column]
    /// The sections, in order.
    public var sections: [Section]
    /// A line printed under a `table` (a count), already in the user's words; nil for none.
    public var summary: String?

    /// Creates a sectioned table.
    public init(columns: [Table.Column], sections: [Section], summary: String? = nil) {
        self.columns = columns
        self.sections = sections
        self.summary = summary
    }
}

extension Renderer {
    /// Sections for people, a flat table for machines: in `table` one box with each heading on a row
    /// across all columns; in `markdown` a `###` heading and a table per section; in `csv`, `tsv` and
    /// `json` the `flat` table (which carries what the headings say as a column of its own).
    public func render(_ sectioned: SectionedTable, flat: @autoclosure () -> Table) -> String {
        switch format {
        case .table: return sectionedBox(sectioned)
        case .markdown:
            return sectioned.sections.map { section in
                "### " + Self.singleLine(section.heading) + "\n\n" + markdown(Table(columns: sectioned.columns, rows: section.rows))
            }.joined(separator: "\n")
        case .csv, .tsv, .json: return render(flat())
        }
    }

    /// The box, written into one string: an agenda over a busy week is tens of thousands of rows.
    private func sectionedBox(_ sectioned: SectionedTable) -> String {
        let formats = makeFormats()
        let columnCount = sectioned.columns.count
        let titles = sectioned.columns.map { Self.singleLine($0.title) }
        let headings = sectioned.sections.map { Self.singleLine($0.heading) }
        let rowCount = sectioned.sections.reduce(0) { $0 + $1.rows.count }
        let alignments = sectioned.columns.indices.map { Self.alignment(sectioned, column: $0) }
        // Every cell's text, width and colour, in one flat array per property, row after row.
        var texts: [String] = [], cellWidths: [Int] = [], roles: [Table.ColorRole?] = []
        texts.reserveCapacity(rowCount * columnCount)
        cellWidths.reserveCapacity(rowCount * columnCount)
        roles.reserveCapacity(rowCount * columnCount)
        var widths = titles.map(DisplayWidth.of)
        for row in sectioned.sections.lazy.flatMap(\.rows) {
            for index in 0..<columnCount {
                let human = Self.humanText(row[safe: index], formats)
                let text: String, width: Int
                if let simple = DisplayWidth.simpleWidth(human.text) {
                    (text, width) = (human.text, simple)
                } else {
                    text = Self.singleLine(human.text)
                    width = DisplayWidth.of(text)
                }
                texts.append(text)
                cellWidths.append(width)
                roles.append(human.role)
                widths[index] = max(widths[index], width)
            }
        }
        // A heading wider than the columns widens the last one.
        let headingWidth = headings.map(DisplayWidth.of).max() ?? 0
        func span() -> Int { widths.reduce(0, +) + 3 * (widths.count - 1) }
        if headingWidth > span(), !widths.isEmpty { widths[widths.count - 1] += headingWidth - span() }
        if let width { widths = Self.fit(widths, into: width) }
        func rule(_ left: String, _ join: String, _ right: String) -> String {
            left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: join) + right + "\n"
        }
        // Written as bytes: appending to a String costs more per piece than the pieces themselves.
        var out: [UInt8] = []
        out.reserveCapacity(texts.reduce(0) { $0 + $1.utf8.count } + rowCount * (columnCount * 6 + 4) + (headings.count + 3) * 4 * (span() + 4))
        func put(_ text: String) { out.append(contentsOf: text.utf8) }
        let blanks = [UInt8](repeating: UInt8(ascii: " "), count: max(widths.max() ?? 0, span()) + 1)
        func pad(_ count: Int) { out.append(contentsOf: blanks[0..<max(0, min(count, blanks.count))]) }
        let (closeAbove, openBelow) = (rule("├", "┴", "┤"), rule("├", "┬", "┤"))
        let bar = Array("│".utf8), barBefore = Array(" │".utf8)
        put(rule("┌", "┬", "┐"))
        put("│" + titles.indices.map { " " + DisplayWidth.center(DisplayWidth.truncate(titles[$0], to: widths[$0]), in: widths[$0]) + " " }
            .joined(separator: "│") + "│\n")
        var cell = 0
        for (number, heading) in headings.enumerated() {
            put(closeAbove)
            let text = DisplayWidth.truncate(heading, to: span())
            put("│ " + text)
            pad(span() - DisplayWidth.of(text))
            put(" │\n" + openBelow)
            for _ in sectioned.sections[number].rows {
                out.append(contentsOf: bar)
                for index in 0..<columnCount {
                    var text = texts[cell], used = cellWidths[cell]
                    if used > widths[index] {
                        text = DisplayWidth.truncate(text, to: widths[index])
                        used = DisplayWidth.of(text)
                    }
                    out.append(UInt8(ascii: " "))
                    if alignments[index] == .right { pad(widths[index] - used) }
                    put(roles[cell] == nil ? text : styling.paint(text, roles[cell]))
                    if alignments[index] == .left { pad(widths[index] - used) }
                    out.append(contentsOf: barBefore)
                    cell += 1
                }
                out.append(UInt8(ascii: "\n"))
            }
        }
        put(rule("└", "┴", "┘"))
        if let summary = sectioned.summary { put(summary + "\n") }
        return String(decoding: out, as: UTF8.self)
    }

    /// A column's alignment, decided as `Table.alignment(ofColumn:)` decides it, over every section.
    private static func alignment(_ sectioned: SectionedTable, column: Int) -> Table.Alignment {
        if let alignment = sectioned.columns[column].alignment { return alignment }
        var sawNumber = false
        for section in sectioned.sections {
            for row in section.rows {
                switch row[safe: column] {
                case .null: continue
                case .integer, .identifier, .real, .percent, .count: sawNumber = true
                default: return .left
                }
            }
        }
        return sawNumber ? .right : .left
    }
}
