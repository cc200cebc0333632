import Foundation
import Testing

/// Ctrl-C (SIGINT) or SIGTERM while a file is being written leaves no temporary file behind (issue
/// 27: tens of megabytes were left after an interrupted `export` or `site`): each command is stopped
/// once its temporary is there, ends by the signal as an interrupted program does, and the folder
/// holds only what was there before.
@Suite(.serialized) struct InterruptCommandTests {
    static let rows = 100_000

    /// Each command, the folder it writes its temporary into, and the signal it is stopped with.
    static let commands: [(arguments: [String], folder: String, signal: Int32)] = [
        (["export", "moved"], "moved", SIGINT),
        (["export", "moved"], "moved", SIGTERM),
        (["export", "books", "--out", "out/books.csv"], "out", SIGINT),
        (["export", "books", "--out", "out/books.csv"], "out", SIGTERM),
        (["--today", "2025-12-22", "site", "public"], "public", SIGINT),
        (["--today", "2025-12-22", "site", "public"], "public", SIGTERM),
        (
            ["--today", "2030-01-01", "report", "run", "overdue-books", "--format", "html", "--out", "out/page.html"],
            "out", SIGTERM
        ),
        (
            [
                "--today", "2025-12-22", "import", "books", "mixed.csv", "--skip-invalid", "--rejects",
                "out/rejects.csv",
            ], "out", SIGINT
        ),
        (["backup", "out/copy.db"], "out", SIGTERM),
    ]

    /// Starts the binary as `Stress.start` does, with the signals' default actions: a test run from a
    /// background job inherits SIGINT ignored, which the binary rightly keeps ignored.
    static func start(_ arguments: [String], in dir: Workdir) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["--default-signal=INT,TERM,HUP", Workdir.binary.path] + (try dir.onStore(arguments, [:]).0)
        process.currentDirectoryURL = dir.url
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": dir.url.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func anInterruptedWriteLeavesNoTemporaryFile() throws {
        let dir = try Workdir()
        try Stress.writeBooks(dir.path("loans.csv"), rows: Self.rows)
        try dir.initDatabase("a.db")
        let setup = try dir.run(["--db", "a.db", "--today", "2025-12-22", "import", "books", "loans.csv"])
        try #require(setup.status == 0, "\(setup.stderr)")
        // Every other row invalid: the rejects file grows all through the import.
        var mixed = "title,author,borrower,loaned_on,due_on\n"
        for row in 0..<Self.rows {
            mixed += row % 2 == 0 ? "Book \(row),A,R,2025-12-01,2026-01-10\n" : "Bad \(row),A,R,2025-13-01,2026-01-10\n"
        }
        try dir.write("mixed.csv", mixed)
        for command in Self.commands {
            for folder in ["out", "moved", "public"] {
                try? FileManager.default.removeItem(atPath: dir.path(folder))
                try FileManager.default.createDirectory(atPath: dir.path(folder), withIntermediateDirectories: true)
            }
            let name = command.arguments.joined(separator: " ")
            let process = try Self.start(["--db", "a.db"] + command.arguments, in: dir)
            let deadline = Date().addingTimeInterval(120)
            var seen = false
            while process.isRunning && Date() < deadline {
                if FileState.names(in: dir.path(command.folder)).contains(where: { $0.hasSuffix(".tmp") }) {
                    seen = true
                    kill(process.processIdentifier, command.signal)
                    break
                }
                usleep(1_000)
            }
            if process.isRunning && !seen { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let left = FileState.names(in: dir.path(command.folder)).filter {
                $0.hasSuffix(".tmp") || $0.hasSuffix("-journal")
            }
            #expect(left.isEmpty, "\(name) left \(left)")
            if seen {
                #expect(
                    process.terminationReason == .uncaughtSignal && process.terminationStatus == command.signal,
                    "\(name) ended with \(process.terminationStatus) instead of the signal")
            } else {
                // Too quick to be caught writing (a backup copies in one step): nothing to interrupt.
                print("\(name): finished before a temporary was seen (status \(process.terminationStatus))")
            }
        }
        #expect(try HostileInputTests.integrity(dir) == "ok")
    }
}
