import AlmanacStore
import Foundation
import NIOCore

/// The bytes of a page written on a worker thread as it reads (a listing of any length), handed to
/// the task that sends the response, a few chunks at a time: the worker waits while `capacity`
/// chunks wait to be sent, so a page holds a few hundred KiB however long it is, and a slow reader
/// slows the page rather than filling memory.
///
/// The worker ends the stream (`finish`); the sending task ends it early when the client went away
/// (`abandon`), and the worker's next `send` then throws. The worker never waits past the page's
/// deadline.
final class ChunkStream: @unchecked Sendable {
    // Every field below is read and written under `lock` only: by the worker thread (`send`,
    // `finish`) and by the task sending the response (`next`, `abandon`), which waits for a chunk
    // through `waiting`, resumed under the lock by whichever call gives it something.
    private let lock = NSCondition()
    private var chunks: [ByteBuffer] = []
    private var ended = false
    private var failure: (any Error)?
    private var abandoned = false
    private var waiting: CheckedContinuation<Void, Never>?
    private let deadline: StatementDeadline

    /// How many chunks wait to be sent at most (each the worker's output buffer, 64 KiB).
    static let capacity = 4

    /// What `send` throws once the response is no longer read.
    struct Abandoned: Error {}
    /// What `send` throws when the page's deadline passed while the client was not reading.
    struct TimedOut: Error {}

    init(deadline: StatementDeadline) {
        self.deadline = deadline
    }

    /// Hands `chunk` to the sender, waiting while `capacity` chunks wait; throws once the response
    /// was abandoned or the deadline passed.
    func send(_ chunk: ByteBuffer) throws {
        lock.lock()
        defer { lock.unlock() }
        while chunks.count >= Self.capacity, !abandoned {
            if deadline.hasPassed { throw TimedOut() }
            // `StatementDeadline.stop()` signals nothing: look again at least every 100 ms.
            _ = lock.wait(until: Date(timeIntervalSinceNow: 0.1))
        }
        if abandoned { throw Abandoned() }
        chunks.append(chunk)
        wake()
    }

    /// The end of the bytes; with `failure`, the response is cut short (its connection closed).
    func finish(_ failure: (any Error)? = nil) {
        lock.lock()
        defer { lock.unlock() }
        ended = true
        self.failure = failure
        wake()
    }

    /// The next chunk to send, or nil at the end; throws the failure the worker ended with.
    func next() async throws -> ByteBuffer? {
        while true {
            switch take() {
            case .chunk(let chunk): return chunk
            case .end(let failure):
                if let failure { throw failure }
                return nil
            case .none:
                await withCheckedContinuation { continuation in wait(continuation) }
            }
        }
    }

    private enum Taken {
        case chunk(ByteBuffer)
        case end((any Error)?)
        case none
    }

    /// The first chunk kept (the worker may send another), the end, or nothing yet.
    private func take() -> Taken {
        lock.lock()
        defer { lock.unlock() }
        if !chunks.isEmpty {
            lock.signal()
            return .chunk(chunks.removeFirst())
        }
        return ended ? .end(failure) : .none
    }

    /// Waits for a chunk or the end: resumed at once when one came since `take`.
    private func wait(_ continuation: CheckedContinuation<Void, Never>) {
        lock.lock()
        defer { lock.unlock() }
        if !chunks.isEmpty || ended { return continuation.resume() }
        waiting = continuation
    }

    /// The response will not be read further: chunks kept are dropped, and the worker's next `send`
    /// throws.
    func abandon() {
        lock.lock()
        defer { lock.unlock() }
        abandoned = true
        chunks.removeAll()
        lock.broadcast()
    }

    /// Resumes the sender waiting for a chunk, if any (under `lock`).
    private func wake() {
        waiting?.resume()
        waiting = nil
    }
}
