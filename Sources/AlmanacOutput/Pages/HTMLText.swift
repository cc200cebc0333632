import AlmanacText

/// Text from data made safe for an HTML page, where no value can end an element, open a comment,
/// close an attribute or reorder what is shown around it.
///
/// - In element content `&`, `<`, `>`, `"` and `'` become character references, so `</td><script>`,
///   `<!--` and `]]>` are text.
/// - Control characters are shown in the notation of `TerminalText` (`\x1B`, `\x00`): HTML forbids
///   them, and a parser would turn NUL into U+FFFD and C1 controls into Windows-1252 letters.
/// - The bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) are
///   shown as `\u202E`, so a right-to-left override cannot turn `gpj.exe` around; every cell is
///   also isolated by the page's style (`unicode-bidi: isolate`).
/// - In attribute values the characters are kept (they are never shown) but referenced, so a
///   `data-value` carries the plain value a script or a test reads back exactly; only NUL and the
///   C1 controls, which no reference can carry, use the notation.
public enum HTMLText {
    /// `text` for element content. `lineBreaks` keeps line feeds (for `white-space: pre-line`);
    /// otherwise a line break is `↵` and a tab a space, as in a table cell.
    public static func escaped(_ text: String, lineBreaks: Bool = false) -> String {
        guard text.utf8.contains(where: needsWork) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if let reference = reference(scalar) {
                out += reference
                continue
            }
            switch scalar.value {
            case 0x0A where lineBreaks: out += "\n"
            case 0x0D where lineBreaks: out += "\n"
            case 0x09 where lineBreaks: out += "\t"
            case 0x202A...0x202E, 0x2066...0x2069: out += "\\u" + hex(scalar.value, digits: 4)
            case _ where TerminalText.isControl(scalar.value): out += TerminalText.escaped(String(scalar), .cell)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` for a double-quoted attribute value.
    public static func attribute(_ text: String) -> String {
        guard text.utf8.contains(where: needsWork) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if let reference = reference(scalar) {
                out += reference
                continue
            }
            switch scalar.value {
            case 0x00, 0x80...0x9F: out += TerminalText.escaped(String(scalar))
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "&#x" + hex(scalar.value, digits: 2) + ";"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The character reference of a markup character (`&`, `<`, `>`, `"`, `'`), else nil.
    @inline(__always)
    private static func reference(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x26: return "&amp;"
        case 0x3C: return "&lt;"
        case 0x3E: return "&gt;"
        case 0x22: return "&quot;"
        case 0x27: return "&#39;"
        default: return nil
        }
    }

    /// True for a UTF-8 byte that may need escaping: markup characters, controls, and the lead
    /// bytes of C1 controls (C2) and of the bidirectional controls (E2).
    @inline(__always)
    private static func needsWork(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x7F, 0xC2, 0xE2: return true
        default: return byte < 0x20
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
