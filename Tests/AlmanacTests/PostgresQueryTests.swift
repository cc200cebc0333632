import Foundation
import TestSupport
import Testing

/// `query` on the server: its time limit is the server's as well, a client that dies leaves nothing
/// running there, and `local_date()` answers as SQLite's does.
extension PostgresStoreTests {
    /// The statements running on `server`'s database other than the asker's own.
    func runningStatements(_ server: String) throws -> String {
        let out = try dir.run([
            "--db", server, "query", "--format", "csv",
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()",
        ])
        return out.stdout
    }

    /// `--timeout N` sets the server's `statement_timeout` to N plus the watchdog's 2 s grace, so the
    /// server ends the statement even when its client cannot; no --timeout at a terminal sets none.
    @Test func theTimeLimitIsTheServersToo() throws {
        let server = try freshDatabase()
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        let limited = try dir.run([
            "--db", server, "query", "SHOW statement_timeout", "--timeout", "7", "--format", "csv",
        ])
        #expect(limited.stdout == "statement_timeout\r\n9s\r\n", "\(limited.stderr)")
        let endless = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"
        let stopped = try dir.run(["--db", server, "query", endless, "--timeout", "1"])
        #expect(stopped.status == 75)
        #expect(stopped.stderr.hasPrefix("almanac: error: query: stopped after 1 s, the time limit (--timeout 1)"))
        #expect(try runningStatements(server) == "n\r\n0\r\n")
    }

    /// A `query` killed with SIGKILL (no chance to cancel) leaves no statement running on the server
    /// for more than a few seconds: the server checks its client's connection every second.
    @Test func aKilledQueryEndsOnTheServer() throws {
        let server = try freshDatabase()
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        let endless = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"
        let query = try Spawned(["--db", server, "query", endless, "--timeout", "0"], in: dir)
        var seen = false
        for _ in 0..<100 where !seen {
            Thread.sleep(forTimeInterval: 0.1)
            seen = try runningStatements(server) == "n\r\n1\r\n"
        }
        #expect(seen, "the statement never ran")
        kill(query.process.processIdentifier, SIGKILL)
        _ = try query.wait()
        var gone = false
        for _ in 0..<50 where !gone {
            Thread.sleep(forTimeInterval: 0.1)
            gone = try runningStatements(server) == "n\r\n0\r\n"
        }
        #expect(gone, "the killed client's statement still runs on the server 5 s later")
    }

    /// `local_date()` in a query or a report: the day in `--tz`, NULL for text that is no instant.
    @Test func localDateIsTheDayInTheZone() throws {
        let server = try freshDatabase()
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        let sql =
            "SELECT local_date('2026-07-01T20:00:00Z') AS tokyo, local_date('not an instant') AS nothing, "
            + "local_date(CAST('2026-07-01T02:00:00Z' AS timestamptz)) AS stored"
        let out = try dir.run(["--db", server, "--tz", "Asia/Tokyo", "query", sql, "--format", "csv"])
        #expect(out.stdout == "tokyo,nothing,stored\r\n2026-07-02,,2026-07-01\r\n", "\(out.stderr)")
        let west = try dir.run(["--db", server, "--tz", "America/New_York", "query", sql, "--format", "csv"])
        #expect(west.stdout == "tokyo,nothing,stored\r\n2026-07-01,,2026-06-30\r\n", "\(west.stderr)")
    }
}
