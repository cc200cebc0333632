/// Rows that come in sections under headings, such as an agenda's days, held whole.
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
            self.init(
                heading: heading, cells: rows.flatMap { $0 + Array(repeating: .null, count: width - $0.count) },
                width: width)
        }

        /// How many rows the section has.
        public var rowCount: Int { width == 0 ? 0 : cells.count / width }

        /// The rows, each as an array.
        public var rows: [[Table.Cell]] { (0..<rowCount).map { Array(cells[$0 * width..<($0 + 1) * width]) } }

        /// The cell in a row and column; NULL past the end of the row.
        package subscript(row: Int, column: Int) -> Table.Cell { column < width ? cells[row * width + column] : .null }
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
    /// across all columns and the summary under it; in `markdown` a `###` heading and a table per
    /// section; in `csv`, `tsv` and `json` the `flat` table (which carries what the headings say as a
    /// column of its own); in `html` one table with a heading row per section.
    public func render(_ sectioned: SectionedTable, flat: @autoclosure () -> Table) -> String {
        withoutActuallyEscaping(flat) { flat in render(Page(sections: [.sectioned(sectioned)], machines: flat)) }
    }

    /// The sections through a `TableWriter` held in memory, as a streamed listing's would go.
    func sectionedText(_ sectioned: SectionedTable) -> String {
        var inMemory = self
        inMemory.heldBytes = .max
        do {
            let writer = try TableWriter(
                inMemory, head: Table.Head(columns: sectioned.columns, summaryUnit: nil), output: nil)
            for section in sectioned.sections {
                try writer.section(section.heading)
                for row in section.rows { try writer.row(row) }
            }
            try writer.finish()
            return writer.text
        } catch {
            preconditionFailure("rendering into memory failed: \(error)")
        }
    }
}
