import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacQuiz
@testable import AlmanacSQLite

/// Outputs are bound to the folder that was checked (issue 27: a rejects folder swapped for a
/// symlink to the database's folder mid-import put the rejects file over the database). For every
/// command that writes a file, the database lives in `lib/` under the very name the command writes
/// into `drop/` (where an earlier output of that name waits to be replaced with `--force`), and at
/// a moment chosen by the round's seed `drop` is renamed away and replaced by a symlink to `lib` (in
/// odd rounds swapped, swapped back and swapped again). After each round the database file is byte for byte what it was (an import: whole,
/// with its rows or without them), `lib/` holds nothing new, and the output is either complete in
/// the folder that was checked, now `drop.orig/`, or refused with one line. 5 rounds a command in
/// `make test`, 50 (seeds 1…50) over a larger database in `make stress`.
@Suite(.serialized, .sqliteFile) struct OutputRaceTests {
    static let rounds = Stress.isOn ? 50 : 5
    static let loans = Stress.isOn ? 100_000 : 5_000

    /// A command that writes a file: the database's name (the name it writes into `drop/`), its
    /// arguments after `--db lib/NAME`, the status it ends with when it succeeds, and whether it
    /// writes the database (an import).
    struct Writer: Sendable {
        let name: String
        let database: String
        let arguments: [String]
        var success: Int32 = 0
        var writesTheDatabase = false
        /// The statuses of a refusal: usage, cannot create, I/O (`overdue`: 3 for any failure).
        var refusals: Set<Int32> = [64, 73, 74]
    }

    static let writers: [Writer] = [
        Writer(
            name: "export --out", database: "lib.db", arguments: ["export", "books", "--out", "drop/lib.db", "--force"]),
        Writer(name: "export DIR", database: "books.csv", arguments: ["export", "drop", "--force"]),
        Writer(
            name: "import --rejects", database: "lib.db",
            arguments: [
                "--today", "2025-12-22", "import", "books", "in/mixed.csv", "--skip-invalid", "--rejects",
                "drop/lib.db", "--force",
            ],
            success: 65, writesTheDatabase: true),
        Writer(name: "site", database: "index.html", arguments: ["--today", "2030-01-01", "site", "drop", "--force"]),
        Writer(name: "backup", database: "lib.db", arguments: ["backup", "drop/lib.db", "--force"]),
        Writer(
            name: "report run --out", database: "lib.db",
            arguments: [
                "--today", "2030-01-01", "report", "run", "overdue-books", "--format", "html", "--out", "drop/lib.db",
                "--force",
            ]),
        Writer(
            name: "query --out", database: "lib.db",
            arguments: ["query", "SELECT * FROM books", "--format", "csv", "--out", "drop/lib.db", "--force"]),
        Writer(
            name: "overdue --out", database: "lib.db",
            arguments: ["--today", "2030-01-01", "overdue", "--format", "json", "--out", "drop/lib.db", "--force"],
            success: 2,
            refusals: [3]),
        Writer(
            name: "books list --out", database: "lib.db",
            arguments: ["books", "list", "--format", "tsv", "--out", "drop/lib.db", "--force"]),
    ]

    @Test(arguments: writers.map(\.name))
    func theOutputIsInTheCheckedFolderOrRefused(_ name: String) throws {
        let writer = try #require(Self.writers.first { $0.name == name })
        let dir = try Workdir()
        try Stress.writeBooks(dir.path("loans.csv"), rows: Self.loans)
        try dir.initDatabase("source.db")
        try #require(
            try dir.run(["--db", "source.db", "--today", "2025-12-22", "import", "books", "loans.csv"]).status == 0)
        try FileManager.default.createDirectory(atPath: dir.path("in"), withIntermediateDirectories: true)
        // The invalid row comes last: the rejects file is opened there, long after it was claimed.
        try Stress.writeBooks(dir.path("in/mixed.csv"), rows: Self.loans)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: dir.path("in/mixed.csv")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("Bad,A,R,2025-13-01,2026-01-10\n".utf8))
        try handle.close()

        // One run with nothing swapped: how long the command takes, so the swaps spread over it.
        try reset(dir, writer)
        let clock = ContinuousClock()
        let started = clock.now
        let plain = try dir.run(["--db", "lib/" + writer.database] + writer.arguments, timeout: 120)
        let duration = (clock.now - started) / .seconds(1)
        #expect(plain.status == writer.success, "\(name): \(plain.stderr)")

        var placed = 0
        var refused = 0
        for seed in 1...Self.rounds {
            try reset(dir, writer)
            let database = dir.path("lib/" + writer.database)
            let digest = try FileState.digest(database)
            let books = try Self.count(database)
            var random = SeededRandom(seed: UInt64(seed))
            let swap = random.unit() * duration * 1.5
            // Odd rounds swap, swap back and swap again, at moments of their own.
            let flips = seed % 2 == 1 ? [random.unit() * swap, random.unit() * swap].sorted() + [swap] : [swap]
            let drop = dir.path("drop")
            let original = dir.path("drop.orig")
            let done = DispatchSemaphore(value: 0)
            Thread {
                var elapsed = 0.0
                for (index, moment) in flips.enumerated() {
                    Thread.sleep(forTimeInterval: moment - elapsed)
                    elapsed = moment
                    if index % 2 == 0 {
                        _ = rename(drop, original)
                        _ = symlink("lib", drop)
                    } else {
                        _ = unlink(drop)
                        _ = rename(original, drop)
                    }
                }
                done.signal()
            }.start()
            let out = try dir.run(["--db", "lib/" + writer.database] + writer.arguments, timeout: 120)
            done.wait()
            let round = "\(name), seed \(seed), swaps at \(flips) s of \(duration) s"
            #expect(!out.hung, "\(round): hung")
            // The database: never written over.
            if writer.writesTheDatabase {
                #expect(try Self.integrity(database) == "ok", "\(round)")
                #expect([books, books + Self.loans].contains(try Self.count(database)), "\(round)")
            } else {
                #expect(try FileState.digest(database) == digest, "\(round): the database changed")
                #expect(try Self.count(database) == books, "\(round)")
            }
            let extra = FileState.names(in: dir.path("lib")).filter {
                ![writer.database, writer.database + "-wal", writer.database + "-shm"].contains($0)
            }
            #expect(extra.isEmpty, "\(round): \(extra) in the database's folder")
            // The output: in the folder that was checked, or refused.
            #expect(
                FileState.names(in: dir.path("drop.orig")).filter { $0.hasSuffix(".tmp") }.isEmpty,
                "\(round): a temporary left")
            if out.status == writer.success {
                placed += 1
                var status = stat()
                let output = dir.path("drop.orig/" + writer.database)
                #expect(
                    lstat(output, &status) == 0 && status.st_mode & S_IFMT == S_IFREG,
                    "\(round): no output in the checked folder")
                #expect(
                    FileManager.default.contents(atPath: output) != Self.old, "\(round): the old output is still there")
            } else {
                refused += 1
                #expect(writer.refusals.contains(out.status), "\(round): \(out.status) \(out.stderr)")
                // One line (an import names its invalid row first).
                let lines = out.stderr.split(separator: "\n")
                #expect(
                    lines.last?.hasPrefix("almanac: error: ") == true
                        && lines.count <= (writer.writesTheDatabase ? 2 : 1), "\(round): \(out.stderr)")
            }
        }
        print(
            "\(name): \(Self.rounds) rounds over \(Self.loans) loans, \(duration) s a run: \(placed) placed in the checked folder, \(refused) refused"
        )
    }

    /// What `drop/` holds under the output's name before a round: an earlier output, which `--force`
    /// replaces (the rejects file did so by path, after the folder had been swapped).
    static let old = Data("old output\n".utf8)

    /// A fresh `lib/` with the database under the writer's name, `drop/` with an old output of that
    /// name, no `drop.orig/`.
    func reset(_ dir: Workdir, _ writer: Writer) throws {
        for folder in ["lib", "drop", "drop.orig"] { try? FileManager.default.removeItem(atPath: dir.path(folder)) }
        try FileManager.default.createDirectory(atPath: dir.path("lib"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.path("drop"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir.path("source.db"), toPath: dir.path("lib/" + writer.database))
        try Self.old.write(to: URL(fileURLWithPath: dir.path("drop/" + writer.database)))
    }

    static func integrity(_ path: String) throws -> String {
        let database = try SQLiteDatabase(path: path, mode: .readOnly)
        return try database.rows("PRAGMA integrity_check").compactMap { $0.first?.textValue }.joined(separator: "; ")
    }

    static func count(_ path: String) throws -> Int {
        let database = try SQLiteDatabase(path: path, mode: .readOnly)
        guard case .integer(let count)? = try database.scalar("SELECT count(*) FROM books") else { return -1 }
        return Int(count)
    }
}
