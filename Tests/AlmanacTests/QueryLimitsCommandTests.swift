import Foundation
import TestSupport
import Testing

/// The limits ad-hoc SQL runs under (`QueryLimits`), through the built binary: a query or report
/// that runs past `--timeout` stops with exit 75 and a message naming the limit, without growing
/// memory meanwhile, also inside one long call of a built-in function; a value over 64 MiB is refused
/// (exit 65), whichever function makes it, `printf` included, never NULL; Ctrl-C still ends a query
/// at once.
@Suite struct QueryLimitsCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase()
    }

    static let endless = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n)"

    /// Endless queries: one that holds nothing (a count), one that sorts what it makes (a temporary
    /// b-tree that would grow without end), one that streams rows.
    static let endlessQueries = [
        endless + " SELECT count(*) FROM n",
        endless + " SELECT x FROM n ORDER BY x DESC LIMIT 1",
        endless + " SELECT x, 'a row that streams' AS text FROM n",
    ]

    @Test(arguments: endlessQueries)
    func anEndlessQueryStopsAtItsTimeoutWithExit75(_ sql: String) throws {
        let out = try dir.measure(["--db", "a.db", "query", sql, "--timeout", "1", "--format", "csv"])
        #expect(out.status == 75, "\(out.stderr)")
        #expect(
            out.stderr == "almanac: error: query: stopped after 1 s, the time limit (--timeout 1); "
                + "try again with a longer --timeout, or 0 for none\n")
        #expect(out.peakKiB <= StreamingMemoryTests.boundKiB, "peak \(out.peakKiB / 1024) MiB")
    }

    /// One call of a built-in function that runs for minutes (`instr`, `replace` and `like` comparing
    /// megabytes at every position) does not see SQLite's interrupt: it is ended 2 s after it, with the
    /// same message and exit 75.
    static let longCalls = [
        "SELECT instr(printf('%.*c', 3200000, 'a'), printf('%.*c', 1600000, 'a') || 'b')",
        "SELECT length(replace(printf('%.*c', 3200000, 'a'), printf('%.*c', 1600000, 'a') || 'b', 'x'))",
        "SELECT printf('%.*c', 1000000, 'a') LIKE '%' || printf('%.*c', 40000, 'a') || 'b'",
    ]

    @Test(.sqliteFile, arguments: longCalls)
    func aLongFunctionCallStopsAtItsTimeoutWithExit75(_ sql: String) throws {
        let clock = ContinuousClock()
        let started = clock.now
        let out = try dir.run(["--db", "a.db", "query", sql, "--timeout", "1", "--format", "csv"])
        let elapsed = clock.now - started
        #expect(out.status == 75, "\(out.stderr)")
        #expect(
            out.stderr == "almanac: error: query: stopped after 1 s, the time limit (--timeout 1); "
                + "try again with a longer --timeout, or 0 for none\n")
        #expect(out.stdout == "")
        #expect(elapsed < .seconds(10), "took \(elapsed)")
    }

    /// Ended that way, a query writing to `--out` leaves neither the file nor its temporary.
    @Test(.sqliteFile) func aLongCallEndedLeavesNoFileBehind() throws {
        let out = try dir.run([
            "--db", "a.db", "query", Self.longCalls[0], "--timeout", "1", "--out", "found.csv", "--format", "csv",
        ])
        #expect(out.status == 75, "\(out.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { !$0.hasPrefix("a.db") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test(.sqliteFile) func aReportInOneLongCallStopsAtItsTimeout() throws {
        try FileManager.default.createDirectory(atPath: dir.path("reports"), withIntermediateDirectories: true)
        try dir.write("reports/long.sql", "-- name: long\n-- title: Long\n" + Self.longCalls[0] + " AS found;\n")
        let out = try dir.run(["--db", "a.db", "report", "run", "long", "--reports-dir", "reports", "--timeout", "1"])
        #expect(out.status == 75)
        #expect(
            out.stderr.hasPrefix("almanac: error: reports/long.sql: stopped after 1 s, the time limit (--timeout 1)"),
            "\(out.stderr)")
    }

    @Test func anEndlessReportStopsAtItsTimeoutNamingItsFile() throws {
        try FileManager.default.createDirectory(atPath: dir.path("reports"), withIntermediateDirectories: true)
        try dir.write(
            "reports/endless.sql",
            "-- name: endless\n-- title: Endless\n" + Self.endless + " SELECT max(x) AS x FROM n;\n")
        let out = try dir.run([
            "--db", "a.db", "report", "run", "endless", "--reports-dir", "reports", "--timeout", "1",
        ])
        #expect(out.status == 75)
        #expect(
            out.stderr.hasPrefix(
                "almanac: error: reports/endless.sql: stopped after 1 s, the time limit (--timeout 1)"), "\(out.stderr)"
        )
    }

    /// Values over the cap, made by each kind of function: a blob, random bytes, text grown by
    /// replace and by repetition, a value built row by row.
    @Test(
        .sqliteFile,
        arguments: [
            "SELECT zeroblob(100000000)",
            "SELECT length(randomblob(100000000))",
            "SELECT length(replace(hex(zeroblob(50000000)), '0', 'ab'))",
            "SELECT length(hex(zeroblob(40000000)))",
            Self.endless.replacingOccurrences(of: "FROM n)", with: "FROM n WHERE x < 2000000)")
                + " SELECT length(group_concat(printf('%040d', x), '')) FROM n",
            // printf and format answered NULL past the cap.
            "SELECT printf('%.*c', 100000000, 'x')",
            "SELECT format('%.*c', 70000000, 'x')",
            "SELECT length(printf('%.*c%.*c', 40000000, 'a', 40000000, 'b'))",
            "SELECT printf('%100000000d', 1) IS NULL",
        ])
    func aValueOverTheCapIsRefusedWithExit65(_ sql: String) throws {
        let out = try dir.measure(["--db", "a.db", "query", sql, "--format", "csv"])
        #expect(out.status == 65, "\(sql): \(out.stderr)")
        #expect(
            out.stderr == "almanac: error: query: a value is larger than 64 MiB, the most a query may make or return\n")
        #expect(out.peakKiB <= 3 * StreamingMemoryTests.boundKiB, "peak \(out.peakKiB / 1024) MiB")
    }

    @Test(
        .sqliteFile,
        arguments: [
            "SELECT length(zeroblob(60000000)) AS size", "SELECT length(printf('%.*c', 60000000, 'x')) AS size",
        ])
    func aValueUnderTheCapIsPrinted(_ sql: String) throws {
        let out = try dir.measure(["--db", "a.db", "query", sql, "--format", "csv"])
        #expect(out.status == 0 && out.lastLine == "60000000", "\(out.stderr)")
    }

    /// `printf` behind the cap answers as SQLite's own: NULL for a NULL format only, every conversion
    /// as before, values read where they are kept (a large one next to another in one expression).
    @Test(.sqliteFile) func printfAnswersAsSQLitesOwn() throws {
        let sql = """
            SELECT printf(NULL) IS NULL, printf() IS NULL, printf('%d|%5.2f|%s|%q|%Q|%w|%c|%x|%,d|%%', 42, 3.14159, 'é', 'it''s',
                   NULL, 'a"b', 'ü', 255, 1234567), format('%-4s|', 'ab'), length(printf('%.*c', 3, '')),
                   substr(printf('%.*c', 100000, 'x') || printf('%.*c', 200000, 'y'), 99999, 4)
            """
        let out = try dir.run(["--db", "a.db", "query", sql, "--format", "tsv"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(
            out.stdout.split(separator: "\n").last
                == "1\t1\t42| 3.14|é|it''s|NULL|a\"\"b|ü|ff|1,234,567|%\tab  |\t0\txxyy")
    }

    @Test func aNegativeTimeoutIsAUsageError() throws {
        let out = try dir.run(["--db", "a.db", "query", "SELECT 1", "--timeout", "-1"])
        #expect(out.status == 64)
        #expect(out.stderr == "almanac: error: --timeout -1: expected a number of seconds, 0 or more (0: no limit)\n")
    }

    /// Ctrl-C keeps its default: the endless query (with no time limit) ends by the signal at once.
    /// Python starts it with no signal blocked, as a shell does (this test process blocks some on
    /// the threads children are spawned from), and bounds the wait against a hang: not a measure.
    @Test(.enabled(if: Python.missing == nil, "python3 sends the signal (make deps installs it)"))
    func ctrlCEndsAnEndlessQueryAtOnce() throws {
        let script = """
            import signal, subprocess, sys, time
            def default_signals():
                signal.pthread_sigmask(signal.SIG_SETMASK, [])
                signal.signal(signal.SIGINT, signal.SIG_DFL)
            child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, preexec_fn=default_signals)
            time.sleep(1)
            running = child.poll() is None
            child.send_signal(signal.SIGINT)
            try:
                print(running, child.wait(timeout=60))
            except subprocess.TimeoutExpired:
                child.kill()
                print(running, "still running")
            """
        let printed = try Python.run(
            script,
            arguments: [Workdir.binary.path]
                + (try dir.onStore(["--db", dir.path("a.db"), "query", Self.endlessQueries[0], "--timeout", "0"], [:]).0)
        )
        #expect(printed == "True -\(SIGINT)\n", "ran until interrupted, then ended by SIGINT")
    }
}
