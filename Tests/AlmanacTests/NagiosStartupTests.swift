import Foundation
import TestSupport
import Testing

/// `overdue --format nagios` keeps the monitoring contract whatever stops it before it can check:
/// one `OVERDUE UNKNOWN - …` line on standard output and exit 3, promptly. A hostile zone file
/// through `TZ` or `TZDIR`, a FIFO or an 8 MB file as the zone, a missing or foreign database, a bad
/// option or value, and a fault that would have killed the process by a signal.
@Suite struct NagiosStartupTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase()
    }

    /// A version 2 TZif file: its 32-bit block empty, then the 64-bit block with `transitions` (all to
    /// type 0, offset 0) and `leaps` (time, correction), and an empty footer.
    static func zoneFile(transitions: [Int64], leaps: [(Int64, Int32)]) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(200 + transitions.count * 9 + leaps.count * 12)
        func append(_ value: Int64, _ size: Int) {
            for shift in stride(from: 8 * (size - 1), through: 0, by: -8) {
                out.append(UInt8(truncatingIfNeeded: value >> shift))
            }
        }
        func header(_ counts: [Int]) {
            out += Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
            for count in counts { append(Int64(count), 4) }
        }
        header([0, 0, 0, 0, 1, 4])
        out += [0, 0, 0, 0, 0, 0] + Array("UTC\0".utf8)
        header([0, 0, leaps.count, transitions.count, 1, 4])
        for time in transitions { append(time, 8) }
        out += [UInt8](repeating: 0, count: transitions.count)
        out += [0, 0, 0, 0, 0, 0] + Array("UTC\0".utf8)
        for (time, correction) in leaps {
            append(time, 8)
            append(Int64(correction), 4)
        }
        return Data(out + Array("\n\n".utf8))
    }

    /// Runs the check, and expects the UNKNOWN line (starting with `message` when given) and exit 3.
    func expectUnknown(
        _ arguments: [String], environment: [String: String] = [:], message: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let clock = ContinuousClock()
        let started = clock.now
        let out = try dir.run(
            arguments.contains("--db") ? arguments : ["--db", "a.db"] + arguments, environment: environment)
        let elapsed = clock.now - started
        #expect(out.status == 3, "\(arguments) \(environment): \(out.stderr)", sourceLocation: sourceLocation)
        let lines = out.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.count == 2 && lines[0].hasPrefix("OVERDUE UNKNOWN - ") && lines[1].isEmpty, "\(out.stdout)",
            sourceLocation: sourceLocation)
        if let message {
            #expect(
                out.stdout.hasPrefix("OVERDUE UNKNOWN - " + message), "\(out.stdout)", sourceLocation: sourceLocation)
        }
        #expect(elapsed < .seconds(10), "took \(elapsed)", sourceLocation: sourceLocation)
    }

    /// The file of issue 27: a leap record and a transition at Int64's lowest. It trapped
    /// (SIGILL, exit 132) in every command; now the file is named, as a usage error would name it.
    @Test func aHostileZoneFileThroughTZIsNamed() throws {
        try Self.zoneFile(transitions: [.min], leaps: [(.min, 1)]).write(to: URL(fileURLWithPath: dir.path("hostile")))
        let named = "TZ: \"\(dir.path("hostile"))\" is not a time zone file"
        try expectUnknown(["overdue", "--format", "nagios"], environment: ["TZ": dir.path("hostile")], message: named)
        try expectUnknown(["overdue", "--format", "nagios"], environment: ["TZ": ":" + dir.path("hostile")])
        try expectUnknown(["overdue", "--format", "nagios", "--tz", dir.path("hostile")])
        // Under a zone's name in a tz database of its own (`TZDIR`).
        try FileManager.default.createDirectory(atPath: dir.path("zoneinfo/Europe"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir.path("hostile"), toPath: dir.path("zoneinfo/Europe/Berlin"))
        try expectUnknown(
            ["overdue", "--format", "nagios"], environment: ["TZ": "Europe/Berlin", "TZDIR": dir.path("zoneinfo")],
            message: "TZ: \"\(dir.path("zoneinfo/Europe/Berlin"))\" is not a time zone file")
        // Any other command refuses it as a usage error, naming it.
        let listing = try dir.run(["--db", "a.db", "books", "list"], environment: ["TZ": dir.path("hostile")])
        #expect(listing.status == 64)
        #expect(listing.stderr.hasPrefix("almanac: error: " + named), "\(listing.stderr)")
    }

    /// 400,000 transitions and as many leap records took over 60 s and 3.9 GB. Refused at once.
    @Test func aHugeZoneFileIsRefusedAtOnce() throws {
        let count = 400_000
        try Self.zoneFile(
            transitions: (0..<count).map { Int64($0) * 10 }, leaps: (0..<count).map { (Int64($0) * 10, 0) }
        )
        .write(to: URL(fileURLWithPath: dir.path("huge")))
        try expectUnknown(
            ["overdue", "--format", "nagios"], environment: ["TZ": dir.path("huge")],
            message: "TZ: \"\(dir.path("huge"))\" is not a time zone file: it is larger than 1 MiB")
    }

    /// A FIFO as the zone (with a writer that never closes it) waited forever; now it is refused at
    /// once. Python runs the check, so a wait is ended after 20 s rather than hanging the suite.
    @Test(.enabled(if: Python.missing == nil, "python3 runs the check with a time limit (make deps installs it)"))
    func aFIFOAsTheZoneIsRefusedAtOnce() throws {
        try #require(mkfifo(dir.path("fifo"), 0o600) == 0)
        let script = """
            import os, subprocess, sys
            writer = os.open(sys.argv[1], os.O_RDWR | os.O_NONBLOCK)
            os.write(writer, b"TZif2")
            try:
                run = subprocess.run(sys.argv[2:], env={"TZ": sys.argv[1], "PATH": "/usr/bin:/bin"}, stdin=subprocess.DEVNULL,
                                     capture_output=True, timeout=20)
                print(run.returncode)
                print(run.stdout.decode(), end="")
            except subprocess.TimeoutExpired:
                print("still waiting after 20 s")
            """
        let printed = try Python.run(
            script,
            arguments: [
                dir.path("fifo"), Workdir.binary.path, "--db", dir.path("a.db"),
                "overdue", "--format", "nagios",
            ])
        #expect(
            printed
                == "3\nOVERDUE UNKNOWN - TZ: \"\(dir.path("fifo"))\" is not a time zone file (expected a compiled tz "
                + "database file such as /usr/share/zoneinfo/Europe/Berlin)\n")
    }

    /// The other ways a start can fail: each is the UNKNOWN line and exit 3.
    @Test(arguments: [
        (["--db", "missing.db", "overdue", "--format", "nagios"], "no such database: missing.db"),
        (["overdue", "--format", "nagios", "--bogus"], #"unknown option "--bogus""#),
        (["overdue", "--format", "nagios", "--grace", "x"], #"invalid value "x" for --grace"#),
        (["overdue", "--format", "nagios", "--tz", "Mars/Olympus"], #"--tz: "Mars/Olympus" is not a time zone"#),
        (["overdue", "--format", "nagios", "--today", "2025-02-30"], #"--today: "2025-02-30" is not a date"#),
        (["overdue", "--format", "nagios", "--levels", "0"], "--levels 0"),
        (["--db", ".", "overdue", "--format", "nagios"], ". is a folder"),
        (["--db", "foreign.db", "overdue", "--format", "nagios"], "foreign.db: not a database"),
        (["overdue", "--format", "nagios", "extra"], #"unexpected argument "extra""#),
        (["--format", "nagios", "overdue", "--out", "no/such/folder/x"], "--out no/such/folder/x: there is no folder"),
    ])
    func everyOtherStartUpFailureIsUnknown(_ arguments: [String], _ message: String) throws {
        // A file that is not SQLite's is about the SQLite file: on PostgreSQL the name is a database.
        if TestStore.isPostgres && arguments.contains("foreign.db") { return }
        try dir.write("foreign.db", "not a database at all\n")
        try expectUnknown(arguments, message: arguments.contains("missing.db") ? dir.missing("missing.db") : message)
    }

    /// The last resort: a fault (here SIGSEGV, SIGILL and SIGABRT sent while the check waits for a
    /// writer's lock) ends the check with the UNKNOWN line and exit 3, not death by a signal.
    @Test(
        .sqliteFile,
        .enabled(if: Python.missing == nil, "python3 holds the lock and sends the signal (make deps installs it)"),
        arguments: [SIGSEGV, SIGILL, SIGABRT])
    func aFaultIsUnknownNotDeathByASignal(_ signal: Int32) throws {
        let script = """
            import signal, sqlite3, subprocess, sys, time
            lock = sqlite3.connect(sys.argv[1], isolation_level=None)
            lock.execute("BEGIN IMMEDIATE")
            def default_signals():
                signal.pthread_sigmask(signal.SIG_SETMASK, [])
            child = subprocess.Popen(sys.argv[3:], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, preexec_fn=default_signals)
            time.sleep(1.5)
            child.send_signal(int(sys.argv[2]))
            out, err = child.communicate(timeout=60)
            print(child.returncode)
            print(out.decode(), end="")
            """
        let printed = try Python.run(
            script,
            arguments: [
                dir.path("a.db"), String(signal), Workdir.binary.path, "--db", dir.path("a.db"),
                "overdue", "--notify", "--format", "nagios", "--wait", "30",
            ])
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.first == "3", "\(printed)")
        #expect(
            lines.count == 2 && lines[1].hasPrefix("OVERDUE UNKNOWN - internal error: signal \(signal) "), "\(printed)")
    }
}
