import Foundation
import TestSupport
import Testing

/// What a PostgreSQL server's faults do to Almanac, each test on a cluster of its own (a primary and
/// a hot standby, `PrivateCluster`): the primary restarted (`pg_ctl restart -m fast`) in the middle of
/// an import and under `serve`, and the standby stopped under a reader.
@Suite(.enabled(if: PostgresTestServer.url != nil, "no PostgreSQL server: run make test, or set ALMANAC_TEST_POSTGRES"))
final class PostgresFaultTests {
    let dir: Workdir
    let cluster: PrivateCluster

    init() throws {
        dir = try Workdir(mapsNames: false)
        cluster = try PrivateCluster(packageRoot: Workdir.packageRoot)
        #expect(try dir.run(["--db", cluster.primary, "init"]).status == 0)
    }

    deinit {
        cluster.stop()
    }

    /// The primary restarts while 400,000 loans are being sent: the import fails in one line, exit 75,
    /// and no row of it stays.
    @Test func aRestartInTheMiddleOfAnImportLeavesNothing() throws {
        var file = "id,title,borrower,loaned_on,due_on\n"
        file.reserveCapacity(20_000_000)
        for id in 1...400_000 { file += "\(id),Book \(id),Reader \(id % 97),2025-10-01,2025-12-\(10 + id % 20)\n" }
        try dir.write("loans.csv", file)
        let importing = try Spawned(
            ["--db", cluster.primary, "--today", "2025-12-31", "import", "books", "loans.csv"], in: dir)
        Thread.sleep(forTimeInterval: 0.8)
        try cluster.pgCtl(.primary, ["restart", "-m", "fast"])
        let done = try importing.wait()
        let errors = String(decoding: done.stderr, as: UTF8.self)
        #expect(done.status == 75, "the import ended before the restart, or otherwise: \(errors)")
        #expect(errors.split(separator: "\n").count == 1, "\(errors)")
        #expect(errors.contains("cannot reach the database server"), "\(errors)")
        let count = try dir.run([
            "--db", cluster.primary, "query", "SELECT count(*) AS n FROM books", "--format", "csv",
        ])
        #expect(count.stdout == "n\r\n0\r\n", "\(count.stderr)")
    }

    /// `serve` answers 503 while its server is down and its pages again once it is back, without a
    /// restart of its own; a restart between two requests costs no failed page at all.
    @Test func serveOutlivesItsServer() throws {
        let server = try RunningServer(dir, [], database: cluster.primary)
        defer { _ = server.stop() }
        #expect(try server.get("/books").status == 200)
        try cluster.pgCtl(.primary, ["restart", "-m", "fast"])
        #expect(try server.get("/books").status == 200)
        try cluster.pgCtl(.primary, ["stop", "-m", "fast"])
        let down = try server.get("/books")
        #expect(down.status == 503, "\(down.body)")
        try cluster.pgCtl(.primary, ["start"])
        #expect(try server.get("/books").status == 200)
    }

    /// A standby that is down: what only reads goes to the primary, with one warning naming the standby.
    @Test func aStandbyThatIsDownFallsBackToThePrimary() throws {
        let direct = try dir.run(["--db", cluster.primary, "countries", "list", "--format", "csv"])
        try cluster.pgCtl(.standby, ["stop", "-m", "fast"])
        let out = try dir.run([
            "--db", cluster.primary, "--replica", cluster.replica, "countries", "list", "--format", "csv",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout == direct.stdout)
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        #expect(out.stderr.contains("the standby") && out.stderr.contains("reads from the primary"), "\(out.stderr)")
        try cluster.pgCtl(.standby, ["start"])
        let back = try dir.run([
            "--db", cluster.primary, "--replica", cluster.replica, "countries", "list", "--format", "csv",
        ])
        #expect(back.stderr.isEmpty, "\(back.stderr)")
        #expect(back.stdout == direct.stdout)
    }
}
