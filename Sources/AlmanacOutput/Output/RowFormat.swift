/// One output format as a stream: a `TableWriter` hands it each section heading and row as they come,
/// then the end, and it appends its bytes to a `ByteOutput`. A format that writes as rows arrive
/// (csv, tsv, json) holds nothing between calls; one that lines rows up (table, markdown) keeps what
/// it needs and says how much memory that may take.
///
/// Each `Format` makes one for its rows (`Format.rows(_:chart:)`).
package protocol RowFormat {
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
    package mutating func row(streamed cells: [StreamedCell], into out: inout ByteOutput) throws {
        try row(cells.map(\.cell), into: &out)
    }
}

/// Bytes on their way out, handed to an `OutputWriter` whenever it holds `chunk` bytes, or kept whole
/// for a renderer asked for a string.
///
/// Its own buffer rather than an array: a long listing appends a few short pieces per cell, and an
/// array's append costs more than the copy. Every write goes through `reserve`, which grows the
/// buffer first and checks (in release builds too) that the bytes fit: nothing is written unchecked.
/// It is not copyable, so one buffer has one owner, which frees it.
package struct ByteOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are not yet handed on.
    private(set) var count = 0
    /// Where they go; nil keeps them (`Renderer.render(_:)` returns them as a string).
    package let writer: OutputWriter?
    /// For the writers that build an array (`write(_:)`), kept between calls.
    private var scratch: [UInt8] = []
    /// How many bytes are kept before they are handed on.
    package static let chunk = 1 << 16

    package init(writer: OutputWriter?) {
        self.writer = writer
        capacity = Self.chunk + 4096
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The bytes not yet handed on (all of them, for a renderer that keeps them).
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Hands the bytes on when there are enough of them.
    @inline(__always)
    mutating func drainIfFull() throws {
        if count >= Self.chunk { try drain() }
    }

    /// Hands every byte on (nothing happens when they are kept).
    mutating func drain() throws {
        guard let writer, count > 0 else { return }
        try writer.write(UnsafeRawBufferPointer(start: base, count: count))
        count = 0
    }

    /// Room for `more` bytes after the ones held: the place they go.
    @inline(__always)
    private mutating func reserve(_ more: Int) -> UnsafeMutablePointer<UInt8> {
        if more > capacity - count { grow(more) }
        precondition(more >= 0 && more <= capacity - count, "ByteOutput: a write past its buffer")
        return base + count
    }

    private mutating func grow(_ more: Int) {
        let needed = count + more
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        count += 1
    }

    @inline(__always)
    package mutating func append(_ other: UnsafeBufferPointer<UInt8>) {
        guard let source = other.baseAddress else { return }
        reserve(other.count).update(from: source, count: other.count)
        count += other.count
    }

    /// A string's UTF-8, copied from its storage in one piece.
    @inline(__always)
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    @inline(__always)
    package mutating func append(_ other: [UInt8]) {
        other.withUnsafeBufferPointer { append($0) }
    }

    @inline(__always)
    package mutating func append(_ other: ArraySlice<UInt8>) {
        other.withUnsafeBufferPointer { append($0) }
    }

    /// A whole number in decimal, without making a string.
    package mutating func append(decimal number: Int64) {
        let length = Renderer.decimalLength(number)
        Renderer.writeDecimal(number, at: UnsafeMutableBufferPointer(start: reserve(length), count: length))
        count += length
    }

    /// `count` spaces.
    mutating func pad(_ spaces: Int) {
        guard spaces > 0 else { return }
        reserve(spaces).update(repeating: UInt8(ascii: " "), count: spaces)
        count += spaces
    }

    /// What `body` appends to an array: for the writers that build one (dates, escapes), which
    /// `csv`, `tsv` and `json` also use outside a listing.
    package mutating func write(_ body: (inout [UInt8]) -> Void) {
        var built: [UInt8] = []
        swap(&built, &scratch)
        built.removeAll(keepingCapacity: true)
        body(&built)
        built.withUnsafeBufferPointer { append($0) }
        swap(&built, &scratch)
    }
}

/// What goes between two cells of a lined-up row (`markdown`, `table`): the spaces that end a
/// left-aligned cell, the separator, and the spaces that start a right-aligned one, copied in one
/// piece from a run of spaces with the separator in its middle. At the start of a line the
/// separator's leading space is left out (`| `, `│ `).
package struct Joints {
    /// `side` spaces, the separator, `side` spaces.
    private let run: [UInt8]
    private let separator: Int
    private static let side = 64

    package init(_ separator: String) {
        self.separator = separator.utf8.count
        run =
            [UInt8](repeating: UInt8(ascii: " "), count: Self.side) + Array(separator.utf8)
            + [UInt8](repeating: UInt8(ascii: " "), count: Self.side)
    }

    /// `before` spaces (none at the start of a line), the separator, then `after` spaces.
    package func write(_ before: Int, first: Bool, _ after: Int, into out: inout ByteOutput) {
        let side = Self.side
        let separator = self.separator
        run.withUnsafeBufferPointer { run in
            guard before >= 0, before <= side, after >= 0, after <= side else {
                out.pad(before)
                out.append(UnsafeBufferPointer(rebasing: run[(first ? side + 1 : side)..<side + separator]))
                return out.pad(after)
            }
            out.append(
                UnsafeBufferPointer(rebasing: run[(first ? side + 1 : side - before)..<side + separator + after]))
        }
    }
}
