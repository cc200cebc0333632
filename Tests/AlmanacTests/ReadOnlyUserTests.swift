import AlmanacKit
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

/// A monitoring user who may read the database but write neither it nor its folder (README,
/// "Reading as another user") runs every read command, as a real second user (`nobody`), while no
/// writer runs and while one holds a write transaction open; it sees what the owner sees, and the
/// file does not change. Writes are refused in plain words.
@Suite(.sqliteFile, .enabled(if: OtherUser.isAvailable, OtherUser.skipReason))
struct ReadOnlyUserTests {
    let dir: Workdir
    let other: OtherUser

    /// The database's folder and files are the owner's (root's): mode 0755 and 0644, as `init` and an
    /// import leave them with the usual umask (copied with their modes from the run's sample database).
    init() throws {
        dir = try Workdir()
        other = try OtherUser(dir)
        try FileManager.default.createDirectory(atPath: dir.path("data"), withIntermediateDirectories: true)
        try setMode(0o755, dir.path("data"))
        try dir.sampleData("data/lib.db", options: ["--today", "2025-12-22"])
        #expect(FileState.names(in: dir.path("data")) == ["lib.db", "lib.db-shm", "lib.db-wal"])
        for name in ["lib.db", "lib.db-shm", "lib.db-wal"] {
            let mode =
                (try? FileManager.default.attributesOfItem(atPath: dir.path("data/" + name)))?[.posixPermissions]
                as? Int
            #expect(mode == 0o644, "\(name)")
        }
    }

    /// The read commands: the overdue check (rows and the monitoring line), ad-hoc queries, reports
    /// and every listing.
    static let readCommands: [[String]] = [
        ["overdue"], ["overdue", "--format", "nagios"], ["overdue", "--due-within", "30", "--format", "json"],
        ["query", "SELECT count(*) AS loans FROM books"], ["report", "run", "overdue-books"],
        ["report", "run", "events-by-day", "--format", "csv"],
        ["books", "list"], ["events", "agenda"], ["events", "show", "1"], ["events", "cards"],
        ["calendar", "holidays"], ["calendar", "show", "christmas"], ["countries", "list", "--search", "ger"],
        ["quiz", "scores"], ["quiz", "missed"], ["quiz", "question", "--seed", "7"],
        ["animation", "properties"], ["animation", "settings"], ["animation", "timeline", "Wobble", "--fps", "2"],
        ["export", "books"],
    ]

    func runAll() throws -> [(command: [String], owner: Workdir.Output, reader: Workdir.Output)] {
        try Self.readCommands.map { command in
            let arguments = ["--db", "data/lib.db", "--today", "2025-12-22", "--color", "never"] + command
            return (command, try dir.run(arguments), try other.run(arguments))
        }
    }

    func expectTheSame(_ runs: [(command: [String], owner: Workdir.Output, reader: Workdir.Output)]) {
        for run in runs {
            #expect(run.owner.status == (run.command[0] == "overdue" ? 2 : 0), "\(run.command): \(run.owner.stderr)")
            #expect(run.reader.status == run.owner.status, "\(run.command): \(run.reader.stderr)")
            #expect(run.reader.stdout == run.owner.stdout, "\(run.command)")
            #expect(
                !run.reader.stderr.contains("readonly") && !run.reader.stderr.contains("error"),
                "\(run.command): \(run.reader.stderr)")
        }
    }

    @Test func everyReadCommandRunsWhileNoWriterRuns() throws {
        let before = try FileState.digest(dir.path("data/lib.db"))
        expectTheSame(try runAll())
        #expect(try FileState.digest(dir.path("data/lib.db")) == before)
        #expect(FileState.names(in: dir.path("data")) == ["lib.db", "lib.db-shm", "lib.db-wal"])
    }

    /// A writer holds a write transaction open (not committed): readers see the last committed
    /// state and do not wait for it.
    @Test func everyReadCommandRunsWhileAWriterHoldsTheDatabase() throws {
        let committed = try runAll()
        let holder = try SQLiteDatabase(path: dir.path("data/lib.db"))
        try holder.execute("BEGIN IMMEDIATE")
        try holder.execute(
            "INSERT INTO books (title, loaned_on, due_on) VALUES ('Not yet committed', '2025-12-01', '2025-12-05')")
        defer { try? holder.execute("ROLLBACK") }
        let during = try Self.readCommands.map { command in
            try other.run(["--db", "data/lib.db", "--today", "2025-12-22", "--color", "never"] + command)
        }
        for (index, out) in during.enumerated() {
            #expect(out.status == committed[index].owner.status, "\(Self.readCommands[index]): \(out.stderr)")
            #expect(out.stdout == committed[index].owner.stdout, "\(Self.readCommands[index])")
        }
    }

    /// A change by the reader is refused in plain words as permission denied (77, not 73: the database
    /// exists, this user may not write it), and nothing is written.
    @Test func writingIsRefusedInPlainWords() throws {
        let before = try FileState.digest(dir.path("data/lib.db"))
        for command in [
            ["books", "add", "Persuasion", "--due", "2026-01-10"], ["overdue", "--notify"],
            ["calendar", "open", "christmas", "1"], ["books", "return", "1"],
        ] {
            let out = try other.run(["--db", "data/lib.db", "--today", "2025-12-22"] + command)
            #expect(out.status == (command[0] == "overdue" ? 3 : 77), "\(command)")
            #expect(
                out.stderr
                    == "almanac: error: data/lib.db: permission denied: the database is read-only for this user, so nothing was changed "
                    + "(run the command as its owner, or ask for write access)\n", "\(command)")
        }
        #expect(try FileState.digest(dir.path("data/lib.db")) == before)
    }

    /// Without -wal and -shm (deleted by hand, or a copy of the file alone) the reader cannot open a
    /// WAL database in a folder it may not write: it is told so, and any command of the owner puts
    /// them back.
    @Test func withoutItsSideFilesTheReaderIsToldWhatToDo() throws {
        try FileManager.default.removeItem(atPath: dir.path("data/lib.db-wal"))
        try FileManager.default.removeItem(atPath: dir.path("data/lib.db-shm"))
        let refused = try other.run(["--db", "data/lib.db", "overdue", "--format", "nagios"])
        #expect(refused.status == 3)
        #expect(
            refused.stdout.hasPrefix(
                "OVERDUE UNKNOWN - data/lib.db: cannot read the database: lib.db-wal and lib.db-shm are missing"))
        #expect(try dir.run(["--db", "data/lib.db", "init"]).status == 0)
        #expect(FileState.names(in: dir.path("data")) == ["lib.db", "lib.db-shm", "lib.db-wal"])
        #expect(
            try other.run(["--db", "data/lib.db", "--today", "2025-12-22", "overdue", "--format", "nagios"]).status == 2
        )
    }
}
