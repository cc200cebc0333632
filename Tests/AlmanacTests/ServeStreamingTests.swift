import AlmanacStore
import Foundation
import Testing

@testable import AlmanacSQLite

/// A listing of any length is sent as it is read, in bounded memory, with the headers every answer
/// has: `GET /books?limit=N` as JSON over 1,500,000 loans (150,000 in `make test`; `make stress` runs
/// the whole). The FlyingFox server built every loan in memory first: 3.4 GB at its peak, 1.4 GB held
/// after, and a 500 with no body and no headers after a minute. A page for people has at most 1,000
/// loans: a larger `?limit=` is a 400 naming the most.
@Suite(.serialized) struct ServeStreamingTests {
    static let loans = Stress.isOn ? 1_500_000 : 150_000
    /// The server's peak resident memory, in KiB, while it sends the listing.
    static let boundKiB = 128 << 10

    @Test func aListingOfMillionsOfLoansStreamsInBoundedMemory() throws {
        let dir = try Workdir()
        try dir.prepared("serve-sample", as: "almanac.db") { try $0.demoDatabase("made.db") }
        // date(text): SQLite's function, PostgreSQL's cast; both give the day.
        try dir.execute(
            """
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Self.loans))
            INSERT INTO books (title, author, borrower, loaned_on, due_on)
            SELECT 'The collected letters and notes volume ' || x, 'Author ' || (x % 997), 'Borrower ' || (x % 4999),
                   date('2025-0' || (1 + x % 9) || '-1' || (x % 8)), date('2025-0' || (1 + x % 9) || '-2' || (x % 8)) FROM c
            """, in: "almanac.db")
        let total = try #require(try dir.scalar("SELECT count(*) FROM books", in: "almanac.db").flatMap { Int($0) })
        let server = try RunningServer(dir, [])
        let started = try #require(server.peakKiB)
        let output = dir.path("loans.json")
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = [
            "-s", "-D", dir.path("headers.txt"), "-o", output, "--max-time", "120", "-H", "Accept: application/json",
            server.url + "books?limit=\(Self.loans + 100)",
        ]
        try curl.run()
        curl.waitUntilExit()
        let peak = try #require(server.peakKiB)
        let head = RunningServer.parse(try String(contentsOfFile: dir.path("headers.txt"), encoding: .utf8) + "\r\n")
        #expect(head.status == 200)
        #expect(head.headers["transfer-encoding"] == "chunked", "sent as it is read")
        #expect(head.headers["content-security-policy"]?.contains("default-src 'none'") == true)
        #expect(head.headers["x-content-type-options"] == "nosniff")
        // Every loan, one a line, and the array closed: the listing went out whole.
        let lines = try Self.countLines(output)
        #expect(lines == Int(total) + 2, "\(lines) lines for \(total) loans")
        #expect(peak <= Self.boundKiB, "peak \(peak / 1024) MiB (\(started / 1024) MiB at start)")
        print("GET /books?limit=\(Self.loans) (json): peak \(peak / 1024) MiB, \(started / 1024) MiB at start")
        // A report over every loan, as JSON and as a page (its chart tallied, its rows spooled), each
        // sent as it is read. A page of 1,500,000 rows (740 MB of HTML) takes longer than a page may
        // (the CLI writes it in 23 s): refused at the deadline, 503, in bounded memory all the same.
        let pageFits = Self.loans <= 150_000
        for (accept, ending) in [("application/json", "]\n"), ("text/html", "</html>\n")] {
            let report = dir.path("report.out")
            let fetch = Process()
            fetch.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            fetch.arguments = [
                "-s", "-D", dir.path("headers.txt"), "-o", report, "--max-time", "120", "-H", "Accept: " + accept,
                server.url + "reports/overdue-books?as_of=2026-12-31",
            ]
            try fetch.run()
            fetch.waitUntilExit()
            let head = RunningServer.parse(
                try String(contentsOfFile: dir.path("headers.txt"), encoding: .utf8) + "\r\n")
            #expect(head.headers["content-security-policy"]?.contains("default-src 'none'") == true)
            if accept == "text/html" && !pageFits {
                let refusal = try String(contentsOfFile: report, encoding: .utf8)
                #expect(head.status == 503 && refusal.contains("took longer than 20 seconds"), "\(head.status)")
                continue
            }
            #expect(head.status == 200 && head.headers["transfer-encoding"] == "chunked", "\(accept)")
            let size = (try FileManager.default.attributesOfItem(atPath: report)[.size] as? Int) ?? 0
            #expect(size > Self.loans * 100, "\(accept): \(size) bytes")
            let tail = try FileHandle(forReadingFrom: URL(fileURLWithPath: report))
            try tail.seek(toOffset: UInt64(max(0, size - 64)))
            #expect(String(decoding: try tail.readToEnd() ?? Data(), as: UTF8.self).hasSuffix(ending), "\(accept)")
            try tail.close()
        }
        let reportPeak = try #require(server.peakKiB)
        #expect(reportPeak <= Self.boundKiB, "peak \(reportPeak / 1024) MiB after the reports")
        // A page for people is bounded: the most is named.
        let page = try server.get("/books?limit=\(Self.loans)")
        #expect(page.status == 400 && page.body.contains("expected a whole number from 1 to 1000"))
        #expect(page.headers["content-security-policy"] != nil)
        #expect(server.stop() == 0)
    }

    /// The newlines of a file, counted by reading it in pieces.
    static func countLines(_ path: String) throws -> Int {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var count = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            count += chunk.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        }
        return count
    }
}
