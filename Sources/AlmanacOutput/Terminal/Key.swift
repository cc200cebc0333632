/// A key read from a terminal in raw mode.
public enum Key: Equatable, Sendable {
    /// A printable character, including the space bar (`" "`) and letters in any script.
    case character(Character)
    /// Return or Enter.
    case enter
    /// Escape on its own (not the start of an arrow key's sequence).
    case escape
    /// Backspace or Delete.
    case backspace
    /// Tab.
    case tab
    /// The arrow keys.
    case up, down, left, right
    /// Ctrl-C read as a byte (when the terminal does not turn it into SIGINT).
    case interrupt
    /// Ctrl-D: the end of input.
    case endOfInput
    /// Any other control byte or escape sequence, as read.
    case other([UInt8])

    /// The keys in a chunk of bytes as one `read` returned them: several keys typed quickly arrive
    /// together, and an arrow key is three bytes (`ESC [ A`).
    public static func decode(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let (key, length) = decodeOne(bytes, at: index)
            keys.append(key)
            index += length
        }
        return keys
    }

    private static func decodeOne(_ bytes: [UInt8], at start: Int) -> (Key, Int) {
        let byte = bytes[start]
        switch byte {
        case 0x1B: return decodeEscape(bytes, at: start)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x09: return (.tab, 1)
        case 0x03: return (.interrupt, 1)
        case 0x04: return (.endOfInput, 1)
        case 0x00..<0x20: return (.other([byte]), 1)
        default: break
        }
        // UTF-8: the lead byte says how many bytes the character takes.
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        let end = min(bytes.count, start + length)
        let slice = Array(bytes[start..<end])
        guard slice.count == length, let text = String(validating: slice, as: UTF8.self), let character = text.first
        else {
            return (.other([byte]), 1)
        }
        return (.character(character), length)
    }

    private static func decodeEscape(_ bytes: [UInt8], at start: Int) -> (Key, Int) {
        // CSI (`ESC [`) or SS3 (`ESC O`) introduce the arrow keys; anything else is Escape itself.
        guard start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") || bytes[start + 1] == UInt8(ascii: "O")
        else {
            return (.escape, 1)
        }
        var end = start + 2
        // Parameter bytes (digits, `;`) up to the final byte in 0x40...0x7E.
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return (.other(Array(bytes[start...])), bytes.count - start) }
        let sequence = Array(bytes[start...end])
        let length = end - start + 1
        switch bytes[end] {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        default: return (.other(sequence), length)
        }
    }
}
