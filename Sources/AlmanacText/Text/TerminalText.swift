/// Control characters made visible, so text from data never drives a terminal (an `ESC [2J` in a
/// title must not clear the screen). Every C0 control (U+0000–U+001F), DEL (U+007F) and C1 control
/// (U+0080–U+009F) is shown in one notation: tab, line feed and carriage return as `\t`, `\n`,
/// `\r`, every other one as `\x` and the two hex digits of its code point (ESC `\x1B`, BEL `\x07`,
/// NEL `\x85`). The invisible marks that reorder text on the screen (bidirectional controls: ALM
/// U+061C, LRM and RLM U+200E–U+200F, the embeddings and overrides U+202A–U+202E, the isolates
/// U+2066–U+2069) are shown as `\u` and four hex digits, so a value cannot make a line read other
/// than it is (`\u202E` turns what follows around). Tables, markdown, TSV and error messages use it;
/// CSV keeps the bytes and JSON has escapes of its own.
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

    /// True for a bidirectional control, shown as `\uXXXX`.
    public static func isBidiControl(_ value: UInt32) -> Bool {
        value == 0x61C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    /// `text` with its control characters shown; text without any is returned as it is.
    public static func escaped(_ text: String, _ layout: Layout = .escaped) -> String {
        let needed = text.utf8.contains { mayStartShown($0) || (layout == .reversible && $0 == 0x5C) }
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
    package static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], _ layout: Layout) {
        guard needsShowing(bytes) else { return out.append(contentsOf: bytes) }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            switch byte {
            case 0xC2 where next >= 0x80 && next <= 0x9F:
                appendNotation(next, to: &out)
                index += 2
                continue
            case 0xD8 where next == 0x9C:
                appendBidiNotation(0x61C, to: &out)
                index += 2
                continue
            case 0xE2 where index + 2 < bytes.count && next & 0xC0 == 0x80 && bytes[index + 2] & 0xC0 == 0x80:
                let value = UInt32(next & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F) | 0x2000
                if isBidiControl(value) {
                    appendBidiNotation(value, to: &out)
                    index += 3
                    continue
                }
                out.append(byte)
            case 0x5C where layout == .reversible: out += [0x5C, 0x5C]
            case 0x09 where layout == .cell: out.append(0x20)
            case 0x0A where layout == .cell: if index == 0 || bytes[index - 1] != 0x0D { out += arrow }
            case 0x0D where layout == .cell: out += arrow
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case _ where byte < 0x20 || byte == 0x7F: appendNotation(byte, to: &out)
            default: out.append(byte)
            }
            index += 1
        }
    }

    /// True when `append` would write `bytes` other than as they are in some layout: they hold a
    /// byte that may start something shown, or a backslash.
    package static func needsShowing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { mayStartShown($0) || $0 == 0x5C }
    }

    /// A control, DEL, or the first byte of a C1 control (C2) or of a bidirectional control (D8, E2).
    @inline(__always)
    private static func mayStartShown(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    /// `↵` in UTF-8.
    private static let arrow: [UInt8] = Array("↵".utf8)

    /// `\xHH` for a control's code point.
    private static func appendNotation(_ value: UInt8, to out: inout [UInt8]) {
        out += [0x5C, UInt8(ascii: "x"), hexDigits[Int(value >> 4)], hexDigits[Int(value & 0xF)]]
    }

    /// `\u` and the four hex digits of a bidirectional control's code point.
    private static func appendBidiNotation(_ value: UInt32, to out: inout [UInt8]) {
        out += [0x5C, UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) { out.append(hexDigits[Int(value >> UInt32(shift) & 0xF)]) }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
