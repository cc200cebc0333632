import Foundation
import TestSupport
import Testing

/// Streaming holds by memory, not by time: 200,000 loans listed through the built binary in every
/// format, by every command that prints them (books list, overdue, query, a report), each with its
/// peak resident memory read from `wait4` (`Workdir.measure`). Formats that write rows as they come
/// stay within 64 MiB, and so do `table`, which spools the cells of a long box to a temporary file,
/// and an `html` page with a chart, which spools its rows while it tallies the chart;
/// none grows by more than 16 MiB from 2,000 rows to 200,000 (a listing held whole grows by over
/// 100 MiB here). Time is measured by `make bench`, never in a test.
@Suite(
    .serialized, .enabled(if: Stress.isOn, "48 runs of 200,000 rows: make stress runs them (ALMANAC_STRESS=1)"),
    .enabled(if: Python.missing == nil, "python3 reads the peak memory (make deps installs it)"))
struct StreamingMemoryTests {
    static let many = 200_000
    static let few = 2_000
    /// The most any listing may hold, in KiB (the bound for csv, tsv, json and markdown).
    static let boundKiB = 64 << 10
    /// The most a listing may grow from `few` rows to `many`, in KiB.
    static let growthKiB = 16 << 10

    static let formats = ["csv", "tsv", "json", "markdown", "table", "html"]

    /// Each command that prints the loans, with the exit status it ends with when every loan is
    /// overdue. The `html` pages of `overdue` and of the overdue-books report draw a chart above the
    /// rows from all of them: they tally the chart and spool the rows.
    static let commands: [(arguments: [String], status: Int32)] = [
        (["books", "list"], 0),
        (["--today", "2030-01-01", "overdue"], 2),
        (["query", "SELECT * FROM books"], 0),
        (["--today", "2030-01-01", "report", "run", "overdue-books"], 0),
    ]

    /// `count` loans, all open, with titles long enough that a listing held whole would show.
    static func loans(_ count: Int) -> String {
        var csv = "id,title,author,borrower,loaned_on,due_on,returned_on\n"
        csv.reserveCapacity(count * 110)
        for id in 1...count {
            csv += "\(id),The collected letters and notes volume \(id),Author \(id % 997),Borrower \(id % 4_999),"
            csv += "2025-0\(1 + id % 9)-1\(id % 8),2025-0\(1 + id % 9)-2\(id % 8),\n"
        }
        return csv
    }

    /// A directory with `few.db` and `many.db`, holding that many loans.
    static func prepare() throws -> Workdir {
        let dir = try Workdir()
        for (name, count) in [("few", few), ("many", many)] {
            try dir.write(name + ".csv", loans(count))
            try dir.initDatabase(name + ".db")
            let out = try dir.run(["--db", name + ".db", "import", "books", name + ".csv"])
            try #require(out.status == 0, "\(out.stderr)")
        }
        return dir
    }

    @Test func everyListingOf200000LoansStaysWithinItsMemoryInEveryFormat() throws {
        let dir = try Self.prepare()
        for command in Self.commands {
            for format in Self.formats {
                let name = (command.arguments + ["--format", format]).joined(separator: " ")
                let few = try dir.measure(["--db", "few.db"] + command.arguments + ["--format", format])
                let many = try dir.measure(["--db", "many.db"] + command.arguments + ["--format", format])
                #expect(
                    few.status == command.status && many.status == command.status, "\(name): \(many.stderr.prefix(300))"
                )
                #expect(many.lines >= Self.many, "\(name): \(many.lines) lines, one per loan at least")
                #expect(many.peakKiB <= Self.boundKiB, "\(name): peak \(many.peakKiB / 1024) MiB")
                #expect(
                    many.peakKiB - few.peakKiB <= Self.growthKiB,
                    "\(name): \(few.peakKiB / 1024) MiB for \(Self.few) rows, \(many.peakKiB / 1024) MiB for \(Self.many)"
                )
                print(
                    "\(name): peak \(few.peakKiB) KiB for \(Self.few) rows, \(many.peakKiB) KiB for \(Self.many) (\(many.bytes) bytes)"
                )
            }
        }
    }
}
