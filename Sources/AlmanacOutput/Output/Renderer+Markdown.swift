import AlmanacText

/// `markdown`: a GitHub table, `|`-separated and padded to line up in a monospaced editor, `---:`
/// under right-aligned columns; pipes in cells escaped, `<` and `>` written `&lt;` and `&gt;` (a
/// viewer renders HTML, and data must stay text), and line breaks written `<br>`. Sections
/// (an agenda's days) are a `###` heading and a table each. Never cut or coloured.
///
/// Lining up needs the widths before the first line, so rows are kept until the output is complete
/// or they hold `Renderer.heldBytes` (about 40,000 short rows): a listing that ends sooner is lined up
/// exactly, as a whole. A longer one is written from then on as its rows come, in constant memory:
/// its widths and alignments are those of the rows kept, each section after that point is kept as
/// long again to measure it, a wider cell pushes its row's `|` further (GitHub reads it the same),
/// and a column hidden when empty is shown.
package struct MarkdownFormat: RowFormat {
    private struct Section {
        package var heading: String?
        package var rows: [[String]] = []
        var widths: [Int]
        var alignments: [AlignmentEvidence]
    }

    private let head: Table.Head
    private let formats: LocalizedFormats
    private let heldBytes: Int
    private let titles: [String]
    private var shown: ShownCells
    private var sections: [Section] = []
    private var hasValue: [Bool]
    private var bytes = 0
    /// Set once rows no longer wait: the columns shown.
    private var streamedColumns: [Int]?
    /// The layout of the section being written as its rows come, per column shown; empty while a
    /// new section is kept to be measured.
    private var streamedWidths: [Int] = []
    private var streamedAlignments: [Table.Alignment] = []
    private var wroteSection = false
    private let joints = Joints(" | ")

    package init(_ head: Table.Head, _ renderer: Renderer) {
        self.head = head
        formats = renderer.makeFormats()
        heldBytes = renderer.heldBytes
        titles = head.columns.map { ShownCells.markdownCell($0.title) }
        shown = ShownCells(formats, .markdown)
        hasValue = Array(repeating: false, count: head.columns.count)
    }

    package mutating func section(_ heading: String, into out: inout ByteOutput) throws {
        streamedWidths = []
        sections.append(
            Section(
                heading: Renderer.singleLine(heading), widths: titles.map { max(3, DisplayWidth.of($0)) },
                alignments: Array(repeating: AlignmentEvidence(), count: titles.count)))
        bytes += heading.utf8.count + 64
    }

    package mutating func row(_ cells: [Table.Cell], into out: inout ByteOutput) throws {
        var texts: [String] = []
        texts.reserveCapacity(titles.count)
        if let visible = streamedColumns, !streamedWidths.isEmpty {
            for index in visible { texts.append(shown.cell(cells[safe: index]).text) }
            return line(texts, streamedWidths, streamedAlignments, into: &out)
        }
        if sections.isEmpty {
            try section("", into: &out)
            sections[0].heading = nil
        }
        let last = sections.count - 1
        for index in titles.indices {
            let cell = cells[safe: index]
            let made = shown.cell(cell)
            sections[last].widths[index] = max(sections[last].widths[index], made.width)
            sections[last].alignments[index].see(cell)
            if !made.text.isEmpty { hasValue[index] = true }
            bytes += made.text.utf8.count + 24
            texts.append(made.text)
        }
        sections[last].rows.append(texts)
        bytes += 32
        if bytes > heldBytes { writeHeld(into: &out, final: false) }
    }

    /// Once rows are written as they come, text that is plainly one line and has no `|` (most of a
    /// long listing) goes from SQLite's memory to the line as it is, as `ShownCells` would show it.
    package mutating func row(streamed cells: [StreamedCell], into out: inout ByteOutput) throws {
        guard let visible = streamedColumns, !streamedWidths.isEmpty else {
            return try row(cells.map(\.cell), into: &out)
        }
        // The spaces a left-aligned cell leaves are written with the next separator.
        var owed = 0
        for position in visible.indices {
            let cell = cells[safe: visible[position]]
            let right = streamedAlignments[position] == .right
            let width = streamedWidths[position]
            let gap: Int
            if case .text(let bytes) = cell, let shown = DisplayWidth.simpleWidth(utf8: bytes, refusing: .markdown) {
                gap = width - shown
                joints.write(owed, first: position == 0, right ? gap : 0, into: &out)
                out.append(bytes)
            } else if case .cell(.identifier(let number)) = cell {
                gap = width - Renderer.decimalLength(number)
                joints.write(owed, first: position == 0, right ? gap : 0, into: &out)
                out.append(decimal: number)
            } else {
                let made: ShownCells.Cell
                if case .dateText(let text) = cell {
                    made = shown.cell(dateText: text)
                } else {
                    made = shown.cell(cell.cell)
                }
                gap = width - made.width
                joints.write(owed, first: position == 0, right ? gap : 0, into: &out)
                out.append(made.text)
            }
            owed = right ? 0 : gap
        }
        out.pad(owed)
        out.append(" |\n")
    }

    package mutating func finish(rows: Int, count: Int, into out: inout ByteOutput) throws {
        if rows == 0, let empty = head.empty {
            return out.append(formats.localizer(empty.key, empty.arguments) + "\n")
        }
        guard !titles.isEmpty else { return }
        if sections.isEmpty && !wroteSection {
            try section("", into: &out)
            sections[0].heading = nil
        }
        writeHeld(into: &out, final: true)
    }

    /// Writes the sections kept so far. Before the end, the last one stays open: its later rows are
    /// written as they come, with its widths.
    private mutating func writeHeld(into out: inout ByteOutput, final: Bool) {
        let visible =
            streamedColumns
            ?? (final
                ? titles.indices.filter { !head.columns[$0].hiddenWhenEmpty || hasValue[$0] }
                : Array(titles.indices))
        for section in sections {
            let widths = visible.map { section.widths[$0] }
            let alignments = visible.map { section.alignments[$0].alignment(head.columns[$0].alignment) }
            if wroteSection { out.append("\n") }
            wroteSection = true
            if let heading = section.heading { out.append("### " + heading + "\n\n") }
            line(visible.map { titles[$0] }, widths, Array(repeating: .left, count: widths.count), into: &out)
            out.append("|")
            for (index, width) in widths.enumerated() {
                out.append(
                    alignments[index] == .right
                        ? " " + String(repeating: "-", count: width - 1) + ": "
                        : " " + String(repeating: "-", count: width) + " ")
                out.append("|")
            }
            out.append("\n")
            for row in section.rows { line(visible.map { row[$0] }, widths, alignments, into: &out) }
            streamedColumns = visible
            streamedWidths = widths
            streamedAlignments = alignments
        }
        if final { return }
        sections.removeAll()
        bytes = 0
    }

    private func line(_ texts: [String], _ widths: [Int], _ alignments: [Table.Alignment], into out: inout ByteOutput) {
        out.append("| ")
        for (index, text) in texts.enumerated() {
            if index > 0 { out.append(" | ") }
            let gap = widths[index] - DisplayWidth.of(text)
            if alignments[index] == .right { out.pad(gap) }
            out.append(text)
            if alignments[index] == .left { out.pad(gap) }
        }
        out.append(" |\n")
    }
}
