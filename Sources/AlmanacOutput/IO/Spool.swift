import Foundation

/// A temporary file without a name, written once and read back once: where a long table keeps its
/// cells between measuring them and drawing the box, and an html page its rows while it tallies the
/// picture drawn above them, so memory stays bounded however many rows come.
///
/// The file is made in `$TMPDIR` (else `/tmp`) with `mkstemp` and unlinked at once, so nothing is left
/// behind however the process ends. Writes go through an `OutputWriter`, so a full disk is an error
/// that names the folder (exit 74), never a short table.
package final class Spool {
    /// The folder the file lives in.
    package let folder: String
    private let descriptor: Int32
    private let writer: OutputWriter
    private var buffer: [UInt8] = []
    private var start = 0
    private var end = 0
    private var exhausted = false

    /// Makes the file.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        self.folder = folder
        var template = Array((folder + "/almanac-spool-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw WriteFailure(stream: .temporary(folder: folder), code: errno, failure: .cannotCreate)
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.descriptor = descriptor
        writer = OutputWriter(descriptor: descriptor, path: nil, stream: .temporary(folder: folder), capacity: 1 << 18)
    }

    deinit {
        close(descriptor)
    }

    /// Appends bytes to the file.
    package func write(_ bytes: [UInt8]) throws {
        try writer.write(bytes)
    }

    /// Ends the writing: what follows reads the file from its start.
    func rewind() throws {
        try writer.flush()
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw WriteFailure(stream: .temporary(folder: folder), code: errno)
        }
        buffer = [UInt8](repeating: 0, count: 1 << 18)
        start = 0
        end = 0
    }

    /// Makes at least `count` unread bytes available from `readable` (fewer only at the end of the
    /// file); returns how many there are. The buffer grows for a record larger than it.
    package func fill(_ count: Int) throws -> Int {
        if end - start >= count || exhausted { return end - start }
        if start > 0 {
            buffer.withUnsafeMutableBytes { raw in
                let base = raw.baseAddress!
                memmove(base, base + start, end - start)
            }
            end -= start
            start = 0
        }
        if count > buffer.count { buffer += [UInt8](repeating: 0, count: count - buffer.count) }
        while end < count {
            let got = buffer.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress! + end, raw.count - end) }
            if got < 0 {
                if errno == EINTR { continue }
                throw WriteFailure(stream: .temporary(folder: folder), code: errno)
            }
            if got == 0 {
                exhausted = true
                break
            }
            end += got
        }
        return end - start
    }

    /// The next unread byte; call `fill` first.
    package func byte() -> UInt8 {
        defer { start += 1 }
        return buffer[start]
    }

    /// The next `count` unread bytes; call `fill(count)` first.
    package func bytes(_ count: Int) -> ArraySlice<UInt8> {
        defer { start += count }
        return buffer[start..<start + count]
    }

    /// The next `count` unread bytes, handed to `body` in place; call `fill(count)` first.
    package func withBytes<Result>(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result
    {
        defer { start += count }
        return try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<start + count])) }
    }

    /// The next `count` unread bytes as text; call `fill(count)` first.
    package func text(_ count: Int) -> String {
        defer { start += count }
        return String(decoding: buffer[start..<start + count], as: UTF8.self)
    }
}
