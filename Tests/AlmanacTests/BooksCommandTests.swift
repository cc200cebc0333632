import AlmanacKit
import Foundation
import Glibc
import TestSupport
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds

/// `almanac books` as a user runs it: the built binary on the sample loans, on the demo day.
@Suite struct BooksCommandTests {
    let dir: Workdir
    static let day = ["--db", "a.db", "--today", "2025-12-22"]

    init() throws {
        dir = try Workdir()
        let sample = try #require(Resources.file("SampleData/books.csv"))
        try dir.write("books.csv", sample)
        try dir.prepared("sample books", as: "a.db") { template in
            try template.initDatabase("made.db")
            try template.write("books.csv", sample)
            let out = try template.run(["--db", "made.db", "--today", "2025-12-22", "import", "books", "books.csv"])
            try #require(out.status == 0, "\(out.stderr)")
        }
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Workdir.Output {
        try dir.run(Self.day + ["books"] + arguments, environment: environment)
    }

    @Test func listMarksOverdueLoansInWordsAndRed() throws {
        let out = try run(["list"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("│  1 │ Мастер и Маргарита "))
        #expect(out.stdout.contains("│ ✗ overdue  │    21 days │"), "the seed's overdue default book")
        #expect(out.stdout.contains("│ Sun 1 Feb 2026  │            │ on loan    │"), "the seed's other default book")
        #expect(out.stdout.contains("│ ✓ returned │"))
        #expect(out.stdout.hasSuffix("\n23 books\n"))
        #expect(!out.stdout.contains("\u{1B}"))
        let coloured = try run(["list", "--color", "always"])
        #expect(coloured.stdout.contains("\u{1B}[31m✗ overdue\u{1B}[0m"))
        let csv = try run(["list", "--format", "csv", "--open"])
        #expect(
            csv.stdout.hasPrefix(
                "id,title,author,borrower,loaned_on,due_on,returned_on,status,days_overdue\r\n22,Don Quixote,"))
        #expect(
            csv.stdout.contains("\r\n1,Мастер и Маргарита,Михаил Булгаков,Анна,2025-10-01,2025-12-01,,overdue,21\r\n"))
        #expect(!csv.stdout.contains(",returned,"))
        #expect(csv.stdout.split(separator: "\r\n").count == 1 + 19, "four of the 23 sample loans are returned")
    }

    @Test func titleOrderFollowsTheLocale() throws {
        func titles(_ locale: String) throws -> [String] {
            let out = try run(["list", "--sort", "title", "--format", "json", "--locale", locale])
            #expect(out.status == 0, "\(out.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
            return rows.compactMap { $0["title"] as? String }
        }
        let russian = try titles("ru")
        #expect(
            Array(russian.prefix(7)) == [
                "1984", "Анна Каренина", "Война и мир", "Евгений Онегин", "Ёжик в тумане", "Елена Прекрасная", "Идиот",
            ])
        #expect(russian.last == "War and Peace, Volume 1")
        let english = try titles("en")
        #expect(Array(english.prefix(3)) == ["1984", "A Christmas Carol", "Brave New World"])
        #expect(english.firstIndex(of: "War and Peace, Volume 1")! < english.firstIndex(of: "Анна Каренина")!)
        let ru = try run(["list", "--sort", "title", "--locale", "ru"])
        #expect(
            ru.stdout.contains(
                "│ №  │                 название                 │          автор           │   читатель    │"))
        #expect(
            ru.stdout.contains("✗ просрочена │    82 дня │") && ru.stdout.contains("21 день")
                && ru.stdout.hasSuffix("\n23 книги\n"))
    }

    @Test func addEditReturnDelete() throws {
        let added = try run(["add", "Солярис", "--due", "today+21", "--author", "Станислав Лем", "--borrower", "Аня"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Added book 24 “Солярис”, due Mon 12 Jan 2026.\n")
        let json = try run(["add", "Dune", "--due", "2026-03-22", "--format", "json"])
        #expect(
            json.stdout == """
                [
                  {"id": 25, "title": "Dune", "author": null, "borrower": null, "loaned_on": "2025-12-22", "due_on": "2026-03-22", "returned_on": null, "status": "on-loan", "days_overdue": null}
                ]

                """)
        let edited = try run(["edit", "24", "--due", "2026-01-05", "--borrower", "", "--locale", "ru"])
        #expect(edited.stdout == "Книга 24 «Солярис» изменена, вернуть до Пн, 5 янв. 2026.\n", "\(edited.stderr)")
        let returned = try run(["return", "24", "--on", "today-0"])
        #expect(returned.stdout == "Book 24 “Солярис” returned on Mon 22 Dec.\n")
        let again = try run(["return", "24"])
        #expect(again.status == 65)
        #expect(
            again.stderr
                == "almanac: error: book 24 “Солярис” was returned on 2025-12-22 already (to change the date: almanac books edit 24 --returned-on DATE)\n"
        )
        let deleted = try run(["delete", "24", "--yes"])
        #expect(deleted.stdout == "Deleted book 24 “Солярис”.\n")
        #expect(try run(["list", "--format", "csv"]).stdout.split(separator: "\r\n").count == 1 + 24)
    }

    /// A filter that matches nothing says so, naming the options, in English and Russian; with no
    /// filter an empty list is still "no loans yet".
    @Test func aFilterThatMatchesNothingSaysSo() throws {
        let nobody = try run(["list", "--borrower", "Nobody"])
        #expect(nobody.status == 0, "\(nobody.stderr)")
        #expect(nobody.stdout == "No loans match --borrower “Nobody”.\n")
        let both = try run(["list", "--overdue", "--search", "zzz", "--borrower", "Nobody", "--locale", "ru"])
        #expect(both.stdout == "Нет выдач, подходящих под --overdue --borrower «Nobody» --search «zzz».\n")
        #expect(try run(["list", "--open", "--search", "zzz"]).stdout == "No loans match --open --search “zzz”.\n")
        #expect(
            try run(["list", "--search", "zzz", "--format", "csv"]).stdout
                == "id,title,author,borrower,loaned_on,due_on,returned_on,status,days_overdue\r\n")
        try dir.initDatabase("empty.db")
        #expect(try dir.run(["--db", "empty.db", "books", "list"]).stdout == "No loans yet.\n")
        #expect(try dir.run(["--db", "empty.db", "books", "list", "--open"]).stdout == "No books are out on loan.\n")
    }

    /// `--borrower` and `--search` match any part of a name, case and accents aside, ё as е.
    @Test func borrowerAndSearchMatchAnyPartOfAName() throws {
        _ = try run(["add", "Денискины рассказы", "--due", "2026-01-10", "--borrower", "Иванова Маша, 5Б"])
        _ = try run([
            "add", "Ёжик в тумане", "--due", "2026-01-10", "--borrower", "Алёна Петрова", "--author", "Козлов",
        ])
        func ids(_ arguments: [String]) throws -> [String] {
            let out = try run(["list", "--format", "csv", "--sort", "title"] + arguments)
            #expect(out.status == 0, "\(out.stderr)")
            return out.stdout.split(separator: "\r\n").dropFirst().map { String($0.prefix { $0 != "," }) }
        }
        #expect(try ids(["--borrower", "иванова"]) == ["3", "24"], "Мария Иванова and Иванова Маша, 5Б")
        #expect(try ids(["--borrower", "МАША"]) == ["24", "10"], "Иванова Маша, 5Б and Маша")
        #expect(try ids(["--borrower", "алена"]) == ["25"], "ё is е")
        #expect(try ids(["--search", "ежик"]) == ["20", "25"], "two copies of Ёжик в тумане")
        #expect(try ids(["--search", "5б", "--locale", "ru"]) == ["24"])
    }

    /// `books delete` follows the rule of every delete: asked on a terminal (y/N), and without one
    /// `--yes` is needed; nothing is deleted otherwise. In English and Russian.
    @Test func deletingAsksOnATerminalOrNeedsYes() throws {
        for locale in ["en", "ru"] {
            let refused = try run(["delete", "23", "--locale", locale])
            #expect(refused.status == 64)
            #expect(
                refused.stderr
                    == (locale == "en"
                        ? "almanac: error: standard input is not a terminal, so there is no one to ask: add --yes to delete without asking\n"
                        : "almanac: ошибка: стандартный ввод — не терминал, спросить некого: чтобы удалить без вопроса, добавьте --yes\n")
            )
            #expect(refused.stdout.isEmpty)
        }
        let kept = try onTerminal(["books", "delete", "23"], typing: "n\n")
        #expect(kept.status == 0, "\(kept.text)")
        #expect(
            kept.text
                == "Delete book 23 “War and Peace, Volume 1” and the notices recorded for it? [y/N] n\nKept book 23 “War and Peace, Volume 1”.\n"
        )
        #expect(try run(["list", "--format", "csv"]).stdout.contains("\r\n23,\"War and Peace, Volume 1\","))
        let deleted = try onTerminal(["--locale", "ru", "books", "delete", "23"], typing: "д\n")
        #expect(deleted.status == 0, "\(deleted.text)")
        #expect(
            deleted.text
                == "Удалить книгу 23 «War and Peace, Volume 1» и записанные по ней напоминания? [д/Н] д\nКнига 23 «War and Peace, Volume 1» удалена.\n"
        )
        #expect(!(try run(["list", "--format", "csv"]).stdout.contains("\r\n23,\"War and Peace, Volume 1\",")))
    }

    /// Runs the binary with a pseudo-terminal as its standard input, output and error, typing the
    /// answer once the question is asked; what it wrote (the echo included), carriage returns left out.
    func onTerminal(_ arguments: [String], typing answer: String) throws -> (status: Int32, text: String) {
        let pty = try PseudoTerminal()
        let process = try dir.start(at: pty, Self.day + arguments, environment: ["TERM": "dumb", "NO_COLOR": "1"])
        var text = ""
        var typed = false
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline {
            text += pty.output()
            if !typed && text.hasSuffix("] ") {
                pty.type(answer)
                typed = true
            }
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        text += pty.output()
        return (process.terminationStatus, text.replacingOccurrences(of: "\r", with: ""))
    }

    @Test func refusalsSayWhatIsWrongAndChangeNothing() throws {
        let before = try run(["list", "--format", "csv"]).stdout
        let tooLate = try run(["add", "Dune", "--loaned-on", "2025-11-30", "--due", "2026-03-01"])
        #expect(tooLate.status == 65)
        #expect(
            tooLate.stderr
                == "almanac: error: --due \"2026-03-01\" is more than 3 months after loaned_on 2025-11-30 (the latest is 2026-02-28; 3 months end at a shorter month's end; the longest loan is the setting longest-loan-months)\n"
        )
        let ruTooLate = try run(["edit", "2", "--due", "2026-03-02", "--locale", "ru"])
        #expect(
            ruTooLate.stderr.hasPrefix(
                "almanac: ошибка: --due «2026-03-02» позже чем через 3 месяца после выдачи 2025-12-01"))
        // 1 December + 3 months is 1 March: nothing was clamped, so no month's end is mentioned.
        #expect(!ruTooLate.stderr.contains("короткого месяца"), "\(ruTooLate.stderr)")
        let notClamped = try run(["add", "Dune", "--loaned-on", "2025-10-15", "--due", "2026-01-16"])
        #expect(
            notClamped.stderr
                == "almanac: error: --due \"2026-01-16\" is more than 3 months after loaned_on 2025-10-15 (the latest is 2026-01-15; the longest loan is the setting longest-loan-months)\n"
        )
        let badDate = try run(["add", "Dune", "--due", "2026-02-30"])
        #expect(badDate.status == 64)
        #expect(badDate.stderr == "almanac: error: --due \"2026-02-30\" is not a date (expected YYYY-MM-DD)\n")
        let unknown = try run(["edit", "99", "--title", "X"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr == "almanac: error: no book with id 99 (see `almanac books list`)\n")
        #expect(try run(["delete", "99"]).status == 66)
        #expect(
            try run(["return", "99", "--locale", "ru"]).stderr
                == "almanac: ошибка: книги с номером 99 нет (см. `almanac books list`)\n")
        let notAnId = try run(["delete", "abc"])
        #expect(notAnId.status == 64)
        #expect(notAnId.stderr.contains("abc"))
        let nothing = try run(["edit", "1"])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("--title, --author, --borrower, --loaned-on, --due or --returned-on"))
        let future = try run(["return", "1", "--on", "today+1"])
        #expect(future.status == 65)
        #expect(future.stderr == "almanac: error: --returned-on \"2025-12-23\" is after today (2025-12-22)\n")
        #expect(try run(["list", "--format", "csv"]).stdout == before)
        let missing = try dir.run(["--db", "none.db", "books", "list"])
        #expect(missing.status == 66)
        #expect(!FileManager.default.fileExists(atPath: dir.path("none.db")))
    }

    @Test func helpExplainsTheThreeMonthRule() throws {
        let out = try dir.run(["books", "add", "--help"])
        #expect(out.status == 0)
        let text = out.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains("3 months"))
        #expect(text.contains("Nov 30, due by Feb 28 or 29"))
        let group = try dir.run(["books", "--help"])
        #expect(
            group.stdout.replacingOccurrences(of: "\n", with: " ").contains("due by Feb 28 (Feb 29 in a leap year)"))
        for command in ["list", "add", "edit", "return", "delete"] {
            #expect(group.stdout.contains("  \(command) "), "\(command)")
        }
    }

    @Test func demoShowsTheListAndTheCheck() throws {
        let out = try dir.demoDatabase("demo.db", arguments: ["--locale", "ru"])
        #expect(out.stdout.contains("Книги на руках по названию (almanac books list --sort title):"))
        #expect(out.stdout.contains("│  4 │ Евгений Онегин "))
        #expect(out.stdout.contains("Ночная проверка просрочек (almanac overdue --due-within 3):"))
        #expect(
            out.stdout.contains(
                "В стандартный поток ошибок: Пн, 22 дек.: 5 книг просрочено; 2 книги нужно вернуть в течение 3 дней\n"))
        #expect(out.stdout.contains("OVERDUE CRITICAL - 5 книг просрочено | overdue=5 due_soon=2\n"))
    }
}
