import AlmanacKit
import AlmanacSQLite
import AlmanacServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

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
        try Database(path: demo.path).execute(Self.slowTrigger)
        var limits = ServerConfiguration.Limits()
        limits.pageTimeout = .seconds(1)
        try await demo.serve(try demo.configuration(limits: limits)) { client in
            let token = try await client.token()
            let start = ContinuousClock.now
            let answer = try await client.post("/books/11/return", [], token: token)
            let took = ContinuousClock.now - start
            #expect(answer.status == .serviceUnavailable, "\(answer.status) \(answer.text.prefix(300))")
            #expect(answer.headers[.retryAfter] == "1")
            #expect(answer.text.contains("took longer than 1 seconds and was stopped; nothing was changed"))
            #expect(took < .seconds(5), "answered after \(took)")
            let json = try await client.post(
                "/books/11/return", [], token: token, headers: [.accept: "application/json"])
            #expect(json.status == .serviceUnavailable && json.text.hasPrefix("{\"error\": "))
            // Nothing was written, and the server's connection holds no lock: the next page reads, and
            // another connection writes.
            let loan = try LoanStore(database: Database(path: demo.path, mode: .readOnly)).loan(id: 11)
            #expect(loan.returnedOn == nil)
            let answer1 = try await client.ask("/books/11/edit")
            #expect(answer1.status == .ok)
            let other = try Database(path: demo.path)
            try other.execute("DROP TRIGGER slow_loans")
            try other.execute("UPDATE books SET author = 'Someone' WHERE id = 11")
        }
    }

    /// A read past its deadline stops too (300,000 loans sorted by title in the reader's collation,
    /// a page far down), and leaves its worker free for the next page.
    @Test func aReadPastItsDeadlineStopsAndFreesItsWorker() async throws {
        let demo = try ServedDemo()
        try Database(path: demo.path).execute(
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
            let answer2 = try await client.ask("/quiz/scores")
            #expect(answer2.status == .ok)
        }
    }

    /// With the one worker held by a slow page and room for two in the queue, pages asked for
    /// meanwhile wait (two of them) or are refused at once with `Retry-After`, never lost: each is a
    /// page, a refusal or a "too late", and at least one is refused.
    @Test func aFullQueueIsRefusedAtOnce() async throws {
        let demo = try ServedDemo()
        try Database(path: demo.path).execute(Self.slowTrigger)
        var limits = ServerConfiguration.Limits()
        limits.pageTimeout = .seconds(3)
        limits.workers = 1
        limits.queue = 2
        try await demo.serve(try demo.configuration(limits: limits)) { client in
            let token = try await client.token()
            async let slow = client.post("/books/11/return", [], token: token)
            // Pages asked for every 100 ms for 2 s, each answered in its own time.
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await client.ask("/quiz/scores") }
                    try await Task.sleep(for: .milliseconds(100))
                }
                var answers: [TestResponse] = []
                for try await answer in group { answers.append(answer) }
                return answers
            }
            let refused = answers.filter { $0.text.hasPrefix("Too busy") }
            #expect(!refused.isEmpty, "\(answers.map(\.status))")
            for answer in refused {
                #expect(answer.status == .serviceUnavailable && answer.headers[.retryAfter] == "1")
                #expect(answer.hasSecurityHeaders)
            }
            #expect(answers.allSatisfy { [.ok, .serviceUnavailable].contains($0.status) })
            let held = try await slow
            #expect(held.status == .serviceUnavailable)
        }
    }
}
