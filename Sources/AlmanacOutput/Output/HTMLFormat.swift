import AlmanacText

/// `html` as a stream: the page's head and the table's head before the first row, each row as it
/// comes (`HTMLTableWriter`), then the count line and the page's foot, so a page of a million rows is
/// written in constant memory like csv. A page with a picture above its rows (`Chart`) draws the
/// picture from all of them first: it tallies what the picture needs as the rows come (`Chart.Tally`)
/// and keeps the rows' HTML until the end, past `Renderer.heldBytes` in a temporary file (`Spool`).
package struct HTMLFormat: RowFormat {
    private let head: Table.Head
    private let formats: LocalizedFormats
    private var page: HTMLPage
    private let table: HTMLTableWriter
    private var started = false
    private var tally: Chart.Tally?
    /// The rows of a page with a picture, until the end: in memory up to `heldBytes`, then spooled.
    private var held: [UInt8] = []
    private var spool: Spool?
    private let heldBytes: Int

    package init(_ head: Table.Head, _ renderer: Renderer, chart: Chart?) {
        self.head = head
        formats = renderer.makeFormats()
        page = HTMLPage(title: renderer.pageTitle, dated: renderer.pageDate(), localizer: renderer.localizer)
        page.slots = renderer.slots
        table = HTMLTableWriter(columns: head.columns, formats: formats, actions: renderer.slots.rowActions)
        tally = chart.map { Chart.Tally($0, columns: head.columns) }
        heldBytes = renderer.heldBytes
    }

    package mutating func section(_ heading: String, into out: inout ByteOutput) throws {
        try emit(table.section(heading), into: &out)
    }

    package mutating func row(_ cells: [Table.Cell], into out: inout ByteOutput) throws {
        tally?.add(cells)
        try emit(table.row(cells), into: &out)
    }

    package mutating func finish(rows: Int, count: Int, into out: inout ByteOutput) throws {
        if let tally {
            out.append(page.head())
            if rows > 0, let figure = tally.figure(formats: formats, id: "chart") { out.append(figure) }
            out.append(table.head())
            if let spool {
                try spool.write(held)
                try spool.rewind()
                while case let available = try spool.fill(1 << 16), available > 0 {
                    out.append(spool.bytes(available))
                    try out.drainIfFull()
                }
            } else {
                out.append(held)
            }
        } else {
            start(&out)
        }
        out.append(table.foot(head.summaryUnit.map { formats.count(Int64(count), unit: $0) }))
        out.append(page.foot())
    }

    /// A part of the table: written at once, or kept for a page whose picture comes first.
    private mutating func emit(_ text: String, into out: inout ByteOutput) throws {
        guard tally != nil else {
            start(&out)
            return out.append(text)
        }
        held.append(contentsOf: text.utf8)
        if held.count > heldBytes {
            if spool == nil { spool = try Spool() }
            try spool!.write(held)
            held.removeAll(keepingCapacity: true)
        }
    }

    /// The page's head and the table's, once, before whatever comes first.
    private mutating func start(_ out: inout ByteOutput) {
        guard !started else { return }
        started = true
        out.append(page.head())
        out.append(table.head())
    }
}
