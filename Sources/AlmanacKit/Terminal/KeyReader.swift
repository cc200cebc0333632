import Foundation
import Glibc

/// Reads single key presses from a file descriptor: a terminal in `RawMode`, or any pipe (tests).
///
/// A key is one character however many bytes it takes in UTF-8 (`й` on a Russian layout is one
/// key); an escape sequence (arrow keys, function keys) arrives as one `.escape` with its bytes.
public struct KeyReader {
    /// What was pressed.
    public enum Key: Equatable, Sendable {
        /// A printable character.
        case character(Character)
        /// Enter (CR or LF).
        case enter
        /// A control key other than Enter: Ctrl-D is 4, Tab 9, Backspace 127.
        case control(UInt8)
        /// ESC alone, or an escape sequence with its bytes after ESC (`[A` for the up arrow).
        case escape([UInt8])
        /// The program came back from a suspension (Ctrl-Z, `fg`): draw the screen again.
        case resumed
        /// The input ended.
        case end
    }

    /// The descriptor read from.
    public let descriptor: Int32

    /// A reader of keys on `descriptor`.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next key; nil when `timeout` seconds pass without one (nil waits for ever).
    public func next(timeout: Double? = nil) throws -> Key? {
        guard let first = try readByte(timeout: timeout) else { return nil }
        switch first {
        case .resumed: return .resumed
        case .end: return .end
        case .byte(let byte):
            switch byte {
            case 10, 13: return .enter
            case 27: return .escape(try sequenceAfterEscape())
            case 0..<32, 127: return .control(byte)
            default: return try character(startingWith: byte)
            }
        }
    }

    private enum Read {
        case byte(UInt8), resumed, end
    }

    private func readByte(timeout: Double?) throws -> Read? {
        while true {
            if RawMode.takeResumed() { return .resumed }
            if let timeout {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32((max(timeout, 0) * 1000).rounded(.up)))
                if ready < 0 && errno == EINTR { continue }
                guard ready >= 0 else { throw Self.failure() }
                if ready == 0 { return nil }
            }
            var byte: UInt8 = 0
            let count = Glibc.read(descriptor, &byte, 1)
            if count == 1 { return .byte(byte) }
            if count == 0 { return .end }
            if errno == EINTR { continue }
            throw Self.failure()
        }
    }

    /// The bytes of an escape sequence that arrive with the ESC (a terminal sends them together);
    /// empty for ESC pressed alone.
    private func sequenceAfterEscape() throws -> [UInt8] {
        func following() throws -> UInt8? {
            if case .byte(let byte)? = try readByte(timeout: 0.02) { return byte }
            return nil
        }
        guard let first = try following() else { return [] }
        var bytes = [first]
        if first == UInt8(ascii: "[") {
            // CSI: parameters, then a final byte in @...~.
            while bytes.count < 16, let byte = try following() {
                bytes.append(byte)
                if (64...126).contains(byte) { break }
            }
        } else if first == UInt8(ascii: "O"), let byte = try following() {
            // SS3: one more byte (F1-F4, arrows in application mode).
            bytes.append(byte)
        }
        return bytes
    }

    private func character(startingWith lead: UInt8) throws -> Key {
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        var bytes = [lead]
        while bytes.count < length, case .byte(let byte)? = try readByte(timeout: 0.05) { bytes.append(byte) }
        let text = String(decoding: bytes, as: UTF8.self)
        return .character(text.first ?? "\u{FFFD}")
    }

    private static func failure() -> AlmanacError {
        AlmanacError(.ioError, "terminal.error.read", ["reason": String(cString: strerror(errno))])
    }
}

/// Reads lines from a file descriptor (a pipe or a file): the answers of a scripted game.
public final class LineReader {
    /// The descriptor read from.
    public let descriptor: Int32
    private var buffer: [UInt8] = []
    private var ended = false

    /// A reader of lines on `descriptor`.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line without its line end (LF or CRLF), or nil at the end of the input.
    public func next() throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == 13 { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if ended {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = Glibc.read(descriptor, &chunk, chunk.count)
            if count > 0 {
                buffer += chunk[0..<count]
            } else if count == 0 {
                ended = true
            } else if errno != EINTR {
                throw AlmanacError(.ioError, "terminal.error.read", ["reason": String(cString: strerror(errno))])
            }
        }
    }
}
