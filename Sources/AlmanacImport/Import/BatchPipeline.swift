import AlmanacKinds
import Foundation

/// Two threads, one file: the parsing thread reads, parses and checks batches of records while the
/// calling thread inserts the previous ones. A few batches circulate, so memory stays flat.
/// A small file is parsed on the calling thread instead: it takes less time than starting a thread.
final class BatchPipeline: @unchecked Sendable {
    /// Records per batch: large enough to amortize hand-offs, small enough to stay in cache.
    static let recordsPerBatch = 4096
    private static let depth = 3
    /// Files up to this size (when it is known) are read without a second thread.
    static let inlineSize = 64 << 10

    private let condition = NSCondition()
    private var ready: [RecordBatch] = []
    private var free: [RecordBatch] = []
    private var created = 0
    private var finished = false
    private var cancelled = false
    private var failure: Error?
    private let reader: CSVReader
    private let preparer: BatchPreparer
    /// False for a small file, and when no thread could be started (too little memory for its stack).
    private var threaded: Bool

    /// A pipeline for a file of `size` bytes (nil when unknown: a pipe).
    init(reader: CSVReader, preparer: BatchPreparer, size: Int?) {
        self.reader = reader
        self.preparer = preparer
        threaded = size.map { $0 > Self.inlineSize } ?? true
    }

    /// Starts the parsing thread; when the system cannot start one, the file is parsed on the calling
    /// thread instead (a Foundation `Thread` that fails to start says nothing, and would leave `next`
    /// waiting for ever).
    func start() {
        guard threaded else { return }
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                let pipeline = Unmanaged<BatchPipeline>.fromOpaque(context!).takeRetainedValue()
                pipeline.produce()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<BatchPipeline>.fromOpaque(context).release()
            threaded = false
            return
        }
        pthread_detach(thread)
    }

    /// The next batch in file order, or nil when the file is done. Blocks while the parser works.
    func next() throws -> RecordBatch? {
        if !threaded { return try nextInline() }
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !finished { condition.wait() }
        if !ready.isEmpty { return ready.removeFirst() }
        if let failure { throw failure }
        return nil
    }

    /// Gives a batch back for reuse.
    func recycle(_ batch: RecordBatch) {
        condition.lock()
        batch.reset()
        free.append(batch)
        condition.signal()
        condition.unlock()
    }

    /// Reads and checks the next batch on the calling thread.
    private func nextInline() throws -> RecordBatch? {
        if finished { return nil }
        let batch = free.popLast() ?? RecordBatch()
        let more: Bool
        do {
            more = try reader.fill(batch, records: Self.recordsPerBatch)
        } catch {
            finished = true
            throw error
        }
        batch.dialect = reader.dialect
        preparer.prepare(batch, atEnd: !more)
        batch.isLast = !more || !batch.fatal.isEmpty
        finished = batch.isLast
        return batch
    }

    /// Stops the parser (enough errors, or a failure) and waits until it has stopped.
    func cancel() {
        guard threaded else {
            finished = true
            return
        }
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    private func take() -> RecordBatch? {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty && created >= Self.depth && !cancelled { condition.wait() }
        if cancelled { return nil }
        if let batch = free.popLast() { return batch }
        created += 1
        return RecordBatch()
    }

    private func produce() {
        var error: Error?
        while let batch = take() {
            do {
                let more = try reader.fill(batch, records: Self.recordsPerBatch)
                batch.dialect = reader.dialect
                preparer.prepare(batch, atEnd: !more)
                batch.isLast = !more || !batch.fatal.isEmpty
                condition.lock()
                ready.append(batch)
                condition.broadcast()
                condition.unlock()
                if batch.isLast { break }
            } catch let caught {
                error = caught
                break
            }
        }
        condition.lock()
        failure = error
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}
