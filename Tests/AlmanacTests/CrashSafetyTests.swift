import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacQuiz
@testable import AlmanacSQLite

/// An import killed with SIGKILL at random points never leaves a damaged database or part of a
/// file: after each kill the database passes `PRAGMA integrity_check`, and holds each import either
/// wholly (its rows and its `import_log` row) or not at all. 5 kills in `make test`, 20 in
/// `make stress`.
@Suite(.serialized) struct CrashSafetyTests {
    @Test(.sqliteFile) func killedImportsAreWhollyThereOrWhollyAbsent() throws {
        let dir = try Workdir()
        let rows = Stress.isOn ? 1_000_000 : 100_000
        let kills = Stress.isOn ? 20 : 5
        try Stress.writeBooks(dir.path("loans.csv"), rows: rows)
        #expect(try dir.run(["--db", "empty.db", "init"]).status == 0)
        try FileManager.default.copyItem(atPath: dir.path("empty.db"), toPath: dir.path("full.db"))

        // How long a whole import takes here (it also makes the database that already holds one):
        // the kill points spread over it.
        // Timed twice, the second time warm (the file and the binary already cached), for the shorter.
        let clock = ContinuousClock()
        var whole = Double.infinity
        for target in ["full.db", "warm.db"] {
            if target == "warm.db" {
                try FileManager.default.copyItem(atPath: dir.path("empty.db"), toPath: dir.path(target))
            }
            let started = clock.now
            let timing = try dir.run(["--db", target, "--today", "2025-12-22", "import", "books", "loans.csv"])
            #expect(timing.status == 0, "\(timing.stderr)")
            whole = min(whole, (clock.now - started) / .seconds(1))
        }
        var random = SeededRandom(seed: Stress.seed)
        var killedMidway = 0
        var finished = 0
        for kill in 1...kills {
            // Into an empty table (indexes dropped and built again) and into one holding a whole import
            // (indexes kept), in turn, each time from a fresh copy so the database stays small.
            let base = kill % 2 == 1 ? "empty.db" : "full.db"
            try? FileManager.default.removeItem(atPath: dir.path("a.db"))
            try FileManager.default.copyItem(atPath: dir.path(base), toPath: dir.path("a.db"))
            let delay = whole * random.unit()
            let process = try Stress.start(
                ["--db", "a.db", "--today", "2025-12-22", "import", "books", "loans.csv"], in: dir)
            Thread.sleep(forTimeInterval: delay)
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal {
                killedMidway += 1
            } else {
                finished += 1
                #expect(process.terminationStatus == 0, "an import that ended by itself failed (kill \(kill))")
            }
            let state = try Self.inspect(dir.path("a.db"), file: "loans.csv")
            #expect(state.integrity == "ok", "kill \(kill) after \(delay) s (seed \(Stress.seed))")
            #expect(
                state.loggedRows.allSatisfy { $0 == rows },
                "an import_log row for part of the file: \(state.loggedRows)")
            #expect(
                state.books == rows * state.loggedRows.count,
                "kill \(kill) after \(delay) s into \(base): \(state.books) books for \(state.loggedRows.count) logged imports (seed \(Stress.seed))"
            )
        }
        #expect(killedMidway > 0, "no kill landed inside an import")
        print(
            "crash safety: \(kills) kills (\(killedMidway) inside an import, \(finished) after it ended) of a \(rows)-row import "
                + "taking \(whole) s; seed \(Stress.seed); 0 corrupt or partial")
    }

    /// What a database holds after a kill: its integrity, its books, and the rows each logged import of `file` recorded.
    static func inspect(_ path: String, file: String) throws -> (integrity: String, books: Int, loggedRows: [Int]) {
        // Opened for writing, as the next almanac would: that replays or discards what the WAL holds.
        let database = try SQLiteDatabase(path: path)
        let integrity = try database.rows("PRAGMA integrity_check").compactMap { $0.first?.textValue }.joined(
            separator: "; ")
        guard case .integer(let books)? = try database.scalar("SELECT count(*) FROM books") else {
            return (integrity, -1, [])
        }
        let logged = try database.rows("SELECT rows FROM import_log WHERE file_name = ?", [.text(file)]).map {
            row -> Int in
            if case .integer(let count) = row[0] { return Int(count) }
            return -1
        }
        return (integrity, Int(books), logged)
    }
}
