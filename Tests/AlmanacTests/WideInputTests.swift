import AlmanacImport
import AlmanacKit
import Foundation
import Testing

@testable import AlmanacKinds

/// Files with millions of columns, for every kind, through the built binary into a database holding
/// the sample data: refused at their line and column, the database file byte for byte as it was,
/// and within 64 MiB more address space than the binary needs to import a small valid file (a
/// `ulimit -v` on the run; time is measured by `make bench`, `Bench/wide.sh`, never in a test).
@Suite struct WideInputTests {
    static let allowanceKiB = 64 << 10

    /// A directory with the sample data in `a.db`, and the address space a small import there takes.
    static func prepare() throws -> (dir: Workdir, baselineKiB: Int) {
        let dir = try Workdir()
        try HostileInputTests.prepare(dir)
        let baseline = try #require(try Self.baselineKiB.get(), "a small import fails even in 1 GiB")
        return (dir, baseline)
    }

    /// The address space a small import takes on the sample data: a valid books file of about 100 KB,
    /// read on two threads as the wide files are, in a dry run. Found once per test run (a bisection
    /// of ten runs): every test's database is a copy of the same one.
    static let baselineKiB = Result { () throws -> Int? in
        let dir = try Workdir()
        try HostileInputTests.prepare(dir)
        var rows = "title,due_on\n"
        for index in 0..<4_000 { rows += "Book \(index),2025-12-30\n" }
        try dir.write("small.csv", rows)
        let arguments = ["--db", "a.db", "--today", "2025-12-22", "import", "books", "small.csv", "--dry-run"]
        return try dir.addressSpaceNeeded(arguments)
    }

    @Test(arguments: KindRegistry.listed)
    func aHeaderOfAMillionCommasIsRefusedInBoundedMemory(_ kind: ImportKind) throws {
        let (dir, baseline) = try Self.prepare()
        let before = try HostileInputTests.digest(dir)
        try Data((String(repeating: ",", count: 1_000_000) + "\n").utf8).write(
            to: URL(fileURLWithPath: dir.path("wide.csv")))
        let out = try dir.run(
            ["--db", "a.db", "import", kind.rawValue, "wide.csv"], addressSpaceKiB: baseline + Self.allowanceKiB)
        #expect(out.status == 65, "\(out.stderr.prefix(300))")
        let lines = out.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("wide.csv:1:1: error: column 1 has no name (accepted: ") == true)
        #expect(lines.count == 101, "100 problems (--max-errors) and the last line")
        #expect(
            lines.last
                == "almanac: error: stopped after 100 problems (--max-errors); nothing was imported, the database is unchanged"
        )
        #expect(try HostileInputTests.digest(dir) == before, "the database file changed")
    }

    @Test(arguments: KindRegistry.listed)
    func aRowOfTenMillionCommasIsRefusedAtItsLineInBoundedMemory(_ kind: ImportKind) throws {
        let (dir, baseline) = try Self.prepare()
        let before = try HostileInputTests.digest(dir)
        // The kind's own header, as export writes it (animation-settings: one column per property).
        let header = try #require(
            try dir.run(["--db", "a.db", "export", kind.rawValue]).stdout.split(separator: "\n").first)
        let width = header.split(separator: ",").count
        try Data((header + "\n" + String(repeating: ",", count: 10_000_000) + "\n").utf8).write(
            to: URL(fileURLWithPath: dir.path("wide.csv")))
        let out = try dir.run(
            ["--db", "a.db", "import", kind.rawValue, "wide.csv"], addressSpaceKiB: baseline + Self.allowanceKiB)
        #expect(out.status == 65, "\(out.stderr.prefix(300))")
        #expect(
            out.stderr.split(separator: "\n").first
                == "wide.csv:2:\(width + 1): error: too many fields: expected \(width) as in the header, found 10000001"
        )
        #expect(try HostileInputTests.digest(dir) == before, "the database file changed")
    }
}
