import Foundation
import Testing

/// `almanac site DIR`: every page and an index linking them, through the output guard.
@Suite struct SiteCommandTests {
    let dir: Workdir
    static let day = PageCommandTests.day

    init() throws {
        dir = try PageCommandTests.sampleWorkdir()
    }

    @Test func writesEveryPageAndAnIndexLinkingThem() throws {
        let out = try dir.run(Self.day + ["site", "public"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr == "Wrote 22 pages into public\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path("public")).sorted()
        #expect(
            files.contains("index.html") && files.contains("calendar-christmas.html")
                && files.contains("events-agenda.html"))
        #expect(
            files.contains("report-events-by-day.html") && files.contains("report-overdue-books.html")
                && files.contains("animation-1.html"))
        let index = try String(contentsOfFile: dir.path("public/index.html"), encoding: .utf8)
        for file in files where file != "index.html" {
            #expect(index.contains("<a href=\"\(file)\">"), "\(file)")
            let page = try String(contentsOfFile: dir.path("public/" + file), encoding: .utf8)
            #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"), "\(file)")
        }
        #expect(!files.contains { $0.hasPrefix(".") }, "no temporary file is left")
    }

    @Test func anExistingSiteIsReplacedOnlyWithForce() throws {
        #expect(try dir.run(Self.day + ["site", "public"]).status == 0)
        let again = try dir.run(Self.day + ["--locale", "ru", "site", "public"])
        #expect(again.status == 64)
        #expect(again.stderr.hasPrefix("almanac: ошибка: site public/index.html: "), "\(again.stderr)")
        let forced = try dir.run(Self.day + ["--locale", "ru", "site", "public", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(
            try String(contentsOfFile: dir.path("public/index.html"), encoding: .utf8).contains("<html lang=\"ru\">"))
    }

    @Test func aFormatOtherThanHTMLIsRefused() throws {
        let out = try dir.run(Self.day + ["--format", "json", "site", "public"])
        #expect(out.status == 64)
        #expect(out.stderr == "almanac: error: \"almanac site\" cannot print --format json (it prints html)\n")
        #expect(!FileManager.default.fileExists(atPath: dir.path("public")))
    }

    @Test func aFolderThatCannotBeMadeIsExit73() throws {
        let out = try dir.run(Self.day + ["site", "missing/public"])
        #expect(out.status == 73, "\(out.stderr)")
    }
}
