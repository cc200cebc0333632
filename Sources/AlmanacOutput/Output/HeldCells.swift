import Foundation

/// A box's rows and headings as they came, shown and measured, waiting for the box to be drawn. They
/// are kept in one compact form, in memory and, when there are too many to hold, in a `Spool` file;
/// the box is drawn from their bytes, without making a string per cell.
///
/// The form, per record: a kind byte (0 a row, 1 a heading), the length of the rest of the record,
/// then a heading's UTF-8, or a row's cell count and per cell its colour (0 none, else `ColorRole`'s
/// place + 1), display width, length and UTF-8. Numbers are LEB128 varints.
package struct HeldCells {
    /// One cell of a row read back: its colour, display width and where its text is in the record.
    package struct Cell {
        package var role: Table.ColorRole?
        package var width: Int
        package var text: Range<Int>
    }

    /// One record read back, its bytes good only while the reader's closure runs.
    package enum Record {
        case heading(String)
        case row([Cell], UnsafeBufferPointer<UInt8>)
    }

    /// The records not yet written to the file, in the file's form.
    private(set) var encoded: [UInt8] = []
    /// The first records, kept in memory for good once the rest go to a file (`keep()`): they are
    /// drawn from here, before the file's.
    private(set) var kept: [UInt8] = []
    /// The row being written: its cell count and cells, before its length is known. They are its
    /// first `rowLength` bytes, copied into room made ahead (`add`): the array's own
    /// append(contentsOf:), twice a cell, cost several times the copy of a cell's few bytes.
    private var row: [UInt8] = []
    private var rowLength = 0

    /// About how much memory the records take.
    package var bytes: Int { encoded.count }

    package mutating func heading(_ text: String) {
        encoded.append(1)
        Self.put(text.utf8.count, &encoded)
        encoded += text.utf8
    }

    /// Starts a row of `count` cells; they follow (`cell`), then `endRow()`.
    mutating func beginRow(_ count: Int) {
        rowLength = 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { bytes in
            var used = 0
            Self.encode(count, bytes, &used)
            add(UnsafeBufferPointer(rebasing: bytes[..<used]))
        }
    }

    package mutating func cell(_ cell: ShownCells.Cell) {
        var text = cell.text
        text.withUTF8 { self.cell(role: cell.role, width: cell.width, $0) }
    }

    /// A cell whose text is shown as these bytes are (text still in SQLite's memory).
    package mutating func cell(role: Table.ColorRole?, width: Int, _ text: UnsafeBufferPointer<UInt8>) {
        // The colour and the two numbers go in one piece: at most a byte and two ten-byte varints.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { header in
            header[0] = role.map { UInt8(Table.ColorRole.allCases.firstIndex(of: $0)! + 1) } ?? 0
            var used = 1
            Self.encode(width, header, &used)
            Self.encode(text.count, header, &used)
            add(UnsafeBufferPointer(rebasing: header[..<used]))
        }
        add(text)
    }

    mutating func endRow() {
        encoded.append(0)
        Self.put(rowLength, &encoded)
        row.withUnsafeBufferPointer { encoded.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<rowLength])) }
    }

    /// Copies `bytes` to the row being written, after what it holds; its room at least doubles.
    private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let start = rowLength
        if start + bytes.count > row.count {
            row += repeatElement(0, count: max(start + bytes.count - row.count, row.count, 256))
        }
        row.withUnsafeMutableBufferPointer { ($0.baseAddress! + start).update(from: source, count: bytes.count) }
        rowLength = start + bytes.count
    }

    /// Forgets every record (they were written to the file).
    package mutating func removeAll() {
        encoded.removeAll(keepingCapacity: true)
    }

    /// Keeps the records so far in memory for good; the ones that follow are for the file.
    package mutating func keep() {
        swap(&kept, &encoded)
    }

    /// Reads back records in the file's form held in memory (`kept`, `encoded`), in order.
    package static func forEach(in records: [UInt8], _ body: (Record) throws -> Void) throws {
        try records.withUnsafeBufferPointer { all in
            var offset = 0
            var cells: [Cell] = []
            while offset < all.count {
                let kind = all[offset]
                offset += 1
                guard let length = Self.varint(all, &offset), offset + length <= all.count else {
                    throw Self.damaged(nil)
                }
                try Self.record(kind, UnsafeBufferPointer(rebasing: all[offset..<offset + length]), &cells, body)
                offset += length
            }
        }
    }

    /// Reads back the records of a rewound spool file, in order.
    package static func forEach(in spool: Spool, _ body: (Record) throws -> Void) throws {
        var cells: [Cell] = []
        while try spool.fill(1 + 10) > 0 {
            let kind = spool.byte()
            var length = 0
            var shift = 0
            while true {
                guard shift < 64, try spool.fill(1) > 0 else { throw damaged(spool) }
                let byte = spool.byte()
                length |= Int(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            guard length >= 0, try spool.fill(length) >= length else { throw damaged(spool) }
            try spool.withBytes(length) { try record(kind, $0, &cells, body) }
        }
    }

    /// One record's payload, handed to `body`.
    private static func record(
        _ kind: UInt8, _ payload: UnsafeBufferPointer<UInt8>, _ cells: inout [Cell],
        _ body: (Record) throws -> Void
    ) throws {
        if kind == 1 { return try body(.heading(String(decoding: payload, as: UTF8.self))) }
        var offset = 0
        guard let count = varint(payload, &offset) else { throw damaged(nil) }
        cells.removeAll(keepingCapacity: true)
        for _ in 0..<count {
            guard offset < payload.count else { throw damaged(nil) }
            let role = Int(payload[offset])
            offset += 1
            guard let width = varint(payload, &offset), let length = varint(payload, &offset),
                offset + length <= payload.count, role <= Table.ColorRole.allCases.count
            else { throw damaged(nil) }
            cells.append(
                Cell(
                    role: role == 0 ? nil : Table.ColorRole.allCases[role - 1], width: width,
                    text: offset..<offset + length))
            offset += length
        }
        try body(.row(cells, payload))
    }

    private static func put(_ value: Int, _ out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { bytes in
            var used = 0
            encode(value, bytes, &used)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<used]))
        }
    }

    /// Writes `value` as a varint into `bytes` at `offset` (which moves past it). Seven bits a byte:
    /// a 64-bit value takes at most ten, which the callers leave room for.
    private static func encode(_ value: Int, _ bytes: UnsafeMutableBufferPointer<UInt8>, _ offset: inout Int) {
        var value = UInt64(value)
        while value >= 0x80 {
            bytes[offset] = UInt8(value & 0x7F) | 0x80
            offset += 1
            value >>= 7
        }
        bytes[offset] = UInt8(value)
        offset += 1
    }

    private static func varint(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: inout Int) -> Int? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return Int(clamping: value) }
            shift += 7
        }
        return nil
    }

    /// A record cut short: the file was changed behind the process's back.
    private static func damaged(_ spool: Spool?) -> WriteFailure {
        WriteFailure(stream: .temporary(folder: spool?.folder ?? NSTemporaryDirectory()), code: EIO)
    }
}
