/// Rows that come in sections under headings, such as an agenda's days.
public struct SectionedTable: Sendable {
    /// One heading and its rows, kept as one array of cells (a long agenda is spared an array per row).
    public struct Section: Sendable {
        /// The heading, already in the user's words.
        public let heading: String
        /// The cells, row after row, `width` to a row.
        public let cells: [Table.Cell]
        /// Cells per row.
        public let width: Int

        /// A section from cells laid out row after row, `width` to a row.
        public init(heading: String, cells: [Table.Cell], width: Int) {
            precondition(width > 0 ? cells.count % width == 0 : cells.isEmpty, "cells must fill whole rows")
            self.heading = heading
            self.cells = cells
            self.width = width
        }

        /// A section from rows; short rows are filled with NULL.
        public init(heading: String, rows: [[Table.Cell]]) {
            let width = rows.map(\.count).max() ?? 0
            self.init(heading: heading, cells: rows.flatMap { $0 + Array(repeating: .null, count: width - $0.count) }, width: width)
        }

        /// How many rows the section has.
        public var rowCount: Int { width == 0 ? 0 : cells.count / width }

        /// The rows, each as an array.
        public var rows: [[Table.Cell]] { (0..<rowCount).map { Array(cells[$0 * width..<($0 + 1) * width]) } }

        /// The cell in a row and column; NULL past the end of the row.
        subscript(row: Int, column: Int) -> Table.Cell { column < width ? cells[row * width + column] : .null }
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
        case .html: return htmlPage(sectioned)
        }
    }

    /// The box, written straight into one string: an agenda over a busy week is tens of thousands of
    /// rows, so each cell is measured once, painted or cut once, and copied once.
    private func sectionedBox(_ sectioned: SectionedTable) -> String {
        let formats = makeFormats()
        let columnCount = sectioned.columns.count
        let titles = sectioned.columns.map { Self.singleLine($0.title) }
        let headings = sectioned.sections.map { Self.singleLine($0.heading) }
        let rowCount = sectioned.sections.reduce(0) { $0 + $1.rowCount }
        let alignments = sectioned.columns.indices.map { Self.alignment(sectioned, column: $0) }
        // Every cell's text, width and colour, in one flat array per property, row after row.
        var texts: [String] = [], cellWidths: [Int] = [], roles: [Table.ColorRole?] = []
        texts.reserveCapacity(rowCount * columnCount)
        cellWidths.reserveCapacity(rowCount * columnCount)
        roles.reserveCapacity(rowCount * columnCount)
        var widths = titles.map(DisplayWidth.of)
        for section in sectioned.sections {
            for row in 0..<section.rowCount {
                for index in 0..<columnCount {
                    var human: (text: String, role: Table.ColorRole?)
                    switch section[row, index] {
                    case .text(let text): human = (text, nil)
                    case .null: human = ("", nil)
                    case let cell: human = Self.humanText(cell, formats)
                    }
                    if let simple = DisplayWidth.simpleWidth(human.text) {
                        cellWidths.append(simple)
                    } else {
                        human.text = Self.singleLine(human.text)
                        cellWidths.append(DisplayWidth.of(human.text))
                    }
                    texts.append(human.text)
                    roles.append(human.role)
                    widths[index] = max(widths[index], cellWidths[cellWidths.count - 1])
                }
            }
        }
        // A heading wider than the columns widens the last one.
        let headingWidth = headings.map(DisplayWidth.of).max() ?? 0
        func span() -> Int { widths.reduce(0, +) + 3 * (widths.count - 1) }
        if headingWidth > span(), !widths.isEmpty { widths[widths.count - 1] += headingWidth - span() }
        if let width { widths = Self.fit(widths, into: width) }
        // Cut what is too wide and paint what has a colour, so each text is final before it is copied.
        var textBytes = 0, padding = 0
        for cell in texts.indices {
            let column = cell % max(columnCount, 1)
            if cellWidths[cell] > widths[column] {
                texts[cell] = DisplayWidth.truncate(texts[cell], to: widths[column])
                cellWidths[cell] = DisplayWidth.of(texts[cell])
            }
            if roles[cell] != nil { texts[cell] = styling.paint(texts[cell], roles[cell]) }
            textBytes += texts[cell].utf8.count
            padding += max(0, widths[column] - cellWidths[cell])
        }
        func rule(_ left: String, _ join: String, _ right: String) -> String {
            left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: join) + right + "\n"
        }
        let top = rule("┌", "┬", "┐") + "│" + titles.indices.map {
            " " + DisplayWidth.center(DisplayWidth.truncate(titles[$0], to: widths[$0]), in: widths[$0]) + " "
        }.joined(separator: "│") + "│\n"
        let headingLines = headings.map { heading -> String in
            let text = DisplayWidth.truncate(heading, to: span())
            return rule("├", "┴", "┤") + "│ " + text + String(repeating: " ", count: max(0, span() - DisplayWidth.of(text))) + " │\n"
                + rule("├", "┬", "┤")
        }
        let bottom = rule("└", "┴", "┘") + (sectioned.summary.map { $0 + "\n" } ?? "")
        // The exact size: per row "│" (3 bytes) and a line break, per cell " " + text + padding + " │".
        let size = top.utf8.count + headingLines.reduce(0) { $0 + $1.utf8.count } + bottom.utf8.count
            + textBytes + padding + rowCount * (3 + 1) + rowCount * columnCount * (1 + 4)
        return String(unsafeUninitializedCapacity: size) { buffer in
            var position = 0
            func put(_ text: String) {
                if let count = text.utf8.withContiguousStorageIfAvailable({ source -> Int in
                    guard let from = source.baseAddress else { return 0 }
                    precondition(position + source.count <= size, "the box was measured wrong")
                    (buffer.baseAddress! + position).update(from: from, count: source.count)
                    return source.count
                }) {
                    position += count
                } else {
                    for byte in text.utf8 {
                        buffer[position] = byte  // bounds-checked
                        position += 1
                    }
                }
            }
            func pad(_ count: Int) {
                guard count > 0 else { return }
                precondition(position + count <= size, "the box was measured wrong")
                (buffer.baseAddress! + position).update(repeating: UInt8(ascii: " "), count: count)
                position += count
            }
            put(top)
            var cell = 0
            for (number, section) in sectioned.sections.enumerated() {
                put(headingLines[number])
                for _ in 0..<section.rowCount {
                    put("│")
                    for index in 0..<columnCount {
                        buffer[position] = UInt8(ascii: " ")
                        position += 1
                        let gap = widths[index] - cellWidths[cell]
                        if alignments[index] == .right { pad(gap) }
                        put(texts[cell])
                        if alignments[index] == .left { pad(gap) }
                        put(" │")
                        cell += 1
                    }
                    buffer[position] = UInt8(ascii: "\n")
                    position += 1
                }
            }
            put(bottom)
            precondition(position == size, "the box was measured wrong")
            return position
        }
    }

    /// A column's alignment, decided as `Table.alignment(ofColumn:)` decides it, over every section.
    private static func alignment(_ sectioned: SectionedTable, column: Int) -> Table.Alignment {
        if let alignment = sectioned.columns[column].alignment { return alignment }
        var sawNumber = false
        for section in sectioned.sections {
            for row in 0..<section.rowCount {
                switch section[row, column] {
                case .null: continue
                case .integer, .identifier, .real, .percent, .count: sawNumber = true
                default: return .left
                }
            }
        }
        return sawNumber ? .right : .left
    }
}
