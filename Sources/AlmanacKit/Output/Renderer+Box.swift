/// `table`: sqlite3's `.mode box`. Headers centred, text left, numbers right, a heading row across
/// the columns for each section, and a count line under it. On a terminal the box is fitted to its
/// width (`BoxLayout`); piped, it is never cut.
///
/// The box needs every column's width before its first line, so it reads every row first. Each cell
/// is shown (formatted, made one line, measured) once, as it comes; the first `Renderer.heldBytes` of
/// shown cells stay in memory, and a longer listing moves them, and every later one, to a `Spool` file
/// that is read back once to draw the box. Memory stays bounded whatever the row count; the file takes
/// about what the box's text takes, in `$TMPDIR`.
struct BoxFormat: RowFormat {
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

    init(_ head: Table.Head, _ renderer: Renderer) {
        self.head = head
        formats = renderer.makeFormats()
        styling = renderer.styling
        terminalWidth = renderer.width
        heldBytes = renderer.heldBytes
        shown = ShownCells(formats, .box)
        measures = Array(repeating: ColumnMeasure(), count: head.columns.count)
    }

    mutating func section(_ heading: String, into out: inout ByteOutput) throws {
        let text = Renderer.singleLine(heading)
        headingWidth = max(headingWidth, DisplayWidth.of(text))
        held.heading(text)
        try spillIfFull()
    }

    mutating func row(_ cells: [Table.Cell], into out: inout ByteOutput) throws {
        var row: [ShownCells.Cell] = []
        row.reserveCapacity(measures.count)
        for index in measures.indices {
            let cell = cells[safe: index]
            let shownCell = shown.cell(cell)
            measures[index].see(cell, shownCell)
            row.append(shownCell)
        }
        held.row(row)
        try spillIfFull()
    }

    /// Moves what is held to the spool file once it holds more than its share of memory.
    private mutating func spillIfFull() throws {
        guard held.bytes > heldBytes else { return }
        if spool == nil { spool = try Spool() }
        try spool!.write(held.encoded())
        held.removeAll()
    }

    mutating func finish(rows: Int, count: Int, into out: inout ByteOutput) throws {
        if rows == 0, let empty = head.empty {
            return out.append(formats.localizer(empty.key, empty.arguments) + "\n")
        }
        guard !head.columns.isEmpty else { return }
        let layout = BoxLayout(head: head, titles: head.columns.map { Renderer.singleLine($0.title) }, measures: measures,
            headingWidth: headingWidth, terminalWidth: terminalWidth)
        var drawing = BoxDrawing(layout: layout, styling: styling)
        drawing.top(into: &out)
        if let spool {
            try spool.write(held.encoded())
            held.removeAll()
            try spool.rewind()
            while let record = try HeldCells.decode(from: spool) {
                drawing.draw(record, into: &out)
                try out.drainIfFull()
            }
        } else {
            for record in held.records {
                drawing.draw(record, into: &out)
                try out.drainIfFull()
            }
        }
        drawing.bottom(into: &out)
        if let unit = head.summaryUnit { out.append(formats.count(Int64(count), unit: unit) + "\n") }
    }
}

extension Renderer {
    /// The narrowest a text column is cut to on a narrow terminal: two characters and the `…`.
    static let narrowestColumn = 3
}
