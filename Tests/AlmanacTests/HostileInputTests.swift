import AlmanacImport
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite

/// One file of the hostile-input corpus (`Tests/Hostile/manifest.tsv`) and how its import must end.
struct HostileCase: Sendable, CustomTestStringConvertible {
    /// The path under `Tests/Hostile/`, or under `generated/` for a file made at test time.
    let file: String
    let kind: String
    let status: Int32
    /// The start of the first line on standard error, or `rows=N` for an import that succeeds.
    let expectation: String
    let arguments: [String]

    var testDescription: String { file }
    var isGenerated: Bool { file.hasPrefix("generated/") }

    /// The corpus's folder.
    static let root = Workdir.packageRoot.appendingPathComponent("Tests/Hostile")

    /// Every case of the manifest: tab-separated file, kind, status, expectation, extra arguments.
    static let all: [HostileCase] = {
        let text = (try? String(contentsOf: root.appendingPathComponent("manifest.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return HostileCase(
                file: parts[0], kind: parts[1], status: Int32(parts[2]) ?? -1, expectation: parts[3],
                arguments: parts.count > 4 ? parts[4].split(separator: " ").map(String.init) : [])
        }
    }()
}

/// Every hostile file goes through the built binary into a database holding the sample data: the
/// import ends with the status and the first error line the manifest gives, and a refused import
/// leaves the database file byte for byte as it was.
@Suite struct HostileInputTests {
    @Test func theManifestListsEveryFileOfTheCorpusAndEveryKind() throws {
        let walker = FileManager.default.enumerator(at: HostileCase.root, includingPropertiesForKeys: nil)
        let files = (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "csv" }
            .map { String($0.path.dropFirst(HostileCase.root.path.count + 1)) }
        let listed = HostileCase.all.filter { !$0.isGenerated }.map(\.file)
        #expect(Set(files) == Set(listed))
        #expect(listed.count == Set(listed).count, "a file is listed twice")
        #expect(HostileCase.all.count >= 40)
        #expect(Set(HostileCase.all.map(\.kind)) == Set(KindRegistry.listed.map(\.rawValue)))
        #expect(HostileCase.all.allSatisfy { $0.status != -1 && ($0.status == 0) == $0.expectation.hasPrefix("rows=") })
    }

    @Test(arguments: HostileCase.all)
    func importEndsAsTheManifestSays(_ hostile: HostileCase) throws {
        // Rejects onto the database's file or a side file of it: on PostgreSQL those are plain file names.
        let ontoTheFile = hostile.arguments.contains { $0.hasPrefix("a.db") || $0.hasPrefix("./a.db") }
        if TestStore.isPostgres && ontoTheFile { return }
        let dir = try Workdir()
        try Self.prepare(dir)
        try Self.place(hostile, in: dir)
        let table = try #require(KindRegistry.kind(named: hostile.kind)).table
        let rowsBefore = try Self.count(table, in: dir)
        let before = try Self.digest(dir)
        let out = try dir.run(
            ["--db", "a.db", "--today", "2025-12-22", "import", hostile.kind, hostile.file] + hostile.arguments)
        #expect(out.status == hostile.status, "\(out.stderr)")
        if hostile.status == 0 {
            let rows = Int(hostile.expectation.dropFirst("rows=".count))
            #expect(try Self.count(table, in: dir) - rowsBefore == rows)
            #expect(out.stderr == "")
        } else {
            let first = out.stderr.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            #expect(first.hasPrefix(hostile.expectation), "first line: \(first)")
            #expect(out.stdout == "")
            #expect(try Self.digest(dir) == before, "the database file changed")
        }
        #expect(try Self.integrity(dir) == "ok")
    }

    /// Formula-looking and path-looking text is data: stored as written, exported as written (export
    /// then import is the identity), and never opened or evaluated.
    @Test(arguments: ["holidays/formula-text.csv", "holidays/path-text.csv", "events/formula-text.csv"])
    func formulaAndPathTextRoundTripsUnchanged(_ file: String) throws {
        let dir = try Workdir()
        let kind = String(file.prefix { $0 != "/" })
        let source = try String(contentsOf: HostileCase.root.appendingPathComponent(file), encoding: .utf8)
        try dir.write("in.csv", source)
        try dir.initDatabase("a.db")
        try dir.initDatabase("b.db")
        #expect(try dir.run(["--db", "a.db", "import", kind, "in.csv"]).status == 0)
        let exported = try dir.run(["--db", "a.db", "export", kind])
        #expect(exported.status == 0)
        try dir.write("out.csv", exported.stdout)
        #expect(try dir.run(["--db", "b.db", "import", kind, "out.csv"]).status == 0)
        #expect(try dir.run(["--db", "b.db", "export", kind]).stdout == exported.stdout)
        // Every value of the input is in the export exactly as written: nothing neutralized or cut.
        let written = Set(source.split(separator: "\n").dropFirst().flatMap { Self.values(String($0)) })
        let read = Set(exported.stdout.split(separator: "\n").dropFirst().flatMap { Self.values(String($0)) })
        #expect(written.subtracting(read).isEmpty, "lost: \(written.subtracting(read))")
    }

    // MARK: Helpers

    /// A database with the sample data in it, closed (so its WAL is checkpointed into the file): a
    /// copy of the one imported once per test run.
    static func prepare(_ dir: Workdir) throws {
        try dir.sampleData("a.db", options: ["--today", "2025-12-22"])
    }

    /// Copies the case's file into the directory under its own name, or makes it.
    static func place(_ hostile: HostileCase, in dir: Workdir) throws {
        let target = URL(fileURLWithPath: dir.path(hostile.file))
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        if hostile.isGenerated {
            try HostileFiles.make(hostile.file, at: target)
        } else {
            try FileManager.default.copyItem(at: HostileCase.root.appendingPathComponent(hostile.file), to: target)
        }
    }

    /// The bytes of the database file and of its WAL, if one was left (a small database).
    static func digest(_ dir: Workdir) throws -> [Data] {
        try ["a.db", "a.db-wal"].filter { FileManager.default.fileExists(atPath: dir.path($0)) }
            .map { try Data(contentsOf: URL(fileURLWithPath: dir.path($0))) }
    }

    static func count(_ table: String, in dir: Workdir) throws -> Int {
        try dir.scalar("SELECT count(*) FROM \(table)").flatMap { Int($0) } ?? -1
    }

    /// SQLite's `integrity_check` of the file; on PostgreSQL, which keeps its own pages, "ok".
    static func integrity(_ dir: Workdir) throws -> String {
        guard !TestStore.isPostgres else { return "ok" }
        let database = try SQLiteDatabase(path: dir.path("a.db"), mode: .readOnly)
        return try database.rows("PRAGMA integrity_check").compactMap { $0.first?.textValue }.joined(separator: "; ")
    }

    /// The values of one CSV line without line breaks in fields: quotes removed, doubled quotes undone.
    static func values(_ line: String) -> [String] {
        var values: [String] = []
        var current = ""
        var quoted = false
        var previousQuote = false
        for character in line where character != "\r" {
            if character == "\"" {
                if quoted {
                    quoted = false
                    previousQuote = true
                    continue
                }
                if previousQuote { current.append("\"") }
                quoted = true
            } else if character == "," && !quoted {
                values.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previousQuote = false
        }
        return values + [current]
    }
}

/// The hostile files too big to commit, made at test time.
enum HostileFiles {
    static func make(_ name: String, at url: URL) throws {
        switch name {
        case "generated/big-field.csv":
            // One unquoted field of 100 MB on the second line.
            try write(url, head: "id,title,due_on\n71,", repeating: "a", count: 100 << 20, tail: ",2025-12-20\n")
        case "generated/big-quoted-field.csv":
            // A quote opened on line 3 and never closed: 100 MB of lines inside one field.
            try write(
                url, head: "id,title,loaned_on,due_on\n71,Dune,2025-12-01,2025-12-20\n72,\"",
                repeating: "Dune Messiah\n",
                count: (100 << 20) / 13, tail: "")
        case "generated/wide-header.csv":
            let names = ["key", "title"] + (3...10_000).map { "c\($0)" }
            try Data((names.joined(separator: ",") + "\nxmas-2,X" + String(repeating: ",", count: 9_998) + "\n").utf8)
                .write(to: url)
        case "generated/wide-row.csv":
            try Data(("id,title,due_on\n71,Dune,2025-12-20" + String(repeating: ",x", count: 9_997) + "\n").utf8).write(
                to: url)
        case "generated/million-commas-header.csv", "generated/million-commas-settings-header.csv":
            try Data((String(repeating: ",", count: 1_000_000) + "\n").utf8).write(to: url)
        case "generated/ten-million-commas-row.csv":
            try Data(("key,title\nxmas-3,X" + String(repeating: ",", count: 10_000_000) + "\n").utf8).write(to: url)
        default:
            throw CocoaError(.fileNoSuchFile)
        }
    }

    private static func write(_ url: URL, head: String, repeating unit: String, count: Int, tail: String) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(head.utf8))
        let block = Data(String(repeating: unit, count: max(1, (1 << 20) / unit.utf8.count)).utf8)
        let units = count / max(1, (1 << 20) / unit.utf8.count)
        for _ in 0..<units { try handle.write(contentsOf: block) }
        try handle.write(contentsOf: Data(tail.utf8))
    }
}
