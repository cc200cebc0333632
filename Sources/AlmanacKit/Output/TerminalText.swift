/// Control characters made visible, so text from data never drives a terminal (an `ESC [2J` in a
/// title must not clear the screen). Every C0 control (U+0000–U+001F), DEL (U+007F) and C1 control
/// (U+0080–U+009F) is shown in one notation: tab, line feed and carriage return as `\t`, `\n`,
/// `\r`, every other one as `\x` and the two hex digits of its code point (ESC `\x1B`, BEL `\x07`,
/// NEL `\x85`). Tables, markdown, TSV and error messages use it; CSV keeps the bytes and JSON has
/// escapes of its own.
public enum TerminalText {
    /// How line breaks and tabs are shown.
    public enum Layout: Sendable {
        /// `\t`, `\n`, `\r` (error messages and quoted values).
        case escaped
        /// `\t`, `\n`, `\r`, and a backslash doubled, so the text can be read back (TSV).
        case reversible
        /// A line break (LF, CR or CRLF) as `↵` and a tab as a space: one line in a table cell.
        case cell
    }

    /// True for a code point that must not reach a terminal raw.
    @inline(__always)
    public static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// `text` with its control characters shown; text without any is returned as it is.
    public static func escaped(_ text: String, _ layout: Layout = .escaped) -> String {
        let needed = text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || (layout == .reversible && $0 == 0x5C) }
        guard needed else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        append(text, to: &out, layout)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text`'s UTF-8 to `out` with its control characters shown: the byte-level form of
    /// `escaped`, for renderers that build bytes. C0 controls and DEL are single bytes in UTF-8; a C1
    /// control is C2 80–C2 9F.
    public static func append(_ text: String, to out: inout [UInt8], _ layout: Layout = .escaped) {
        var text = text
        text.withUTF8 { append($0, to: &out, layout) }
    }

    /// `append` over UTF-8 bytes; text with nothing to show differently is copied whole.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], _ layout: Layout) {
        guard needsShowing(bytes) else { return out.append(contentsOf: bytes) }
        var afterC2 = false
        var previous: UInt8 = 0
        for byte in bytes {
            defer { previous = byte }
            if afterC2 {
                afterC2 = false
                if byte <= 0x9F {
                    appendNotation(byte, to: &out)
                    continue
                }
                out.append(0xC2)
            }
            switch byte {
            case 0xC2: afterC2 = true
            case 0x5C where layout == .reversible: out += [0x5C, 0x5C]
            case 0x09 where layout == .cell: out.append(0x20)
            case 0x0A where layout == .cell: if previous != 0x0D { out += arrow }
            case 0x0D where layout == .cell: out += arrow
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case _ where byte < 0x20 || byte == 0x7F: appendNotation(byte, to: &out)
            default: out.append(byte)
            }
        }
        if afterC2 { out.append(0xC2) }
    }

    /// True when `append` would write `bytes` other than as they are in some layout: they hold a
    /// control, DEL, the first byte of a C1 control (C2) or a backslash.
    static func needsShowing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0x5C }
    }

    /// `↵` in UTF-8.
    private static let arrow: [UInt8] = Array("↵".utf8)

    /// `\xHH` for a control's code point.
    private static func appendNotation(_ value: UInt8, to out: inout [UInt8]) {
        out += [0x5C, UInt8(ascii: "x"), hexDigits[Int(value >> 4)], hexDigits[Int(value & 0xF)]]
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
