import Foundation

/// Two threads, one file: the parsing thread reads, parses and checks batches of records while the
/// calling thread inserts the previous ones. A few batches circulate, so memory stays flat.
final class BatchPipeline: @unchecked Sendable {
    /// Records per batch: large enough to amortize hand-offs, small enough to stay in cache.
    static let recordsPerBatch = 4096
    private static let depth = 3

    private let condition = NSCondition()
    private var ready: [RecordBatch] = []
    private var free: [RecordBatch] = []
    private var created = 0
    private var finished = false
    private var cancelled = false
    private var failure: Error?
    private let reader: CSVReader
    private let preparer: BatchPreparer

    init(reader: CSVReader, preparer: BatchPreparer) {
        self.reader = reader
        self.preparer = preparer
    }

    /// Starts the parsing thread.
    func start() {
        let thread = Thread { [self] in produce() }
        thread.name = "almanac-csv"
        thread.start()
    }

    /// The next batch in file order, or nil when the file is done. Blocks while the parser works.
    func next() throws -> RecordBatch? {
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

    /// Stops the parser (enough errors, or a failure) and waits until it has stopped.
    func cancel() {
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
