/// `json`: an array of objects, one per line, keys in column order: stable English snake_case keys
/// and plain values (numbers as numbers, ISO dates, UTC instants, tag values, null). Each object is
/// written as its row comes; an empty result is `[]`.
package struct JSONFormat: RowFormat {
    /// Every column's `, "key": ` (without the comma for the first), one after another, and where each ends.
    private let keys: [UInt8]
    private let keyEnds: [Int]
    private let first = Array("[\n  {".utf8)
    private let next = Array(",\n  {".utf8)
    private let null = Array("null".utf8)
    private var started = false

    package init(_ head: Table.Head) {
        var keys: [UInt8] = []
        var keyEnds: [Int] = []
        for (index, column) in head.columns.enumerated() {
            keys += ((index > 0 ? ", " : "") + Renderer.jsonString(column.key) + ": ").utf8
            keyEnds.append(keys.count)
        }
        self.keys = keys
        self.keyEnds = keyEnds
    }

    package mutating func section(_ heading: String, into out: inout ByteOutput) {}

    package mutating func row(_ cells: [Table.Cell], into out: inout ByteOutput) {
        row(into: &out) { index, out in out.write { Renderer.writeJSONValue(cells[safe: index], into: &$0) } }
    }

    package mutating func row(streamed cells: [StreamedCell], into out: inout ByteOutput) {
        let null = self.null
        row(into: &out) { index, out in
            let cell = cells[safe: index]
            switch cell {
            case .text(let bytes), .dateText(let bytes):
                guard Renderer.needsJSONAttention(bytes) else {
                    out.append(UInt8(ascii: "\""))
                    out.append(bytes)
                    return out.append(UInt8(ascii: "\""))
                }
                out.write { Renderer.writeJSONString(bytes, into: &$0) }
            case .cell(.null): out.append(null)
            case .cell(.integer(let number)), .cell(.identifier(let number)), .cell(.count(let number, _)):
                out.append(decimal: number)
            case .cell(let cell): out.write { Renderer.writeJSONValue(cell, into: &$0) }
            }
        }
    }

    /// An object: each column's key, then its value as `value` writes it (inlined, so that `value` is
    /// not a call per cell: that call was a seventh of a json listing).
    @inline(__always)
    private mutating func row(into out: inout ByteOutput, _ value: (Int, inout ByteOutput) -> Void) {
        out.append(started ? next : first)
        started = true
        keys.withUnsafeBufferPointer { keys in
            var start = 0
            for (index, end) in keyEnds.enumerated() {
                out.append(UnsafeBufferPointer(rebasing: keys[start..<end]))
                start = end
                value(index, &out)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    package mutating func finish(rows: Int, count: Int, into out: inout ByteOutput) {
        out.append(started ? "\n]\n" : "[]\n")
    }
}

extension Renderer {
    /// A cell as a JSON value.
    static func jsonValue(_ cell: Table.Cell) -> String {
        var out: [UInt8] = []
        writeJSONValue(cell, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func writeJSONValue(_ cell: Table.Cell, into out: inout [UInt8]) {
        switch cell {
        case .null: out += "null".utf8
        case .integer(let number), .identifier(let number), .count(let number, _): writeDecimal(number, into: &out)
        case .real(let number), .percent(let number): out += (number.isFinite ? plainNumber(number) : "null").utf8
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        case .date(let date):
            out.append(UInt8(ascii: "\""))
            writeDate(date, into: &out)
            out.append(UInt8(ascii: "\""))
        case .instant(let instant):
            out.append(UInt8(ascii: "\""))
            writeInstant(instant, into: &out)
            out.append(UInt8(ascii: "\""))
        default:
            if let text = plainText(cell) { writeJSONString(text, into: &out) } else { out += "null".utf8 }
        }
    }

    /// A JSON string literal; non-ASCII text stays as UTF-8, control characters are escaped.
    package static func jsonString(_ text: String) -> String {
        var out: [UInt8] = []
        writeJSONString(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes a JSON string literal: quotes, backslashes, control characters (C0, DEL and C1, so
    /// none reaches a terminal raw) and the line and paragraph separators (U+2028, U+2029: E2 80
    /// A8/A9) escaped, everything else as its UTF-8.
    private static func writeJSONString(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { writeJSONString($0, into: &out) }
    }

    /// `writeJSONString` over valid UTF-8 bytes; bytes that need no escape are copied in runs.
    static func writeJSONString(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if !needsJSONAttention(bytes) {
            out.append(contentsOf: bytes)
            return out.append(UInt8(ascii: "\""))
        }
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 10: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 13: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 9: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20, 0x7F: writeUnicodeEscape(UInt32(byte), into: &out)
            case 0xC2 where bytes.index(after: index) != bytes.endIndex && bytes[bytes.index(after: index)] <= 0x9F:
                index = bytes.index(after: index)
                writeUnicodeEscape(UInt32(bytes[index]), into: &out)
            case 0xE2:
                let next = bytes.index(after: index)
                let last = next == bytes.endIndex ? next : bytes.index(after: next)
                if last != bytes.endIndex, bytes[next] == 0x80, bytes[last] == 0xA8 || bytes[last] == 0xA9 {
                    writeUnicodeEscape(0x2000 | UInt32(bytes[last] & 0x3F), into: &out)
                    index = last
                } else {
                    out.append(byte)
                }
            default: out.append(byte)
            }
            index = bytes.index(after: index)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The bytes a JSON string may need to escape (or that begin a sequence it may): controls, the
    /// quote, the backslash, DEL, and the first bytes of C1 controls (C2) and of U+2028/U+2029 (E2).
    @inline(__always)
    private static func needsJSONAttention(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return byte == 0xC2 || byte == 0xE2 }
        // Bits 0–31 (controls) and 34 (") of the first word; 92 (\) and 127 (DEL) of the second.
        let word: UInt64 = byte < 64 ? 0x0000_0004_FFFF_FFFF : 0x8000_0000_1000_0000
        return word >> UInt64(byte & 63) & 1 != 0
    }

    /// True when some byte of `bytes` needs attention (`needsJSONAttention`), looked for eight bytes
    /// at a time: a word has one when one of its bytes is below 0x20 or equal to one of the others.
    /// The last few bytes of text of eight or more are looked at in the eight that end it.
    static func needsJSONAttention(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        /// Nonzero when a byte of `word` is zero.
        @inline(__always) func zeroByte(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & high }
        @inline(__always) func found(at index: Int) -> Bool {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            return (word &- 0x20 &* ones) & ~word & high | zeroByte(word ^ 0x22 &* ones)
                | zeroByte(word ^ 0x5C &* ones) | zeroByte(word ^ 0x7F &* ones) | zeroByte(word ^ 0xC2 &* ones)
                | zeroByte(word ^ 0xE2 &* ones) != 0
        }
        var index = 0
        while index + 8 <= bytes.count {
            if found(at: index) { return true }
            index += 8
        }
        if index < bytes.count, bytes.count >= 8 { return found(at: bytes.count - 8) }
        while index < bytes.count {
            if needsJSONAttention(base[index]) { return true }
            index += 1
        }
        return false
    }

    /// `\u` and four lowercase hex digits.
    private static func writeUnicodeEscape(_ value: UInt32, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(hex[Int(value >> UInt32(shift) & 0xF)])
        }
    }
}
