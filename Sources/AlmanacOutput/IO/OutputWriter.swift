import AlmanacText
import Foundation
import Synchronization

/// A buffered writer of bytes to a file descriptor, whose every failure is seen: the one way
/// Almanac's output reaches standard output, standard error and the files it writes.
///
/// Bytes are kept until `flush()` (or until the buffer is full) and then written with `write(2)`
/// to the last byte; a failed write throws `WriteFailure` and is remembered, so a caller that
/// could not throw (a progress callback) is still found out by the next `flush()`. A renderer that
/// streams rows as they come writes them here directly.
public final class OutputWriter {
    /// The descriptor written to.
    public let descriptor: Int32
    /// What the bytes go to, for messages: a path, or nil for standard output or error.
    public let path: String?
    private let stream: WriteFailure.Stream
    private let capacity: Int
    private let flushesEachWrite: Bool
    /// Where the bytes go instead of a descriptor (`init(capacity:sink:)`), or nil.
    private let sink: ((UnsafeRawBufferPointer) throws -> Void)?
    private var buffer: [UInt8] = []
    /// The first failure, once a write failed: every later write and flush throws it again.
    public private(set) var failure: WriteFailure?
    /// What the sink threw, once it threw: every later write and flush throws it again.
    private var sinkFailure: (any Error)?
    /// The time spent in `write(2)`: waiting for the reader of a pipe (`| less`) or for the disk. Safe
    /// to read from another thread (a query's watchdog, which does not count it against the limit).
    public var waited: Duration { .nanoseconds(waitedNanoseconds.load(ordering: .relaxed)) }
    private let waitedNanoseconds = Atomic<Int64>(0)

    /// A writer to `descriptor`. `capacity` is how many bytes it keeps before writing them;
    /// `flushesEachWrite` writes every call at once (standard error, a terminal screen).
    public convenience init(
        descriptor: Int32, path: String? = nil, capacity: Int = 1 << 16, flushesEachWrite: Bool = false
    ) {
        self.init(
            descriptor: descriptor, path: path,
            stream: path.map(WriteFailure.Stream.file)
                ?? (descriptor == STDERR_FILENO ? .standardError : .standardOutput),
            capacity: capacity, flushesEachWrite: flushesEachWrite)
    }

    /// A writer whose failures name `stream`.
    package init(
        descriptor: Int32, path: String?, stream: WriteFailure.Stream, capacity: Int = 1 << 16,
        flushesEachWrite: Bool = false
    ) {
        self.descriptor = descriptor
        self.path = path
        self.stream = stream
        self.capacity = capacity
        self.flushesEachWrite = flushesEachWrite
        sink = nil
        buffer.reserveCapacity(flushesEachWrite ? 256 : capacity)
    }

    /// A writer that hands its bytes to `sink`, `capacity` at a time (a page of `almanac serve` sent
    /// as it is made); what `sink` throws is thrown to the writer's caller as it is, and remembered.
    package init(capacity: Int = 1 << 16, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        descriptor = -1
        path = nil
        stream = .standardOutput
        self.capacity = capacity
        flushesEachWrite = false
        self.sink = sink
        buffer.reserveCapacity(capacity)
    }

    // The command line writes from one thread; these two are the process's own streams, made once.
    /// Standard output, buffered until `flush()`.
    nonisolated(unsafe) public static let standardOutput = OutputWriter(descriptor: STDOUT_FILENO)
    /// Standard error, written at every call (messages must not wait behind a buffer).
    nonisolated(unsafe) public static let standardError = OutputWriter(
        descriptor: STDERR_FILENO, flushesEachWrite: true)

    /// Writes `text` as UTF-8.
    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        if let failure { throw failure }
        if let sinkFailure { throw sinkFailure }
        if buffer.count + bytes.count > capacity && !flushesEachWrite {
            try flush()
            if bytes.count >= capacity { return try writeAll(bytes) }
        }
        buffer.append(contentsOf: bytes)
        if flushesEachWrite { try flush() }
    }

    /// Writes `bytes`.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Writes a line of text that may quote data: its control characters are shown escaped, so the
    /// line stays one line and drives no terminal (`TerminalText`).
    public func writeLine(quoting line: String) throws {
        try write(TerminalText.escaped(line) + "\n")
    }

    /// Sends every kept byte to the descriptor.
    public func flush() throws {
        if let failure { throw failure }
        if let sinkFailure { throw sinkFailure }
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try buffer.withUnsafeBytes { try writeAll($0) }
    }

    /// Flushes, then asks the system to put the bytes on the disk (`fsync`). A pipe or a terminal,
    /// which cannot be synchronized (EINVAL), is flushed only.
    public func synchronize() throws {
        try flush()
        while fsync(descriptor) != 0 {
            if errno == EINTR { continue }
            if errno == EINVAL || errno == EROFS { return }
            throw remember(errno)
        }
    }

    /// Forgets whatever is kept and not yet written (the output is being abandoned).
    package func discard() {
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        if let sink {
            do {
                return try sink(bytes)
            } catch {
                buffer.removeAll(keepingCapacity: true)
                sinkFailure = error
                throw error
            }
        }
        let clock = ContinuousClock()
        let started = clock.now
        defer {
            let (seconds, attoseconds) = (clock.now - started).components
            waitedNanoseconds.add(seconds * 1_000_000_000 + attoseconds / 1_000_000_000, ordering: .relaxed)
        }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A descriptor left non-blocking by whoever opened it: wait until it takes more.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                throw remember(errno)
            }
            if written == 0 { throw remember(EIO) }
            offset += written
        }
    }

    private func remember(_ code: Int32) -> WriteFailure {
        let failure = WriteFailure(stream: stream, code: code)
        self.failure = failure
        buffer.removeAll(keepingCapacity: true)
        return failure
    }
}
