import Foundation
import TestSupport
import Testing

/// Many writers on one PostgreSQL database (`PostgresStoreTests`' server and fresh databases): hosts
/// initializing at once, cron jobs notifying at once, desks returning one loan or opening one door at
/// once, two `serve` processes, and the issue's minute of all of it.
extension PostgresStoreTests {
    /// Two hosts running `init` at once on an empty database: both succeed, each migration is applied once.
    @Test func twoInitsAtOnceApplyEachMigrationOnce() throws {
        let server = try freshDatabase()
        let runs = try (0..<2).map { _ in try Spawned(["--db", server, "init"], in: dir) }
        for run in runs {
            let done = try run.wait()
            #expect(done.status == 0, "\(String(decoding: done.stderr, as: UTF8.self))")
        }
        let out = try dir.run([
            "--db", server, "query", "SELECT count(*) AS n FROM schema_migrations", "--format", "csv",
        ])
        // As many as Schema/postgresql holds.
        let migrations = try FileManager.default.contentsOfDirectory(
            atPath: Workdir.packageRoot.appendingPathComponent("Schema/postgresql").path
        ).filter { $0.hasSuffix(".sql") }.count
        #expect(out.stdout == "n\r\n\(migrations)\r\n", "\(out.stderr)")
    }

    /// Four hosts' cron jobs at the same minute: every notice is printed and recorded exactly once.
    @Test func fourNotifiersAtOnceIssueEachNoticeOnce() throws {
        let server = try freshDatabase()
        let sample = Workdir.packageRoot.appendingPathComponent("SampleData/books.csv").path
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        #expect(try dir.run(["--db", server, "--today", "2025-12-22", "import", "books", sample]).status == 0)
        let runs = try (0..<4).map { _ in
            try Spawned(["--db", server, "--today", "2025-12-22", "overdue", "--notify", "--format", "csv"], in: dir)
        }
        var printed: [String] = []
        for run in runs {
            let done = try run.wait()
            #expect(done.status == 2 || done.status == 0, "\(String(decoding: done.stderr, as: UTF8.self))")
            let lines = String(decoding: done.stdout, as: UTF8.self).split(separator: "\r\n").dropFirst()
            printed += lines.map(String.init)
        }
        let recorded = try dir.run(
            ["--db", server, "query", "SELECT count(*) AS n FROM overdue_notices", "--format", "csv"])
        #expect(printed.count == 5, "\(printed)")
        #expect(Set(printed).count == printed.count)
        #expect(recorded.stdout == "n\r\n5\r\n")
    }

    /// The issue's minute: 4 cron jobs notifying every 100 ms while 4 clients return the same 1,000
    /// loans through two `serve` processes reading from the standby (`scripts/pg-concurrency.py`):
    /// every notice printed and recorded once, every loan returned once, the standby's listing the
    /// primary's after replay. `ALMANAC_PG_CONCURRENCY_SECONDS` shortens it (60 by default).
    @Test(.enabled(if: PostgresTestServer.replica != nil, "no standby"))
    func manyWritersForAMinute() throws {
        let primary = try freshDatabase()
        let name = try #require(primary.split(separator: "/").last?.split(separator: "?").first.map(String.init))
        let standby = PostgresTestServer.replicaURL(database: name)
        let seconds = ProcessInfo.processInfo.environment["ALMANAC_PG_CONCURRENCY_SECONDS"] ?? "60"
        let script = try String(
            contentsOf: Workdir.packageRoot.appendingPathComponent("scripts/pg-concurrency.py"), encoding: .utf8)
        let printed = try Python.run(script, arguments: [Workdir.binary.path, primary, standby, dir.url.path, seconds])
        let figures = try #require(
            try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any], "\(printed)")
        #expect((figures["problems"] as? [String])?.isEmpty == true, "\(printed)")
        #expect((figures["notices"] as? Int ?? 0) > 0, "\(printed)")
        #expect((figures["loans_returned"] as? Int ?? 0) > 0, "\(printed)")
    }

    /// Two `serve` processes on one database: a loan returned through one is returned on the other's
    /// next page (its kept pages follow the server's log position), and returning it again there is
    /// the command's refusal (422).
    @Test func twoServersSeeEachOthersChangesOnTheNextRequest() throws {
        let server = try freshDatabase()
        let sample = Workdir.packageRoot.appendingPathComponent("SampleData/books.csv").path
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        #expect(try dir.run(["--db", server, "--today", "2025-12-22", "import", "books", sample]).status == 0)
        let first = try RunningServer(dir, [], database: server)
        let second = try RunningServer(dir, [], database: server)
        defer {
            _ = first.stop()
            _ = second.stop()
        }
        let json = ["Accept": "application/json"]
        let before = try second.get("/books", headers: json)
        #expect(before.body.contains("\"id\": 12,"), "\(before.body.prefix(300))")
        let token = try #require(RunningServer.token(in: try first.get("/books").body))
        var form = ["Content-Type": "application/x-www-form-urlencoded"]
        form["Origin"] = String(first.url.dropLast())
        let returned = try first.request("POST", "/books/12/return", headers: form, body: "csrf=" + token)
        #expect(returned.status == 303, "\(returned.body)")
        let after = try second.get("/books", headers: json)
        #expect(after.body != before.body, "the second server gave its kept page again")
        let otherToken = try #require(RunningServer.token(in: try second.get("/books").body))
        form["Origin"] = String(second.url.dropLast())
        let again = try second.request("POST", "/books/12/return", headers: form, body: "csrf=" + otherToken)
        #expect(again.status == 422, "\(again.body)")
    }

    /// Eight desks opening the next door of one calendar at once, door after door: each door opens
    /// once (one desk says it opened it, the seven others that it was open already), and a door after
    /// the next is refused (SERIALIZABLE transactions, run again when PostgreSQL cannot serialize them).
    @Test func doorsOpenOnceAndInOrderUnderConcurrentClicks() throws {
        let server = try freshDatabase()
        let sample = Workdir.packageRoot.appendingPathComponent("SampleData").path
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        for kind in ["holidays", "doors"] {
            #expect(try dir.run(["--db", server, "import", kind, sample + "/\(kind).csv"]).status == 0)
        }
        let day = ["--db", server, "--today", "2025-12-10", "calendar", "open", "christmas"]
        for door in 1...4 {
            let desks = try (0..<8).map { _ in try Spawned(day + [String(door), "--format", "json"], in: dir) }
            var fresh = 0
            for desk in desks {
                let done = try desk.wait()
                let text = String(decoding: done.stdout, as: UTF8.self)
                #expect(done.status == 0, "door \(door): \(String(decoding: done.stderr, as: UTF8.self))")
                if text.contains("\"already_open\": false") { fresh += 1 }
            }
            #expect(fresh == 1, "door \(door) was opened by \(fresh) desks")
            #expect(try dir.run(day + [String(door + 2)]).status == 65, "door \(door + 2) before door \(door + 1)")
        }
    }

    /// One loan returned from eight desks at once: returned once (exit 0), the seven others refused
    /// as already returned (65).
    @Test func aLoanReturnedFromEightDesksAtOnceIsReturnedOnce() throws {
        let server = try freshDatabase()
        let sample = Workdir.packageRoot.appendingPathComponent("SampleData/books.csv").path
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        #expect(try dir.run(["--db", server, "--today", "2025-12-22", "import", "books", sample]).status == 0)
        let desks = try (0..<8).map { _ in
            try Spawned(["--db", server, "--today", "2025-12-22", "books", "return", "5"], in: dir)
        }
        let statuses = try desks.map { try $0.wait().status }.sorted()
        #expect(statuses == [0, 65, 65, 65, 65, 65, 65, 65], "\(statuses)")
    }
}
