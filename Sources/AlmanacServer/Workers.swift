import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacStore
import Foundation
import NIOCore

/// The threads every page is made on, each with its own connections, kept open from one request to
/// the next (opening a database checks its file and its schema: most of what a small page cost).
/// A page may block there (SQLite waits out another writer's lock, as the CLI waits), never on the
/// threads that move the server's bytes. Reads run side by side (WAL: readers never wait for a
/// writer); writes take a thread's read-write connection and SQLite's busy timeout, so the server's
/// writers and another process's (a cron `overdue --notify`) take turns, as two commands do.
///
/// Bounded: at most `queueLimit` pages wait for a thread (one more is refused at once: 503 with
/// `Retry-After`); a page still waiting at its deadline is refused without being made, and one
/// being made stops at it (`StatementDeadline`: its statement is interrupted and its transaction
/// rolled back, so no write commits whose answer was a timeout). A request whose task is cancelled
/// leaves the queue, or stops its page. `stop()` lets the threads finish what is queued and end.
final class Workers: @unchecked Sendable {
    /// Why a page was not made.
    enum Refusal: Error {
        /// `queueLimit` pages already wait.
        case full
        /// Its deadline passed before a thread was free.
        case late
        /// The server is stopping.
        case stopping
    }

    /// A thread's connections: a read-only one for GET (a GET cannot write; on PostgreSQL with a
    /// standby, the standby's), and a read-write one, opened the first time a POST needs it (never by
    /// a `--read-only` server). A page right after its reader's own change reads the primary
    /// (`readsPrimary`), so nobody sees their change vanish while the standby replays it.
    final class Connections {
        let path: String
        private var reading: Database?
        private var readingPrimary: Database?
        private var writing: Database?
        /// Set for one page: it reads the primary.
        var readsPrimary = false
        fileprivate var pages = PageCache()

        init(path: String) {
            self.path = path
        }

        /// The read-only connection, opened once.
        func reader() throws -> Database {
            if readsPrimary && Store.hasReplica {
                if let readingPrimary, !readingPrimary.isBroken { return readingPrimary }
                let database = try Store.openReadOnly(path, primary: true)
                readingPrimary = database
                return database
            }
            if let reading, !reading.isBroken { return reading }
            let database = try Store.openReadOnly(path)
            reading = database
            return database
        }

        /// The read-write connection, opened once (migrated when opened, as a command's would be).
        func writer() throws -> Database {
            if let writing, !writing.isBroken { return writing }
            let database = try Store.open(path)
            writing = database
            return database
        }

        /// After each page: a transaction the page left open (it never should) is rolled back, so no
        /// lock outlives its request.
        fileprivate func settle() {
            readsPrimary = false
            // A server that went away (restarted, failed over) is connected to anew by the next page;
            // meanwhile its pages are 503, as for a busy database.
            if reading?.isBroken == true { reading = nil }
            if readingPrimary?.isBroken == true { readingPrimary = nil }
            if writing?.isBroken == true { writing = nil }
            if let writing, writing.isInTransaction { try? writing.execute("ROLLBACK") }
        }
    }

    /// A page waiting for a thread, or being made. Its flags are read and written under the workers'
    /// `condition` only (by the request's task and by the thread that takes it).
    private final class Job: @unchecked Sendable {
        let deadline: StatementDeadline
        let work: (Connections) -> Void
        /// Set under `condition`: the request went away before a thread took the job.
        var cancelled = false
        var started = false

        init(deadline: StatementDeadline, work: @escaping (Connections) -> Void) {
            self.deadline = deadline
            self.work = work
        }
    }

    // `queue` and `stopping` are read and written under `condition` only; each thread's
    // `Connections` never leaves that thread, so a connection is only ever used by the thread that
    // opened it. A job's continuation is resumed exactly once: by the thread that runs it, or by
    // whoever takes it out of the queue unrun (`run`'s cancellation, a late or stopping job).
    private let condition = NSCondition()
    private var queue: [Job] = []
    private var stopping = false
    let queueLimit: Int

    /// Starts `count` threads on the database at `path`, with room for `queueLimit` waiting pages.
    init(count: Int, queueLimit: Int, path: String) {
        self.queueLimit = queueLimit
        for number in 0..<count {
            let thread = Thread { [self] in work(Connections(path: path)) }
            thread.name = "almanac.serve.\(number)"
            thread.start()
        }
    }

    /// Makes a page on a free thread, with that thread's connections, under `deadline`: `make`'s reply
    /// as it goes out. A reply written as it is read (`Reply.stream`) is answered once its first
    /// chunks are made (or whole, when it fits one), and goes on being written on that thread; a
    /// failure before its first byte is `failed`'s reply instead.
    func answer(
        deadline: StatementDeadline, key: String? = nil, readsPrimary: Bool = false,
        _ make: @escaping @Sendable (Connections) -> Reply,
        failed: @escaping @Sendable (any Error) -> Reply
    ) async throws -> Answer {
        let box = ContinuationBox()
        let job = Job(deadline: deadline) { connections in
            connections.readsPrimary = readsPrimary
            Self.make(key, connections, deadline, make, failed, box)
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                box.continuation = continuation
                condition.lock()
                defer { condition.unlock() }
                if stopping { return box.resume(throwing: Refusal.stopping) }
                if job.cancelled { return box.resume(throwing: CancellationError()) }
                if queue.count >= queueLimit { return box.resume(throwing: Refusal.full) }
                queue.append(job)
                condition.signal()
            }
        } onCancel: {
            condition.lock()
            job.cancelled = true
            if !job.started, let index = queue.firstIndex(where: { $0 === job }) {
                queue.remove(at: index)
                box.resume(throwing: CancellationError())
            }
            condition.unlock()
            // A page being made stops at its next step of SQLite's machine.
            deadline.stop()
        }
    }

    /// How many pages wait for a thread now.
    var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return queue.count
    }

    /// Lets the threads make what is queued, then end; later pages are refused (`stopping`).
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    private func work(_ connections: Connections) {
        while true {
            condition.lock()
            while queue.isEmpty && !stopping { condition.wait() }
            guard !queue.isEmpty else {
                condition.unlock()
                return
            }
            let job = queue.removeFirst()
            job.started = true
            condition.unlock()
            job.work(connections)
            connections.settle()
        }
    }

    /// One job: the page made under its deadline, from the kept pages when it may be (`PageCache`),
    /// its answer handed over, and a streamed body written to its end.
    private static func make(
        _ key: String?, _ connections: Connections, _ deadline: StatementDeadline,
        _ make: (Connections) -> Reply, _ failed: (any Error) -> Reply, _ box: ContinuationBox
    ) {
        guard !deadline.hasPassed else { return box.resume(throwing: Refusal.late) }
        deadline.during {
            // The version is read before the page: a commit while it is made changes it, so that
            // page is not given again. No key, or a database whose version cannot be read, makes the
            // page every time.
            let version = key == nil ? nil : try? connections.reader().dataVersion
            if let key, let version, let kept = connections.pages.answer(key, version: version) {
                return box.resume(returning: kept)
            }
            let reply = make(connections)
            guard let write = reply.stream else {
                let answer = Answer(reply)
                if let key, let version { connections.pages.keep(answer, key, version: version) }
                return box.resume(returning: answer)
            }
            Self.stream(reply, write, deadline, failed, box)
        }
    }

    /// A reply written as it is read: held until its second chunk (a reply of one chunk goes whole,
    /// with its length), then answered and sent a chunk at a time.
    private static func stream(
        _ reply: Reply, _ write: (OutputWriter) throws -> Void, _ deadline: StatementDeadline,
        _ failed: (any Error) -> Reply, _ box: ContinuationBox
    ) {
        let stream = ChunkStream(deadline: deadline)
        var first: ByteBuffer?
        var answered = false
        let output = OutputWriter { bytes in
            if answered { return try stream.send(ByteBuffer(bytes: bytes)) }
            guard let held = first else {
                first = ByteBuffer(bytes: bytes)
                return
            }
            answered = true
            // The first chunk holds the page's style sheet, whose hash the CSP names.
            box.resume(returning: Answer(reply, body: .stream(stream), text: String(buffer: held)))
            try stream.send(held)
            try stream.send(ByteBuffer(bytes: bytes))
        }
        do {
            try write(output)
            try output.flush()
        } catch {
            if answered { return stream.finish(error) }
            return box.resume(returning: Answer(failed(error)))
        }
        if answered { return stream.finish() }
        var whole = reply
        whole.stream = nil
        let bytes = first ?? ByteBuffer()
        box.resume(returning: Answer(whole, body: .whole(bytes), text: String(buffer: bytes)))
    }
}

/// The continuation of a request waiting for its page, resumed once by whichever side gets there
/// first (the thread that made the page, or the request's cancellation): later resumes are ignored.
private final class ContinuationBox: @unchecked Sendable {
    // `continuation` is set by the request's task before the job can run (the job is queued under
    // `Workers.condition` after it is set) and taken under `lock` by the one resume that wins.
    private let lock = NSLock()
    var continuation: CheckedContinuation<Answer, any Error>?

    func resume(returning answer: Answer) {
        take()?.resume(returning: answer)
    }

    func resume(throwing error: any Error) {
        take()?.resume(throwing: error)
    }

    private func take() -> CheckedContinuation<Answer, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        let taken = continuation
        continuation = nil
        return taken
    }
}
