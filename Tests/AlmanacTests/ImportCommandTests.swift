import AlmanacKit
import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds

/// `almanac import` and `almanac export` as a user runs them: the built binary in a temporary directory.
@Suite struct ImportCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase("a.db")
        try dir.initDatabase("b.db")
    }

    static let books =
        "id,title,author,due_on,loaned_on\n1,War and Peace,Tolstoy,2025-12-20,2025-12-01\n2,\"Dune, part 1\",,2026-01-10,2025-12-01\n"

    @Test func helpListsTheKindsWithTheirColumnsAndTheMonthEndRule() throws {
        let out = try dir.run(["import", "--help"])
        #expect(out.status == 0)
        // A kind's line too long for 80 columns goes on below it, indented.
        let unwrapped = out.stdout.replacingOccurrences(of: ",\n    ", with: ", ")
        #expect(
            out.stdout.contains("  events: id, title*, person, starts_at*, ends_at, image, description,\n    location,")
        )
        for kind in KindRegistry.listed {
            // animation-settings goes on with the property columns after its own.
            #expect(
                unwrapped.contains(
                    "  \(kind.rawValue): \(kind.helpColumns)" + (kind == .animationSettings ? ", then" : "\n")),
                "\(kind)")
        }
        #expect(out.stdout.contains("  books: id, title*, author, borrower, loaned_on, due_on*, returned_on\n"))
        #expect(
            out.stdout.contains("man almanac"),
            "help points to the rules, which the man page holds (help stays one screen)")
        let page = try dir.run(["__man"], environment: ["LANG": "C"]).stdout
        #expect(
            page.replacingOccurrences(of: "\n", with: " ").contains(
                "a loan on Nov 30 is due by Feb 28 (Feb 29 in a leap year)"))
    }

    /// A kind's name goes into a sentence as a name, not as an adjective (`a events column`, `a
    /// animation-settings column`): the same words for every kind, in English and Russian.
    @Test func anUnknownColumnNamesItsKindInAPlainSentence() throws {
        try dir.write("odd.csv", "zzz_nope\nx\n")
        for kind in KindRegistry.listed {
            let out = try dir.run(["--db", "a.db", "import", kind.rawValue, "odd.csv"])
            #expect(out.status == 65)
            #expect(
                out.stderr.contains(#"odd.csv:1:1: error: column "zzz_nope" is not a column of \#(kind.rawValue)"#),
                "\(out.stderr)")
            let russian = try dir.run(["--db", "a.db", "--locale", "ru", "import", kind.rawValue, "odd.csv"])
            #expect(russian.stderr.contains("столбца «zzz_nope» нет в формате \(kind.rawValue)"), "\(russian.stderr)")
        }
        let mapped = try dir.run([
            "--db", "a.db", "--locale", "ru", "import", "books", "odd.csv", "--map", "zzz_nope=due",
        ])
        #expect(mapped.stderr.contains("--map: «due» — такого столбца нет (виды: books)"), "\(mapped.stderr)")
    }

    /// One line of counts, then one per file saying how it was read (every decision the import took).
    @Test func importsAFileAndSummarizesWhatItReadAndHow() throws {
        try dir.write("books.csv", Self.books)
        let out = try dir.run(["--db", "a.db", "import", "books", "books.csv"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr == "")
        let lines = out.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Imported 2 rows from 1 file in ") == true)
        #expect(lines.last == #"books.csv: utf-8 (default), delimiter "," (detected)"#)
        let exported = try dir.run(["--db", "a.db", "export", "books"])
        #expect(
            exported.stdout
                == "id,title,author,borrower,loaned_on,due_on,returned_on\n1,War and Peace,Tolstoy,,2025-12-01,2025-12-20,\n"
                + "2,\"Dune, part 1\",,,2025-12-01,2026-01-10,\n")
    }

    @Test func standardInputIsAFileNamedDash() throws {
        let out = try dir.run(
            ["--db", "a.db", "import", "books", "-"], input: Self.books + "3,Bad,,2025-13-01,2025-12-01\n")
        #expect(out.status == 65)
        #expect(
            out.stderr == """
                <stdin>:4:8: error: column "due_on": "2025-13-01" is not a date (expected YYYY-MM-DD)
                almanac: error: 1 problem found; nothing was imported, the database is unchanged

                """)
        #expect(out.stdout == "")
        #expect(
            try dir.run(["--db", "a.db", "export", "books"]).stdout
                == "id,title,author,borrower,loaned_on,due_on,returned_on\n")
    }

    @Test func skipInvalidWritesRejectsAndStillFails() throws {
        try dir.write("books.csv", Self.books + "3,,x,2025-12-20,2025-12-01\n")
        let out = try dir.run([
            "--db", "a.db", "import", "books", "books.csv", "--skip-invalid", "--rejects", "rejects.csv",
        ])
        #expect(out.status == 65)
        #expect(out.stdout.hasPrefix("Imported 2 rows"))
        #expect(
            out.stderr.hasSuffix(
                "almanac: error: 1 invalid row left out and written to rejects.csv; the valid rows were imported\n"))
        let rejects = try String(contentsOfFile: dir.path("rejects.csv"), encoding: .utf8)
        #expect(
            rejects
                == "id,title,author,due_on,loaned_on,reason\n3,,x,2025-12-20,2025-12-01,\"4:3: column \"\"title\"\": a value is required\"\n"
        )
    }

    @Test func aDirectoryImportsEveryKnownFile() throws {
        try FileManager.default.createDirectory(atPath: dir.path("data"), withIntermediateDirectories: true)
        try dir.write("data/holidays.csv", "key,title\nxmas,Christmas\n")
        try dir.write("data/doors.csv", "holiday,door,surprise\nxmas,24,The big reveal\n")
        try dir.write("data/books.csv", Self.books)
        let out = try dir.run(["--db", "a.db", "import", "data"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasPrefix("Imported 4 rows from 3 files in "))
    }

    @Test func theSampleDataImportsAsADirectoryAndExportsBackTheSame() throws {
        let sample = Workdir.packageRoot.appendingPathComponent("SampleData").path
        let out = try dir.run(["--db", "a.db", "--today", "2025-12-22", "import", sample])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr == "")
        try FileManager.default.createDirectory(atPath: dir.path("out"), withIntermediateDirectories: true)
        for kind in KindRegistry.listed {
            #expect(
                try dir.run(["--db", "a.db", "export", kind.rawValue, "--out", "out/\(kind.fileName)"]).status == 0)
        }
        #expect(try dir.run(["--db", "b.db", "--today", "2025-12-22", "import", "out"]).status == 0)
        for kind in KindRegistry.listed {
            #expect(
                try dir.run(["--db", "b.db", "export", kind.rawValue]).stdout
                    == String(contentsOfFile: dir.path("out/\(kind.fileName)"), encoding: .utf8), "\(kind)")
        }
    }

    @Test func usageErrorsExit64() throws {
        try dir.write("books.csv", Self.books)
        #expect(try dir.run(["--db", "a.db", "import", "novels", "books.csv"]).status == 64)
        #expect(try dir.run(["--db", "a.db", "import", "books", "books.csv", "--encoding", "koi8-r"]).status == 64)
        #expect(try dir.run(["--db", "a.db", "import", "books", "books.csv", "--delimiter", "x"]).status == 64)
        #expect(try dir.run(["--db", "a.db", "import", "books", "books.csv", "--rejects", "r.csv"]).status == 64)
        #expect(try dir.run(["--db", "a.db", "import", "books", "missing.csv"]).status == 66)
        let same = try dir.run([
            "--db", "a.db", "import", "books", "books.csv", "--skip-invalid", "--rejects", "./books.csv",
        ])
        #expect(same.status == 64)
        #expect(
            same.stderr
                == "almanac: error: --rejects ./books.csv: that is books.csv, an input of this command (use another file)\n"
        )
        #expect(try String(contentsOfFile: dir.path("books.csv"), encoding: .utf8) == Self.books)
    }

    @Test func messagesFollowTheLocale() throws {
        try dir.write("books.csv", "title,due_on\nВойна и мир,2025-02-30\n")
        let out = try dir.run(["--db", "a.db", "--locale", "ru", "import", "books", "books.csv"])
        #expect(out.status == 65)
        #expect(
            out.stderr == """
                books.csv:2:13: ошибка: столбец «due_on»: «2025-02-30» — не дата (ожидается ГГГГ-ММ-ДД)
                almanac: ошибка: найдено: 1 ошибка; ничего не импортировано, база данных не изменилась

                """)
        var many = "title,due_on\n"
        for index in 0..<1_234 { many += "Книга \(index),2025-12-20\n" }
        try dir.write("many.csv", many)
        let done = try dir.run([
            "--db", "a.db", "--locale", "ru", "--today", "2025-12-01", "import", "books", "many.csv",
        ])
        #expect(done.stdout.hasPrefix("Импортированы 1\u{A0}234 строки из 1 файла за "), "\(done.stdout)")
    }

    @Test func exportWritesAFileOnlyWhenComplete() throws {
        try dir.write("books.csv", Self.books)
        _ = try dir.run(["--db", "a.db", "import", "books", "books.csv"])
        let out = try dir.run(["--db", "a.db", "export", "books", "--out", "out.csv"])
        #expect(out.status == 0)
        #expect(out.stderr == "Exported 2 rows to out.csv\n")
        let copy = try dir.run(["--db", "b.db", "import", "books", "out.csv"])
        #expect(copy.status == 0)
        #expect(
            try dir.run(["--db", "b.db", "export", "books"]).stdout
                == String(contentsOfFile: dir.path("out.csv"), encoding: .utf8))
    }

    @Test func progressShowsOnATerminalOnly() throws {
        var text = "title,due_on\n"
        for index in 0..<150_000 { text += "Book \(index),2025-12-20\n" }
        try dir.write("books.csv", text)
        let plain = try dir.run(["--db", "a.db", "import", "books", "books.csv"])
        #expect(!plain.stderr.contains("rows/s"))
        // `script` gives the command a terminal; its output is the terminal's.
        let command = try dir.onStore(
            line: "\(Workdir.binary.path) --db b.db --today 2025-12-01 import books books.csv")
        let tty = try dir.run(["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(tty.status == 0)
        #expect(tty.stdout.contains("books.csv: ") && tty.stdout.contains(" rows/s"))
        #expect(tty.stdout.contains("Imported 150,000 rows from 1 file"))
        // SQLite's import drops the kind's indexes and builds them at the end, a phase of its own;
        // PostgreSQL keeps them (docs/postgresql.md).
        #expect(tty.stdout.contains("books.csv: 150,000 rows · building indexes…") != TestStore.isPostgres)
    }
}
