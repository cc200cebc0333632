import AlmanacKit
import AlmanacSQLite
import AlmanacStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacServer

/// A page has a deadline: past it, its statement is stopped (SQLite's interrupt, as `query
/// --timeout` stops one) and its transaction rolled back, and the answer says so (503, try again):
/// no write commits whose answer was a timeout. Pages waiting for a worker are bounded: one more
/// is refused at once (503, `Retry-After`). Before, a POST whose answer had timed out could still
/// commit, and the job queue grew without end.
@Suite struct DeadlineTests {
    /// A trigger that makes every change of a loan take minutes: a write the deadline must stop.
    static let slowTrigger = """
        CREATE TRIGGER slow_loans AFTER UPDATE ON books BEGIN
          SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10000000000)
          SELECT x FROM c);
        END;
        """

    @Test func aWritePastItsDeadlineIsRolledBackAndSaysSo() async throws {
        let demo = try ServedDemo()
        try SQLiteDatabase(path: demo.path).execute(Self.slowTrigger)
        var limits = ServerConfiguration.Limits()
        limits.pageTimeout = .seconds(1)
        try await demo.serve(try demo.configuration(limits: limits)) { client in
            let token = try await client.token()
            let answer = try await client.post("/books/11/return", [], token: token)
            #expect(answer.status == .serviceUnavailable, "\(answer.status) \(answer.text.prefix(300))")
            #expect(answer.headers[.retryAfter] == "1")
            #expect(answer.text.contains("took longer than 1 seconds and was stopped; nothing was changed"))
            let json = try await client.post(
                "/books/11/return", [], token: token, headers: [.accept: "application/json"])
            #expect(json.status == .serviceUnavailable && json.text.hasPrefix("{\"error\": "))
            // Nothing was written, and the server's connection holds no lock: the next page reads, and
            // another connection writes.
            let loan = try LoanStore(database: SQLiteDatabase(path: demo.path, mode: .readOnly)).loan(id: 11)
            #expect(loan.returnedOn == nil)
            let answer1 = try await client.ask("/books/11/edit")
            #expect(answer1.status == .ok)
            let other = try SQLiteDatabase(path: demo.path)
            try other.execute("DROP TRIGGER slow_loans")
            try other.execute("UPDATE books SET author = 'Someone' WHERE id = 11")
        }
    }

    /// A read past its deadline stops too (300,000 loans sorted by title in the reader's collation,
    /// a page far down), and leaves its worker free for the next page.
    @Test func aReadPastItsDeadlineStopsAndFreesItsWorker() async throws {
        let demo = try ServedDemo()
        try SQLiteDatabase(path: demo.path).execute(
            """
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000)
            INSERT INTO books (title, author, borrower, loaned_on, due_on)
            SELECT 'Volume ' || (x * 7919 % 300000), 'A', 'B', '2025-12-01', '2025-12-20' FROM c
            """)
        var limits = ServerConfiguration.Limits()
        limits.pageTimeout = .milliseconds(300)
        limits.workers = 1
        try await demo.serve(try demo.configuration(limits: limits)) { client in
            let slow = try await client.ask("/books?sort=title&page=2900")
            #expect(slow.status == .serviceUnavailable, "\(slow.status)")
            #expect(slow.text.contains("and was stopped; nothing was changed"))
            // The worker is free again: a small page is made (asked again while this machine is
            // too busy to make it within its 300 ms: then it is refused as late, and tried again).
            var scores = try await client.ask("/quiz/scores")
            for _ in 0..<100 where scores.status != .ok {
                try await Task.sleep(for: .milliseconds(100))
                scores = try await client.ask("/quiz/scores")
            }
            #expect(scores.status == .ok)
        }
    }

    /// Pages wait for a worker in a bounded queue: with the one worker busy and room for two, a
    /// fourth page at once is refused at once (`Refusal.full`), and the two that waited are made once
    /// the worker is free.
    @Test func aFullQueueRefusesTheNextPageAtOnce() async throws {
        let demo = try ServedDemo()
        let workers = Workers(count: 1, queueLimit: 2, path: demo.path)
        let held = Gate()
        defer {
            held.release()
            workers.stop()
        }
        // Long enough never to pass: the test is about the queue, and a machine running the whole
        // suite may leave this test's tasks waiting for minutes.
        let deadline = StatementDeadline(in: .seconds(3_600))
        let page = { @Sendable (name: String) in
            Task {
                try await workers.answer(deadline: deadline) { _ in
                    if name == "busy" { held.enter() }
                    return .text(name, status: 200)
                } failed: { _ in
                    .text("failed", status: 500)
                }
            }
        }
        let busy = page("busy")
        // Polled, never waited for: a test's task must not block a thread of the shared pool.
        try await Self.until("the busy page is made") { held.isEntered }
        let first = page("first")
        let second = page("second")
        try await Self.until("two pages wait") { workers.waiting == 2 }
        await #expect(throws: Workers.Refusal.full) { try await page("third").value }
        held.release()
        for (task, name) in [(busy, "busy"), (first, "first"), (second, "second")] {
            let answer = try await task.value
            #expect(answer.status == 200, "\(name)")
        }
    }

    /// Waits (10 ms at a time, 10 minutes at most: the whole suite can keep the shared threads busy
    /// for minutes) until `condition` holds; fails naming `what` otherwise.
    static func until(_ what: String, _ condition: () -> Bool) async throws {
        let start = ContinuousClock.now
        while !condition() {
            try #require(ContinuousClock.now - start < .seconds(600), "waited 10 minutes for: \(what)")
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// A page refused for a full queue is a 503 in the reader's words, with `Retry-After` and the
    /// headers every answer has (a queue with no room refuses every page).
    @Test func aPageRefusedForAFullQueueSaysSo() async throws {
        let demo = try ServedDemo()
        var limits = ServerConfiguration.Limits()
        limits.queue = 0
        try await demo.serve(try demo.configuration(limits: limits)) { client in
            for (language, words) in [("en", "Too busy"), ("ru", "Сервер занят")] {
                let refused = try await client.ask("/books", headers: [.acceptLanguage: language])
                #expect(refused.status == .serviceUnavailable && refused.headers[.retryAfter] == "1")
                #expect(refused.text.hasPrefix(words), "\(refused.text)")
                #expect(refused.hasSecurityHeaders)
            }
        }
    }
}

/// A job a test holds on a worker until it lets it go.
final class Gate: @unchecked Sendable {
    // `entered` and `released` are read and written under `condition` only.
    private let condition = NSCondition()
    private var entered = false
    private var released = false

    /// Called on the worker: says it is there, then waits to be let go.
    func enter() {
        condition.lock()
        entered = true
        condition.broadcast()
        while !released { condition.wait() }
        condition.unlock()
    }

    var isEntered: Bool {
        condition.lock()
        defer { condition.unlock() }
        return entered
    }

    func release() {
        condition.lock()
        released = true
        condition.broadcast()
        condition.unlock()
    }
}
