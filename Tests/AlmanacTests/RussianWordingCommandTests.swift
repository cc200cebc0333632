import Foundation
import Testing

@testable import AlmanacImport

/// Russian as a reader expects it, through the binary: one full stop after a date that ends in an
/// abbreviation (`29 дек.`), participles and verbs that agree with the number they count (`была бы
/// импортирована 1 строка`, `открыты 3 дверцы`), whole sentences; English beside each, unchanged.
@Suite struct RussianWordingCommandTests {
    /// Runs the steps in order on a new database, in a language; each step's standard output.
    func outputs(_ steps: [[String]], locale: String, files: [String: String] = [:]) throws -> [String] {
        let dir = try Workdir()
        try dir.initDatabase()
        for (name, contents) in files { try dir.write(name, contents) }
        return try steps.map { step in
            let out = try dir.run(["--db", "a.db", "--today", "2025-12-22", "--locale", locale] + step)
            #expect(out.status == 0, "\(step) (\(locale)): \(out.stderr)")
            return out.stdout
        }
    }

    /// Every sentence that ends with a date: a date ending in `дек.` takes no second full stop.
    @Test func aSentenceEndingWithAnAbbreviatedDateHasOneFullStop() throws {
        let steps = [
            ["books", "add", "Дюна", "--due", "2025-12-29"], ["books", "edit", "1", "--due", "2025-12-30"],
            ["books", "add", "Идиот", "--due", "2026-01-12"], ["books", "return", "1"],
            ["events", "agenda", "--from", "2025-12-29", "--days", "1"],
            ["events", "agenda", "--from", "2025-12-29", "--days", "3"],
        ]
        #expect(
            try outputs(steps, locale: "ru") == [
                "Книга 1 «Дюна» добавлена, вернуть до Пн, 29 дек.\n",
                "Книга 1 «Дюна» изменена, вернуть до Вт, 30 дек.\n",
                "Книга 2 «Идиот» добавлена, вернуть до Пн, 12 янв. 2026.\n", "Книга 1 «Дюна» возвращена Пн, 22 дек.\n",
                "Событий нет: Пн, 29 дек.\n", "Событий нет: с Пн, 29 дек. по Ср, 31 дек.\n",
            ])
        #expect(
            try outputs(steps, locale: "en") == [
                "Added book 1 “Дюна”, due Mon 29 Dec.\n", "Updated book 1 “Дюна”, due Tue 30 Dec.\n",
                "Added book 2 “Идиот”, due Mon 12 Jan 2026.\n", "Book 1 “Дюна” returned on Mon 22 Dec.\n",
                "No events on Mon 29 Dec.\n", "No events from Mon 29 Dec to Wed 31 Dec.\n",
            ])
    }

    /// An import's summary: the participle agrees with the number of rows (one, few, many).
    @Test func theImportSummaryAgreesWithTheNumberOfRows() throws {
        let rows = { (count: Int) in "title,due_on\n" + (1...count).map { "Book \($0),2025-12-30\n" }.joined() }
        let files = ["1.csv": rows(1), "2.csv": rows(2), "5.csv": rows(5), "21.csv": rows(21)]
        let names = ["1", "2", "5", "21"]
        let dryRuns = names.map { ["import", "books", "\($0).csv", "--dry-run"] }
        let imports = names.map { ["import", "books", "\($0).csv"] }
        let russian = try outputs(dryRuns + imports, locale: "ru", files: files).map {
            $0.components(separatedBy: " из ").first ?? $0
        }
        #expect(
            russian == [
                "Пробный запуск: была бы импортирована 1 строка", "Пробный запуск: были бы импортированы 2 строки",
                "Пробный запуск: было бы импортировано 5 строк", "Пробный запуск: была бы импортирована 21 строка",
                "Импортирована 1 строка", "Импортированы 2 строки", "Импортировано 5 строк", "Импортирована 21 строка",
            ])
        let english = try outputs(dryRuns + imports, locale: "en", files: files).map { String($0.prefix { $0 != "," }) }
        #expect(
            english.prefix(2) == [
                "Dry run: 1 row would be imported from 1 file", "Dry run: 2 rows would be imported from 1 file",
            ])
        #expect(
            english.suffix(2).map { String($0.prefix(27)) } == [
                "Imported 5 rows from 1 file", "Imported 21 rows from 1 fil",
            ])
    }

    /// The calendar's title: "открыта 1 дверца", "открыты 3 дверцы", "открыто 5 дверец".
    @Test func theCalendarTitleAgreesWithTheNumberOfDoors() throws {
        let holidays = "key,title\nyule,Yule\n"
        let doors = "holiday,door,surprise\n" + (1...24).map { "yule,\($0),Gift \($0)\n" }.joined()
        let open = { (door: Int) in ["calendar", "open", "yule", "\(door)"] }
        let steps = [
            ["import", "holidays", "holidays.csv"], ["import", "doors", "doors.csv"], ["calendar", "show", "yule"],
            open(1),
            open(2), open(3), open(4), open(5),
        ]
        let russian = try outputs(steps, locale: "ru", files: ["holidays.csv": holidays, "doors.csv": doors])
        let titles = russian.dropFirst(2).map {
            $0.split(separator: "\n").first { $0.hasPrefix("Yule: ") }.map(String.init) ?? $0
        }
        #expect(
            titles == [
                "Yule: открыто 0 дверец из 24", "Yule: открыта 1 дверца из 24", "Yule: открыты 2 дверцы из 24",
                "Yule: открыты 3 дверцы из 24", "Yule: открыты 4 дверцы из 24", "Yule: открыто 5 дверец из 24",
            ])
        let english = try outputs(
            Array(steps.prefix(4)), locale: "en", files: ["holidays.csv": holidays, "doors.csv": doors])
        #expect(english[3].contains("Yule: 1 of 24 doors open\n"))
    }

    /// Whole sentences where a command explains itself.
    @Test func animationPlayWithoutATerminalSaysWhatItNeeds() throws {
        let dir = try Workdir()
        try dir.initDatabase()
        let sample = Workdir.packageRoot.appendingPathComponent("SampleData").path
        for kind in ["animation-properties", "animation-settings"] {
            #expect(
                try dir.run(["--db", "a.db", "import", kind, sample + "/\(kind).csv", "--on-conflict", "skip"]).status
                    == 0)
        }
        let out = try dir.run(["--db", "a.db", "--locale", "ru", "animation", "play", "Wobble"])
        #expect(out.status == 66)
        #expect(
            out.stderr
                == "almanac: ошибка: для animation play нужен терминал (клавиши и экран); увидеть кадры здесь можно командой "
                + "`almanac animation timeline \"Wobble\"`\n")
    }

    /// A read that fails on standard input (here a folder) is said in words, in both languages.
    @Test func aFailedReadOfStandardInputIsSaidInWords() throws {
        let dir = try Workdir()
        try dir.initDatabase()
        let sample = Workdir.packageRoot.appendingPathComponent("SampleData/countries.csv").path
        #expect(try dir.run(["--db", "a.db", "import", "countries", sample, "--on-conflict", "skip"]).status == 0)
        for (locale, message) in [
            ("en", "almanac: error: reading standard input failed: "),
            ("ru", "almanac: ошибка: не удалось прочитать стандартный ввод: "),
        ] {
            let out = try dir.run(
                [
                    "-c", "exec \"$0\" --db a.db --locale \(locale) quiz play --seed 1 --rounds 1 < /",
                    Workdir.binary.path,
                ],
                executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(out.status == 74, "\(out.stderr)")
            #expect(out.stderr.hasPrefix(message), "\(out.stderr)")
        }
    }
}
