import Foundation
import TestSupport
import Testing

/// `site` writes each page as it is made, a report's rows as SQLite reads them, through the same
/// streaming as `report run --format html` (issue 27: it held every page, 2.8 GB over 1.5M loans):
/// its peak resident memory, read from `wait4`, grows at most 16 MiB from a site over 2,000 loans to
/// one over 20,000 (`make test`; a site held whole grows by some 50 MiB) or 100,000 (`make stress`,
/// where it also stays within 64 MiB), and its report pages hold every loan.
@Suite(.serialized, .enabled(if: Python.missing == nil, "python3 reads the peak memory (make deps installs it)"))
struct SiteMemoryTests {
    static let many = Stress.isOn ? 100_000 : 20_000
    static let few = 2_000

    @Test func theSiteOfManyLoansStaysWithinItsMemory() throws {
        let dir = try Workdir()
        var peaks: [Int: Int] = [:]
        for count in [Self.few, Self.many] {
            try dir.write("loans-\(count).csv", StreamingMemoryTests.loans(count))
            try dir.initDatabase("\(count).db")
            let imported = try dir.run(["--db", "\(count).db", "import", "books", "loans-\(count).csv"])
            try #require(imported.status == 0, "\(imported.stderr)")
            let site = try dir.measure(
                ["--db", "\(count).db", "--today", "2030-01-01", "site", "site-\(count)"],
                environment: ["TMPDIR": dir.url.path])
            #expect(site.status == 0, "\(site.stderr)")
            peaks[count] = site.peakKiB
            let page = try String(contentsOfFile: dir.path("site-\(count)/report-overdue-books.html"), encoding: .utf8)
            #expect(page.components(separatedBy: "<tr").count - 2 >= count, "every overdue loan is a row of the page")
            print("site over \(count) loans: peak \(site.peakKiB) KiB")
        }
        let few = peaks[Self.few] ?? 0
        let many = peaks[Self.many] ?? .max
        #expect(many <= StreamingMemoryTests.boundKiB, "peak \(many / 1024) MiB")
        #expect(
            many - few <= StreamingMemoryTests.growthKiB,
            "\(few / 1024) MiB for \(Self.few) loans, \(many / 1024) MiB for \(Self.many)")
    }
}
