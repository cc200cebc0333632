import Foundation

/// A box's rows and headings as they came, shown and measured, waiting for the box to be drawn: in
/// memory, and written to a `Spool` file in a compact form when there are too many to hold.
///
/// The file's form, per record: a kind byte (0 a row, 1 a heading); a heading's text as a length and
/// its UTF-8; a row's cell count, then per cell its colour (0 none, else `ColorRole`'s place + 1),
/// display width, length and UTF-8. Numbers are LEB128 varints.
struct HeldCells {
    /// One thing to draw.
    enum Record {
        case heading(String)
        case row([ShownCells.Cell])
    }

    private(set) var records: [Record] = []
    /// About how much memory the records take.
    private(set) var bytes = 0

    mutating func row(_ cells: [ShownCells.Cell]) {
        records.append(.row(cells))
        bytes += 32
        for cell in cells { bytes += cell.text.utf8.count + 32 }
    }

    mutating func heading(_ text: String) {
        records.append(.heading(text))
        bytes += text.utf8.count + 32
    }

    /// The records in the file's form; what is held stays until `removeAll()`.
    func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes)
        for record in records {
            switch record {
            case .heading(let text):
                out.append(1)
                Self.put(text.utf8.count, &out)
                out += text.utf8
            case .row(let cells):
                out.append(0)
                Self.put(cells.count, &out)
                for cell in cells {
                    out.append(cell.role.map { UInt8(Table.ColorRole.allCases.firstIndex(of: $0)! + 1) } ?? 0)
                    Self.put(cell.width, &out)
                    Self.put(cell.text.utf8.count, &out)
                    out += cell.text.utf8
                }
            }
        }
        return out
    }

    /// Forgets every record (they were written to the file).
    mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        bytes = 0
    }

    /// The next record of a rewound file, or nil at its end.
    static func decode(from spool: Spool) throws -> Record? {
        guard try spool.fill(1 + 10) > 0 else { return nil }
        let kind = spool.byte()
        let count = try varint(spool)
        if kind == 1 {
            guard try spool.fill(count) >= count else { throw damaged(spool) }
            return .heading(spool.text(count))
        }
        var cells: [ShownCells.Cell] = []
        cells.reserveCapacity(count)
        for _ in 0..<count {
            guard try spool.fill(1) > 0 else { throw damaged(spool) }
            let role = Int(spool.byte())
            let width = try varint(spool)
            let length = try varint(spool)
            guard try spool.fill(length) >= length, role <= Table.ColorRole.allCases.count else { throw damaged(spool) }
            cells.append(ShownCells.Cell(text: spool.text(length), role: role == 0 ? nil : Table.ColorRole.allCases[role - 1],
                width: width, give: .text))
        }
        return .row(cells)
    }

    private static func put(_ value: Int, _ out: inout [UInt8]) {
        var value = UInt64(value)
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    private static func varint(_ spool: Spool) throws -> Int {
        var value: UInt64 = 0, shift: UInt64 = 0
        while true {
            guard shift < 64, try spool.fill(1) > 0 else { throw damaged(spool) }
            let byte = spool.byte()
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return Int(clamping: value) }
            shift += 7
        }
    }

    /// A file that ends inside a record was cut short behind the process's back.
    private static func damaged(_ spool: Spool) -> WriteFailure {
        WriteFailure(stream: .temporary(folder: spool.folder), code: EIO)
    }
}
