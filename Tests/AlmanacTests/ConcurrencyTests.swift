import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite

/// `overdue` keeps working while a big import writes: the read-only check reads the last committed
/// state without waiting (WAL), and `--notify` waits for the import's write lock (up to `--wait`)
/// instead of failing. 100,000 rows in `make test`, 1,000,000 in `make stress`.
@Suite(.serialized) struct ConcurrencyTests {
    @Test func overdueRunsInALoopWhileAnImportWrites() throws {
        let dir = try Workdir()
        let rows = Stress.isOn ? 1_000_000 : 100_000
        try Stress.writeBooks(dir.path("loans.csv"), rows: rows)
        try dir.write(
            "seed.csv", "id,title,loaned_on,due_on\n1,Dune,2025-12-01,2025-12-10\n2,Emma,2025-12-01,2026-01-10\n")
        try dir.initDatabase()
        let seeded = try dir.run(["--db", "a.db", "--today", "2025-12-22", "import", "books", "seed.csv"])
        #expect(seeded.status == 0, "\(seeded.stderr)")

        let importer = try Stress.start(
            ["--db", "a.db", "--today", "2025-12-22", "import", "books", "loans.csv"], in: dir)
        // Three loops at once until the import has ended: two run the read-only checks back to back
        // (they never wait for the writer), one runs every kind in turn (its --notify waits for the
        // import's lock). Then each loop runs each kind once more, seeing the imported rows.
        let checks: [[String]] = [
            ["overdue", "--format", "nagios"], ["overdue", "--notify", "--quiet"], ["overdue", "--format", "json"],
        ]
        let readOnlyChecks = [checks[0], checks[2]]
        let lock = NSLock()
        // The directory only runs processes and the importer is only asked whether it runs: both safe
        // from several threads.
        nonisolated(unsafe) let shared = dir
        let running = importer
        nonisolated(unsafe) var runs = 0
        nonisolated(unsafe) var notifyRuns = 0
        nonisolated(unsafe) var duringImport = 0
        nonisolated(unsafe) var failures: [String] = []
        Self.onThreads(3) { loop in
            var round = loop
            var afterImport = 0
            while afterImport < checks.count {
                let wasRunning = running.isRunning
                let arguments =
                    wasRunning && loop < 2 ? readOnlyChecks[round % readOnlyChecks.count] : checks[round % checks.count]
                round += 1
                if !wasRunning { afterImport += 1 }
                // Loan 1 is overdue before, during and after the import: the status is always 2.
                let out = try? shared.run(["--db", "a.db", "--today", "2025-12-22"] + arguments)
                lock.lock()
                runs += 1
                if arguments.contains("--notify") { notifyRuns += 1 }
                if wasRunning { duringImport += 1 }
                let fine =
                    out.map { $0.status == 2 && !$0.stderr.contains("locked") && !$0.stderr.contains("busy") } ?? false
                if !fine {
                    failures.append(
                        "\(arguments.joined(separator: " ")): status \(out?.status ?? -1): \(out?.stderr ?? "")")
                }
                lock.unlock()
            }
        }
        importer.waitUntilExit()
        #expect(importer.terminationStatus == 0)
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(duringImport > 0, "no check ran while the import wrote")
        #expect(try dir.scalar("SELECT count(*) FROM books") == String(rows + 2))
        // The one overdue loan (12 days) had exactly one notice, at level 7, however many runs there were.
        #expect(try dir.rows("SELECT book_id, level FROM overdue_notices") == [["1", "7"]])
        print(
            "concurrency: \(runs) overdue runs (\(notifyRuns) with --notify, \(duringImport) during the \(rows)-row import), "
                + "\(failures.count) failures")
    }

    /// Runs `body` on `count` threads of its own at once and returns when all have finished. Not
    /// `concurrentPerform`: its workers would block on the binaries' pipes and leave Dispatch short of
    /// threads to read them, so the loops would crawl.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchSemaphore(value: 0)
        for index in 0..<count {
            Thread {
                body(index)
                done.signal()
            }.start()
        }
        for _ in 0..<count { done.wait() }
    }

    /// `--notify` outwaits a writer that lets go within `--wait`, and gives up as busy (status 3)
    /// only past it; the read-only check never waits for a writer.
    @Test(.sqliteFile) func notifyWaitsForAWriterUpToItsWait() throws {
        let dir = try Workdir()
        try dir.write("seed.csv", "id,title,loaned_on,due_on\n1,Dune,2025-12-01,2025-12-10\n")
        try dir.initDatabase()
        #expect(try dir.run(["--db", "a.db", "--today", "2025-12-22", "import", "books", "seed.csv"]).status == 0)
        let holder = try SQLiteDatabase(path: dir.path("a.db"))
        try holder.execute("BEGIN IMMEDIATE")
        let clock = ContinuousClock()
        let started = clock.now
        nonisolated(unsafe) let releasing = holder  // used by that one thread while this one waits on the binary
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { try? releasing.execute("ROLLBACK") }
        let waited = try dir.run(["--db", "a.db", "--today", "2025-12-22", "overdue", "--notify", "--wait", "30"])
        #expect(waited.status == 2, "\(waited.stderr)")
        #expect(clock.now - started >= .seconds(1))
        try holder.execute("BEGIN IMMEDIATE")
        let reading = try dir.run([
            "--db", "a.db", "--today", "2025-12-22", "overdue", "--format", "nagios", "--wait", "0",
        ])
        #expect(reading.status == 2, "\(reading.stderr)")
        let busy = try dir.run(["--db", "a.db", "--today", "2025-12-22", "overdue", "--notify", "--wait", "0"])
        #expect(busy.status == 3)
        #expect(
            busy.stderr
                == "almanac: error: a.db: the database is busy: another program is writing to it and did not finish in time; nothing was changed, try again when it has finished\n"
        )
        try holder.execute("ROLLBACK")
        let refused = try dir.run(["--db", "a.db", "overdue", "--wait", "4000"])
        #expect(refused.status == 3)
        #expect(
            refused.stderr.contains("--wait 4000: expected a whole number of seconds from 0 to 3600"),
            "\(refused.stderr)")
    }
}
