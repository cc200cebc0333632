import AlmanacText

/// `table`: sqlite3's `.mode box`. Headers centred, text left, numbers right, a heading row across
/// the columns for each section, and a count line under it. On a terminal the box is fitted to its
/// width (`BoxLayout`); piped, it is never cut.
///
/// The box needs every column's width before its first line, so it reads every row first. Each cell
/// is shown (formatted, made one line, measured) once, as it comes, and held in a compact form
/// (`HeldCells`): the first `Renderer.heldBytes` of them in memory, and those of a longer listing
/// after that in a `Spool` file that is read back once to draw the box. Memory stays bounded
/// whatever the row count; the file takes about what the box's text takes, in `$TMPDIR`.
package struct BoxFormat: RowFormat {
    private let head: Table.Head
    private let formats: LocalizedFormats
    private let styling: Styling
    private let terminalWidth: Int?
    private let heldBytes: Int
    private var shown: ShownCells
    private var measures: [ColumnMeasure]
    private var headingWidth = 0
    /// Rows and headings held in memory, in order.
    private var held = HeldCells()
    private var spool: Spool?

    package init(_ head: Table.Head, _ renderer: Renderer) {
        self.head = head
        formats = renderer.makeFormats()
        styling = renderer.styling
        terminalWidth = renderer.width
        heldBytes = renderer.heldBytes
        shown = ShownCells(formats, .box)
        measures = Array(repeating: ColumnMeasure(), count: head.columns.count)
    }

    package mutating func section(_ heading: String, into out: inout ByteOutput) throws {
        let text = Renderer.singleLine(heading)
        headingWidth = max(headingWidth, DisplayWidth.of(text))
        held.heading(text)
        try spillIfFull()
    }

    package mutating func row(_ cells: [Table.Cell], into out: inout ByteOutput) throws {
        held.beginRow(measures.count)
        for index in measures.indices { hold(cells[safe: index], index) }
        held.endRow()
        try spillIfFull()
    }

    /// Text that is plainly one line (most of a long listing) is held from SQLite's memory as it is,
    /// as `ShownCells` would show it.
    package mutating func row(streamed cells: [StreamedCell], into out: inout ByteOutput) throws {
        held.beginRow(measures.count)
        for index in measures.indices {
            let cell = cells[safe: index]
            if case .text(let bytes) = cell, let width = DisplayWidth.simpleWidth(utf8: bytes) {
                measures[index].seeText(width: width, isEmpty: bytes.isEmpty)
                held.cell(role: nil, width: width, bytes)
            } else if case .dateText(let text) = cell {
                let shownCell = shown.cell(dateText: text)
                measures[index].see(.text(""), shownCell)  // a date or text: either sits left
                held.cell(shownCell)
            } else if case .cell(.null) = cell {
                // Shown as nothing, which changes no measure.
                held.cell(role: nil, width: 0, UnsafeBufferPointer(start: nil, count: 0))
            } else if case .cell(.identifier(let number)) = cell {
                // Shown as its digits (`ShownCells`), written without making a string.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
                    let digits = UnsafeMutableBufferPointer(rebasing: buffer[..<Renderer.decimalLength(number)])
                    Renderer.writeDecimal(number, at: digits)
                    measures[index].seeDigits(width: digits.count, .identifier(number))
                    held.cell(role: nil, width: digits.count, UnsafeBufferPointer(digits))
                }
            } else {
                hold(cell.cell, index)
            }
        }
        held.endRow()
        try spillIfFull()
    }

    private mutating func hold(_ cell: Table.Cell, _ index: Int) {
        let shownCell = shown.cell(cell)
        measures[index].see(cell, shownCell)
        held.cell(shownCell)
    }

    /// Once what is held takes more than its share of memory, keeps it there and sends the rows
    /// that follow to the spool file, a chunk at a time.
    private mutating func spillIfFull() throws {
        if spool == nil {
            guard held.bytes > heldBytes else { return }
            held.keep()
            spool = try Spool()
        } else if held.bytes >= Self.spoolChunk {
            try spool!.write(held.encoded)
            held.removeAll()
        }
    }

    /// How many bytes of rows go to the spool file at once.
    private static let spoolChunk = 1 << 20

    package mutating func finish(rows: Int, count: Int, into out: inout ByteOutput) throws {
        if rows == 0, let empty = head.empty {
            return out.append(formats.localizer(empty.key, empty.arguments) + "\n")
        }
        guard !head.columns.isEmpty else { return }
        let layout = BoxLayout(
            head: head, titles: head.columns.map { Renderer.singleLine($0.title) }, measures: measures,
            headingWidth: headingWidth, terminalWidth: terminalWidth)
        var drawing = BoxDrawing(layout: layout, styling: styling)
        drawing.top(into: &out)
        func draw(_ record: HeldCells.Record) throws {
            drawing.draw(record, into: &out)
            try out.drainIfFull()
        }
        try HeldCells.forEach(in: held.kept, draw)
        if let spool {
            try spool.write(held.encoded)
            held.removeAll()
            try spool.rewind()
            try HeldCells.forEach(in: spool, draw)
        } else {
            try HeldCells.forEach(in: held.encoded, draw)
        }
        drawing.bottom(into: &out)
        if let unit = head.summaryUnit { out.append(formats.count(Int64(count), unit: unit) + "\n") }
    }
}

extension Renderer {
    /// The narrowest a text column is cut to on a narrow terminal: two characters and the `…`.
    package static let narrowestColumn = 3
    /// The width text may be cut to before a box drops a column that says less (`Table.Priority.less`).
    package static let readableColumn = 8
}
