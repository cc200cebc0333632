/// Where a listing's rows go, one at a time: the renderer's streaming interface, which every command
/// that prints rows uses. It is made with the listing's head (its columns), takes section headings
/// and rows as they come (straight from an SQLite statement), and ends with `finish()`.
///
/// `csv`, `tsv`, `json` and `html` are written as the rows arrive, in constant memory (an `html` page
/// with a picture above its rows holds them: `HTMLFormat`). `markdown` keeps the first rows to line
/// them up (`MarkdownFormat.window`), then writes the rest as they come. `table` measures every row
/// before it draws the box; a long listing's cells go to a temporary file and are read back once
/// (`BoxFormat`), so memory stays bounded whatever the row count.
///
///     let writer = renderer.writer(head, to: .standardOutput)
///     while try statement.step() { try writer.row(cells(statement)) }
///     try writer.finish()
public final class TableWriter {
    // A writer is used from one thread, and these three are touched at every row: the runtime's
    // exclusivity checks on them, four a row, were 3 % of the instructions of a csv listing.
    @exclusivity(unchecked) private var format: any RowFormat
    @exclusivity(unchecked) private var out: ByteOutput
    /// How many rows have been written.
    @exclusivity(unchecked) public private(set) var rowCount = 0
    private var finished = false

    /// A writer for `head` in the renderer's format, writing to `output` (its bytes are handed on in
    /// chunks; `finish()` hands on the last of them, and the caller flushes `output`). An `html` page
    /// draws `chart` above its rows (other formats have no pictures).
    public convenience init(_ renderer: Renderer, head: Table.Head, chart: Chart? = nil, to output: OutputWriter) throws
    {
        try self.init(renderer, head: head, chart: chart, output: output)
    }

    /// A writer that keeps its bytes, for `Renderer.render(_:)`; `text` has them once finished.
    package init(_ renderer: Renderer, head: Table.Head, chart: Chart? = nil, output: OutputWriter?) throws {
        format = renderer.output.rows(head, chart: chart)
        out = ByteOutput(writer: output)
    }

    /// Starts a section under `heading` (already in the user's words); `table` and `markdown` show it
    /// above the section's rows, the machine formats leave it out.
    public func section(_ heading: String) throws {
        try format.section(heading, into: &out)
        try out.drainIfFull()
    }

    /// Writes one row: a cell per column, typed (the format decides how each kind of cell is shown).
    public func row(_ cells: [Table.Cell]) throws {
        try format.row(cells, into: &out)
        rowCount += 1
        try out.drainIfFull()
    }

    /// Writes one row read straight from SQLite (`ResultRows`): its text is copied from SQLite's
    /// memory by the formats that show text as it is.
    public func row(streamed cells: [StreamedCell]) throws {
        try format.row(streamed: cells, into: &out)
        rowCount += 1
        try out.drainIfFull()
    }

    /// Ends the output: the count line under a table (of `count` when given, such as an agenda's
    /// events, else of the rows), the sentence of an empty result, the closing `]` of JSON. Writing
    /// after it is a mistake; finishing twice does nothing.
    public func finish(count: Int? = nil) throws {
        guard !finished else { return }
        finished = true
        try format.finish(rows: rowCount, count: count ?? rowCount, into: &out)
        try out.drain()
    }

    /// What a writer made without an output has written.
    package var text: String {
        String(decoding: out.bytes, as: UTF8.self)
    }
}

extension Renderer {
    /// A writer of rows under `head` to `output`, in this renderer's format; an `html` page draws
    /// `chart` above the rows.
    public func writer(_ head: Table.Head, chart: Chart? = nil, to output: OutputWriter) throws -> TableWriter {
        try TableWriter(self, head: head, chart: chart, to: output)
    }

    /// Writes a whole table to `output` (a short listing built in memory first).
    public func write(_ table: Table, to output: OutputWriter) throws {
        let writer = try writer(table.head, to: output)
        for row in table.rows { try writer.row(row) }
        try writer.finish()
    }
}
