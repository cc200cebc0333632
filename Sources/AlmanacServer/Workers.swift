import AlmanacKit
import AlmanacSQLite
import Foundation

/// The threads every page is made on, each with its own connections, kept open from one request to
/// the next (opening a database checks its file and its schema: most of what a small page cost).
/// A page may block there (SQLite waits out another writer's lock, as the CLI waits), never on the
/// threads that move the server's bytes. Reads run side by side (WAL: readers never wait for a
/// writer); writes take a thread's read-write connection and SQLite's busy timeout, so the server's
/// writers and another process's (a cron `overdue --notify`) take turns, as two commands do.
final class Workers: @unchecked Sendable {
    /// A thread's connections: a read-only one for GET (a GET cannot write), and a read-write one,
    /// opened the first time a POST needs it (never by a `--read-only` server).
    final class Connections {
        let path: String
        private var reading: Database?
        private var writing: Database?
        private var pages = PageCache()

        init(path: String) {
            self.path = path
        }

        /// The read-only connection, opened once.
        func reader() throws -> Database {
            if let reading { return reading }
            let database = try Store.openReadOnly(path)
            reading = database
            return database
        }

        /// The answer to a GET: the page kept under `key` while the database is unchanged since it
        /// was made (`PageCache`), else the page `make` makes, kept for the next request. No key, or
        /// a database whose version cannot be read, makes the page every time.
        func answer(_ key: String?, _ make: () -> Reply) -> Answer {
            // The version is read before the page: a commit while it is made changes it, so that page
            // is not given again.
            guard let key, let version = try? reader().dataVersion else { return Answer(make()) }
            if let kept = pages.answer(key, version: version) { return kept }
            let answer = Answer(make())
            pages.keep(answer, key, version: version)
            return answer
        }

        /// The read-write connection, opened once (migrated when opened, as a command's would be).
        func writer() throws -> Database {
            if let writing { return writing }
            let database = try Store.open(path)
            writing = database
            return database
        }
    }

    private typealias Job = (Connections) -> Void

    // `jobs` is read and written under `condition` only; each thread's `Connections` never leaves
    // that thread, so a connection is only ever used by the thread that opened it.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var next = 0

    /// Starts `count` threads on the database at `path`.
    init(count: Int, path: String) {
        for number in 0..<count {
            let thread = Thread { [self] in work(Connections(path: path)) }
            thread.name = "almanac.serve.\(number)"
            thread.start()
        }
    }

    /// Runs `body` on a free thread with that thread's connections, and returns what it made.
    func run<T: Sendable>(_ body: @escaping @Sendable (Connections) -> T) async -> T {
        await withCheckedContinuation { continuation in
            condition.lock()
            jobs.append { continuation.resume(returning: body($0)) }
            condition.signal()
            condition.unlock()
        }
    }

    private func work(_ connections: Connections) {
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            } else if next >= 1024 {
                jobs.removeFirst(next)
                next = 0
            }
            condition.unlock()
            job(connections)
        }
    }
}
