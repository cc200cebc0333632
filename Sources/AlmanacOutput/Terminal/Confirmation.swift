import AlmanacText
import Foundation

/// A yes/no question asked on a terminal, answered with a line: `Close all 24 doors? [y/N] `.
/// Only an explicit yes counts (`y`, `yes`, and the language's own words such as `д`, `да`);
/// anything else, an empty line or the end of input is no.
public enum Confirmation {
    /// Writes `question` and the localized `[y/N]` to `output`, reads one line from `input`, and
    /// returns true for a yes.
    public static func ask(_ question: String, input: Int32, output: Int32, localizer: Localizer) throws -> Bool {
        try FullScreen.write(question + " " + localizer("confirm.choices") + " ", to: output)
        guard let line = try readLine(from: input) else {
            try FullScreen.write("\n", to: output)
            return false
        }
        return isYes(line, localizer: localizer)
    }

    /// True when `answer` is one of the yes words (English ones always count).
    public static func isYes(_ answer: String, localizer: Localizer) -> Bool {
        let word = answer.trimmingCharacters(in: .whitespaces).lowercased()
        let words = (localizer("confirm.yes-words") + ",y,yes").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return !word.isEmpty && words.contains(word)
    }

    /// One line without its line break, or nil at the end of input before any byte.
    static func readLine(from descriptor: Int32) throws -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0 {
                if errno == EINTR { continue }
                throw AlmanacError(.ioError, "terminal.error.read-failed", ["reason": String(cString: strerror(errno))])
            }
            if count == 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            if byte != UInt8(ascii: "\r") { bytes.append(byte) }
        }
    }
}
