import AlmanacKit
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite
@testable import AlmanacText

/// `almanac report list | run` through the built binary, as a new user would try them.
@Suite struct ReportCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase()
        try dir.execute(
            """
            INSERT INTO books (id, title, author, borrower, loaned_on, due_on) VALUES
                (1, 'Мастер и Маргарита', 'Михаил Булгаков', 'Аня', '2025-11-01', '2025-12-01'),
                (2, 'ノルウェイの森', '村上春樹', 'Kenji', '2025-12-10', '2025-12-24');
            """)
    }

    /// `almanac --locale ru report list` reads as Russian: no English word of ours is left once the
    /// names you type (report and parameter names) are set aside.
    @Test func russianListReadsAsRussian() throws {
        let out = try dir.run(["--locale", "ru", "report", "list"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("│        имя        │"))
        #expect(out.stdout.contains("Просроченные книги и книги с близким сроком"))
        #expect(out.stdout.hasSuffix("\n7 отчётов\n") || out.stdout.contains(" отчёт"))
        var text = out.stdout
        let reports = try ReportCatalog.builtIn().reports
        for name in reports.map(\.name) + reports.flatMap({ $0.parameters.map(\.name) }) {
            text = text.replacingOccurrences(of: name, with: "")
        }
        let wordPattern = try Regex("[A-Za-z]{2,}")
        func words(_ text: String) -> Set<String> {
            Set(text.matches(of: wordPattern).map { String(text[$0.range]).lowercased() })
        }
        let ours = (Localizer.catalog["en"] ?? [:]).values.reduce(into: Set<String>()) { $0.formUnion(words($1)) }
            .subtracting(
                (Localizer.catalog["ru"] ?? [:]).values.reduce(into: Set<String>()) { $0.formUnion(words($1)) })
        #expect(words(text).intersection(ours).sorted() == [])
        let byEnvironment = try dir.run(["report", "list"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(byEnvironment.stdout == out.stdout)
    }

    @Test func pipedOutputHasNoColourUnlessForced() throws {
        let run = ["--db", "a.db", "--today", "2025-12-20", "report", "run", "overdue-books"]
        let piped = try dir.run(run)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(!piped.stdout.contains("\u{1B}"))
        #expect(piped.stdout.contains("✗ overdue"), "the status is said in words and a symbol")
        let forced = try dir.run(run + ["--color", "always"])
        #expect(forced.stdout.contains("\u{1B}[31m✗ overdue\u{1B}[0m"))
        #expect(forced.stdout.contains("\u{1B}[33m! due soon\u{1B}[0m"))
        let noColor = try dir.run(run + ["--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(noColor.stdout == piped.stdout, "NO_COLOR wins over --color always")
        #expect(try dir.run(run, environment: ["COLUMNS": "30"]).stdout == piped.stdout, "a pipe is never cut")
    }

    @Test func runPrintsEveryFormat() throws {
        let run = ["--db", "a.db", "--today", "2025-12-20", "report", "run", "loans-by-borrower"]
        #expect(
            try dir.run(run + ["--format", "csv"]).stdout
                == "borrower,books,overdue,next_due_on\r\nKenji,1,0,2025-12-24\r\nАня,1,1,2025-12-01\r\n")
        #expect(
            try dir.run(run + ["--format", "json", "--locale", "ru"]).stdout == """
                [
                  {"borrower": "Kenji", "books": 1, "overdue": 0, "next_due_on": "2025-12-24"},
                  {"borrower": "Аня", "books": 1, "overdue": 1, "next_due_on": "2025-12-01"}
                ]

                """)
        let russian = try dir.run(run + ["--locale", "ru"])
        #expect(russian.stdout.contains("│ Аня      │ 1 книга │          1 │ Пн, 1 дек.     │"), "\(russian.stdout)")
        #expect(russian.stdout.hasSuffix("2 строки\n"))
    }

    @Test func parameterErrorsListWhatIsAccepted() throws {
        let base = ["--db", "a.db", "report", "run", "overdue-books"]
        let unknown = try dir.run(base + ["--param", "days=3"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr
                == "almanac: error: report overdue-books has no parameter \"days\"; it accepts: as_of: date, default today; within: integer, default 7\n"
        )
        let badType = try dir.run(base + ["--param", "within=soon", "--locale", "ru"])
        #expect(badType.status == 64)
        #expect(
            badType.stderr.hasPrefix(
                "almanac: ошибка: --param within=soon: ожидается целое число; отчёт overdue-books принимает: as_of: дата"
            ))
        let syntax = try dir.run(base + ["--param", "within"])
        #expect(syntax.status == 64)
        #expect(syntax.stderr == "almanac: error: --param within: expected NAME=VALUE\n")
        let good = try dir.run(base + ["--param", "within=0", "--param", "as_of=2025-12-02", "--format", "csv"])
        #expect(
            good.stdout
                == "id,title,author,borrower,loaned_on,due_on,days_overdue,status\r\n1,Мастер и Маргарита,Михаил Булгаков,Аня,2025-11-01,2025-12-01,1,overdue\r\n"
        )
        let unknownReport = try dir.run(["--db", "a.db", "report", "run", "nope"])
        #expect(unknownReport.status == 66)
        #expect(
            unknownReport.stderr.hasPrefix("almanac: error: no report named \"nope\" (there are: animation-values, "))
    }

    @Test func yourOwnReportsFromADirectory() throws {
        try FileManager.default.createDirectory(atPath: dir.path("mine"), withIntermediateDirectories: true)
        try dir.write(
            "mine/by-author.sql",
            """
            -- title: Books by author
            -- description: Every author with a count of books
            -- param: author text = ''
            -- column: books count(unit.book) = Books
            SELECT author, count(*) AS books FROM books WHERE :author = '' OR author = :author GROUP BY author ORDER BY author;
            """)
        let list = try dir.run(["report", "list", "--reports-dir", "mine", "--format", "csv"])
        #expect(
            list.stdout.contains("by-author,Books by author,author text = '',Every author with a count of books\r\n"),
            "\(list.stdout)")
        let run = try dir.run([
            "--db", "a.db", "--locale", "ru", "report", "run", "by-author", "--reports-dir", "mine", "--param",
            "author=村上春樹",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("│  автор   │  Books  │"), "\(run.stdout)")
        #expect(run.stdout.contains("│ 村上春樹 │ 1 книга │"))
        try dir.write("mine/broken.sql", "-- param: days number = 3\nSELECT 1")
        let broken = try dir.run(["report", "list", "--reports-dir", "mine"])
        #expect(broken.status == 65)
        #expect(
            broken.stderr.hasPrefix("almanac: error: mine/broken.sql:1: cannot read the parameter \"days number = 3\""))
        let missing = try dir.run(["report", "list", "--reports-dir", "nowhere"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "almanac: error: nowhere: no such directory of reports\n")
    }

    @Test func demoEndsWithTheReports() throws {
        let out = try dir.demoDatabase("demo.db", arguments: ["--locale", "ru"])
        #expect(out.stdout.contains("Загружены примеры данных:"))
        #expect(out.stdout.contains("│ books                │ books.csv                │    23 │"))
        #expect(
            out.stdout.contains("Отчёты, которые можно запустить (almanac --db ")
                && out.stdout.contains("/almanac.db report run ИМЯ):"))
        #expect(out.stdout.contains("7 отчётов"))
    }
}
