import Foundation
import Testing

/// `--format html` through the binary: every command either prints a whole page or refuses the
/// format with exit 64 (never ignores it), and `--out` writes the page through the output guard.
/// What a reader sees in a browser is checked by `make test-browser` (Tests/Browser/check_pages.py).
@Suite struct PageCommandTests {
    let dir: Workdir
    static let day = ["--db", "a.db", "--today", "2025-12-22", "--tz", "UTC"]

    init() throws {
        dir = try Self.sampleWorkdir()
        try #require(try dir.run(Self.day + ["calendar", "select", "christmas"]).status == 0)
    }

    /// A folder with `a.db` holding the sample data (imported once per test run, then copied).
    static func sampleWorkdir() throws -> Workdir {
        let dir = try Workdir()
        try dir.sampleData("a.db", options: Array(day.dropFirst(2)))
        return dir
    }

    /// The commands that print rows, and so pages; every other one refuses `--format html`.
    static let pageCommands: Set<String> = [
        "report list", "report run", "query", "calendar holidays", "calendar show", "calendar open",
        "animation properties", "animation settings", "animation timeline", "countries list",
        "quiz question", "quiz scores", "quiz missed", "books list", "books add", "books edit", "books return",
        "books delete", "overdue", "schema", "events agenda", "events list", "events show", "events cards",
        "events add",
        "events edit", "events delete", "config list",
    ]

    @Test func everyCommandPrintsAPageOrRefusesTheFormat() throws {
        let commands = try MissingDatabaseTests.commands(dir)
        #expect(commands.count >= 30)
        // `site` writes its pages into a folder (SiteCommandTests).
        for command in commands where command != "site" {
            let words = command.split(separator: " ").map(String.init)
            for locale in ["en", "ru"] {
                var sample = MissingDatabaseTests.sampleArguments[command] ?? []
                // Book 1 (or event 1) is returned or deleted by the English run: the Russian one takes the second.
                if locale == "ru" && sample.first == "1"
                    && ["books return", "books delete", "events delete"].contains(command)
                {
                    sample[0] = "2"
                }
                let out = try dir.run(Self.day + ["--locale", locale, "--format", "html"] + words + sample)
                if Self.pageCommands.contains(command) {
                    #expect([0, 2].contains(out.status), "\(command): \(out.stderr)")
                    #expect(out.stdout.hasPrefix("<!DOCTYPE html>\n<html lang=\"\(locale)\">"), "\(command)")
                    #expect(out.stdout.hasSuffix("</body>\n</html>\n"), "\(command)")
                    #expect(!out.stdout.contains("<script"), "\(command)")
                } else {
                    #expect(
                        out.status == (command == "overdue" ? 3 : 64),
                        "\(command) \(locale): \(out.status) \(out.stderr)")
                    #expect(out.stdout.isEmpty, "\(command)")
                    let message =
                        locale == "en"
                        ? "almanac: error: \"almanac \(command)\" " : "almanac: ошибка: «almanac \(command)» "
                    #expect(
                        out.stderr.hasPrefix(message) && out.stderr.contains("--format html"),
                        "\(command): \(out.stderr)")
                }
            }
        }
    }

    @Test func outWritesThePageThroughTheGuard() throws {
        let out = try dir.run(Self.day + ["--format", "html", "report", "run", "events-by-day", "--out", "week.html"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.isEmpty)
        let page = try String(contentsOfFile: dir.path("week.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("<svg") && page.contains("role=\"img\""))
        // An existing file is replaced only with --force; the database never.
        let again = try dir.run(
            Self.day + ["--format", "html", "report", "run", "events-by-day", "--out", "week.html"])
        #expect(again.status == 64)
        #expect(again.stderr == "almanac: error: --out week.html: the file exists (add --force to replace it)\n")
        let forced = try dir.run(
            Self.day + ["--format", "html", "report", "run", "events-by-day", "--out", "week.html", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        // The database's file and its -wal are SQLite's: on PostgreSQL those names are plain files.
        guard !TestStore.isPostgres else { return }
        let before = try Data(contentsOf: URL(fileURLWithPath: dir.path("a.db")))
        let onDatabase = try dir.run(Self.day + ["--format", "html", "books", "list", "--out", "a.db", "--force"])
        #expect(onDatabase.status == 64)
        #expect(onDatabase.stderr.hasPrefix("almanac: error: --out a.db: that is the database"), "\(onDatabase.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path("a.db"))) == before)
        let sideFile = try dir.run(Self.day + ["books", "list", "--out", "a.db-wal", "--force"])
        #expect(sideFile.status == 64, "\(sideFile.stderr)")
    }

    @Test func overdueWritesItsPageBeforeItsStatus() throws {
        let out = try dir.run(Self.day + ["--format", "html", "overdue", "--out", "late.html"])
        #expect(out.status == 2, "CRITICAL: loans are overdue")
        let page = try String(contentsOfFile: dir.path("late.html"), encoding: .utf8)
        #expect(page.contains("class=\"chart columns\"") && page.contains("✗ overdue"))
    }

    @Test func theSnowmanPageAnimatesAlongTheTimeline() throws {
        let out = try dir.run(Self.day + ["--format", "html", "animation", "timeline", "Wobble"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("@keyframes snowman-moves{"))
        #expect(
            out.stdout.contains(
                "animation-name:snowman-moves;animation-duration:1.5s;animation-timing-function:linear;"))
        #expect(out.stdout.contains("50%{transform:translate(0px, 0px) rotate(15deg) scale(1.2, 0.8);opacity:1}"))
        #expect(out.stdout.contains("prefers-reduced-motion"))
    }

    /// Each quiz page draws its picture from the columns its table has (`quiz missed --pairs` by the
    /// keys `country` and `confused_times`, the same as `quiz missed`).
    @Test func theQuizPagesDrawTheirPictures() throws {
        for view in [["quiz", "scores"], ["quiz", "missed"], ["quiz", "missed", "--pairs"]] {
            let out = try dir.run(Self.day + ["--format", "html"] + view)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stdout.contains("<svg") && out.stdout.contains("class=\"chart bars\""), "\(view)")
        }
    }
}
