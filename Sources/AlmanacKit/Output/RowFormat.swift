/// One output format as a stream: a `TableWriter` hands it each section heading and row as they come,
/// then the end, and it appends its bytes to a `ByteOutput`. A format that writes as rows arrive
/// (csv, tsv, json) holds nothing between calls; one that lines rows up (table, markdown) keeps what
/// it needs and says how much memory that may take.
///
/// A new format is a type conforming to this protocol and one case in `Renderer.makeFormat(_:)`.
protocol RowFormat {
    /// A heading over the rows that follow (an agenda's day). Formats for machines ignore it: their
    /// rows carry what it says in a column of their own.
    mutating func section(_ heading: String, into out: inout ByteOutput) throws
    /// One row: one cell per column (a short row reads NULL past its end).
    mutating func row(_ cells: [Table.Cell], into out: inout ByteOutput) throws
    /// One row read straight from SQLite, its text still in SQLite's memory. A format that copies
    /// text as it is writes it from its bytes; by default each value is made a cell.
    mutating func row(streamed cells: [StreamedCell], into out: inout ByteOutput) throws
    /// The end: whatever closes the output. `rows` is how many rows came; `count` is the number the
    /// count line under a table states (the rows, unless the caller counts something else).
    mutating func finish(rows: Int, count: Int, into out: inout ByteOutput) throws
}

extension RowFormat {
    mutating func row(streamed cells: [StreamedCell], into out: inout ByteOutput) throws {
        try row(cells.map(\.cell), into: &out)
    }
}

/// Bytes on their way out: a growing array (bounds-checked, like every write the renderer makes),
/// handed to an `OutputWriter` whenever it holds `chunk` bytes, or kept whole for a renderer asked
/// for a string.
struct ByteOutput {
    /// The bytes not yet handed on.
    var bytes: [UInt8] = []
    /// Where they go; nil keeps them (`Renderer.render(_:)` returns them as a string).
    let writer: OutputWriter?
    /// How many bytes are kept before they are handed on.
    static let chunk = 1 << 16

    init(writer: OutputWriter?) {
        self.writer = writer
        if writer != nil { bytes.reserveCapacity(Self.chunk + 4096) }
    }

    /// Hands the bytes on when there are enough of them.
    @inline(__always)
    mutating func drainIfFull() throws {
        if bytes.count >= Self.chunk { try drain() }
    }

    /// Hands every byte on (nothing happens when they are kept).
    mutating func drain() throws {
        guard let writer, !bytes.isEmpty else { return }
        try writer.write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    @inline(__always)
    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    @inline(__always)
    mutating func append(_ other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    @inline(__always)
    mutating func append(_ other: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// A whole number in decimal, without making a string.
    mutating func append(decimal number: Int64) {
        Renderer.writeDecimal(number, into: &bytes)
    }

    @inline(__always)
    mutating func append(_ other: ArraySlice<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// `count` spaces.
    mutating func pad(_ count: Int) {
        var left = count
        while left > 0 {
            let run = min(left, spaces.count)
            bytes.append(contentsOf: spaces[..<run])
            left -= run
        }
    }

    private let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)
}
