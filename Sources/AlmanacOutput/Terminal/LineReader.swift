import AlmanacText
import Foundation
import Glibc

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
