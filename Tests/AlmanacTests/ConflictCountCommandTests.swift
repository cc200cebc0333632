import Foundation
import Testing

/// What an import says it did under each `--on-conflict` policy is what it did, on either store: rows
/// in groups (16 a statement) and one by one alike. On PostgreSQL a savepoint's RELEASE after each
/// guarded insert once reset the count, so every replaced or inserted row was reported as skipped.
@Suite struct ConflictCountCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase("a.db")
        // 20 events with ids: one group of 16, then 4 one by one.
        let rows = (1...20).map { "\($0),Event \($0),2026-01-\(String(format: "%02d", $0))T10:00:00Z" }
        try dir.write("events.csv", "id,title,starts_at\n" + rows.joined(separator: "\n") + "\n")
    }

    func summary(_ arguments: [String]) throws -> String {
        let out = try dir.run(["--db", "a.db", "import", "events", "events.csv"] + arguments)
        #expect(out.status == 0, "\(out.stderr)")
        return String(out.stdout.prefix { $0 != "\n" }.split(separator: " in ").first ?? "")
    }

    @Test func eachPolicyCountsWhatItDid() throws {
        #expect(try summary(["--on-conflict", "replace"]) == "Imported 20 rows from 1 file")
        #expect(try summary(["--on-conflict", "skip"]) == "Imported 0 rows from 1 file")
        let skipped = try dir.run(["--db", "a.db", "import", "events", "events.csv", "--on-conflict", "skip"])
        #expect(skipped.stdout.contains("; 20 skipped, 0 rejected"), "\(skipped.stdout)")
        let replaced = try dir.run(["--db", "a.db", "import", "events", "events.csv", "--on-conflict", "replace"])
        #expect(replaced.stdout.hasPrefix("Imported 20 rows") && replaced.stdout.contains("; 0 skipped"))
    }
}
