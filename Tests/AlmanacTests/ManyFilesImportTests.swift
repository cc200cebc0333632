import Foundation
import Testing

/// Importing many files costs the same per file however many there are (issue 27: 16,000 files took
/// 10 s, and 73 s with `--rejects`): `import books` of 200 and of 2,000 small files, plain and with
/// `--skip-invalid --rejects`, and `import DIR` of a folder holding 2,000 other CSV files; the time per
/// file of the larger run is at most 2.5 times the smaller's (a quadratic step would make it 10).
/// `make test` runs 50 and 500 files; `make stress` 200 and 2,000.
@Suite(.serialized) struct ManyFilesImportTests {
    static let counts = Stress.isOn ? (small: 200, large: 2_000) : (small: 50, large: 500)

    /// A small books file: two loans, and with `bad` a row with an impossible date (rejected with
    /// `--skip-invalid`).
    static func file(_ index: Int, bad: Bool = false) -> String {
        "title,author,borrower,loaned_on,due_on\nBook \(index),A,R,2025-12-01,2026-01-10\n"
            + "Book \(index) b,A,R,2025-12-01,2026-01-10\n" + (bad ? "Bad \(index),A,R,2025-13-01,2026-01-10\n" : "")
    }

    /// Seconds per file of one import of `count` files, and what it printed.
    static func secondsPerFile(_ count: Int, options: [String]) throws -> Double {
        let dir = try Workdir()
        try dir.initDatabase("a.db")
        try FileManager.default.createDirectory(atPath: dir.path("in"), withIntermediateDirectories: true)
        for index in 0..<count { try dir.write("in/f\(index).csv", file(index, bad: !options.isEmpty)) }
        try FileManager.default.createDirectory(atPath: dir.path("out"), withIntermediateDirectories: true)
        let started = Date()
        let out = try dir.run(
            ["--db", "a.db", "--today", "2025-12-22", "import", "books"]
                + (0..<count).map { "in/f\($0).csv" } + options)
        let seconds = Date().timeIntervalSince(started)
        // Rows left out make the status 65, after the commit of the rest.
        try #require(out.status == (options.isEmpty ? 0 : 65), "\(count) files \(options): \(out.stderr.prefix(300))")
        let rejects = try FileManager.default.contentsOfDirectory(atPath: dir.path("out"))
        #expect(rejects.count == (options.isEmpty ? 0 : count), "\(rejects.count) rejects files for \(count) inputs")
        let rows = try dir.run(["--db", "a.db", "query", "SELECT count(*) AS n FROM books", "--format", "csv"])
        #expect(rows.stdout == "n\r\n\(2 * count)\r\n", "\(rows.stdout)")
        return seconds / Double(count)
    }

    /// Ten times the files, each way: the larger's time per file within 2.5 times the smaller's.
    @Test(arguments: [[], ["--skip-invalid", "--rejects", "out/rejects.csv"]])
    func timePerFileDoesNotGrowWithTheNumberOfFiles(_ options: [String]) throws {
        let (count, many) = Self.counts
        let small = try Self.secondsPerFile(count, options: options)
        let large = try Self.secondsPerFile(many, options: options)
        print(
            "import books \(options.joined(separator: " ")): \(Self.ms(small)) ms per file over \(count) files, \(Self.ms(large)) over \(many)"
        )
        #expect(
            large <= 2.5 * small,
            "per file: \(Self.ms(small)) ms over \(count) files, \(Self.ms(large)) ms over \(many)")
    }

    /// `import DIR` of a folder with books.csv among ten times more other CSV files (each named in a note).
    @Test func aFolderOfManyFilesIsReadInLinearTime() throws {
        var perFile: [Double] = []
        for count in [Self.counts.small, Self.counts.large] {
            let dir = try Workdir()
            try dir.initDatabase("a.db")
            try FileManager.default.createDirectory(atPath: dir.path("data"), withIntermediateDirectories: true)
            try dir.write("data/books.csv", Self.file(0))
            for index in 0..<count { try dir.write("data/other-\(index).csv", Self.file(index)) }
            let started = Date()
            let out = try dir.run(["--db", "a.db", "--today", "2025-12-22", "import", "data"])
            perFile.append(Date().timeIntervalSince(started) / Double(count))
            #expect(out.status == 0, "\(out.stderr.prefix(300))")
            #expect(
                out.stderr.components(separatedBy: "\n").filter { $0.hasSuffix("is not a known kind; skipped") }.count
                    == count)
        }
        print(
            "import DIR: \(Self.ms(perFile[0])) ms per file over \(Self.counts.small) files, \(Self.ms(perFile[1])) over \(Self.counts.large)"
        )
        #expect(perFile[1] <= 2.5 * perFile[0], "per file: \(Self.ms(perFile[0])) ms, then \(Self.ms(perFile[1])) ms")
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.3f", seconds * 1000) }
}
