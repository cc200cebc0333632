import Foundation
import Testing

/// Files back in their own form (issue 41): `export` and every csv/tsv listing in a spreadsheet's
/// form (`--headers titles`, `--date-format`, `--delimiter`, `--bom`), an export so made imports back
/// unchanged for each dialect of the spreadsheet corpus, and import errors that name the file's own
/// column titles.
@Suite struct OwnFormCommandTests {
    /// A dialect of the spreadsheet corpus (`SpreadsheetCorpusTests`): what `export` is told to write
    /// it, and what `import` needs to read slashed days whose order the numbers may not show.
    struct Dialect: Sendable, CustomTestStringConvertible {
        let name: String
        let export: [String]
        let importing: [String]
        var testDescription: String { name }
    }

    static let dialects = [
        Dialect(
            name: "LibreOffice in Russian: ; titles, DD.MM.YYYY",
            export: ["--locale", "ru", "--headers", "titles", "--delimiter", ";", "--date-format", "DD.MM.YYYY"],
            importing: []),
        Dialect(
            name: "LibreOffice in English: , titles, MM/DD/YYYY",
            export: ["--headers", "titles", "--date-format", "MM/DD/YYYY"],
            importing: ["--date-format", "MM/DD/YYYY"]),
        Dialect(
            name: "names, tab, DD/MM/YYYY",
            export: ["--delimiter", "tab", "--date-format", "DD/MM/YYYY"],
            importing: ["--date-format", "DD/MM/YYYY"]),
        Dialect(
            name: "Excel CSV UTF-8: mark, ; Russian titles, DD/MM/YYYY",
            export: [
                "--locale", "ru", "--headers", "titles", "--delimiter", ";", "--bom", "--date-format", "DD/MM/YYYY",
            ],
            importing: ["--date-format", "DD/MM/YYYY"]),
        Dialect(
            name: "pipes, YYYY/MM/DD", export: ["--delimiter", "|", "--date-format", "YYYY/MM/DD"], importing: []),
    ]

    /// Every kind of the demo database exported in the dialect's form, imported into a fresh
    /// database, gives the same rows: the plain exports of both agree byte for byte, and so do the
    /// loans as `books list` shows them.
    @Test(arguments: dialects)
    func anExportInADialectsFormImportsBackUnchanged(_ dialect: Dialect) throws {
        let dir = try Workdir()
        try dir.demoCopy("almanac.db")
        let exported = try dir.run(["--db", "almanac.db", "export", "own/"] + dialect.export)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(try dir.run(["--db", "new.db", "init"]).status == 0)
        let imported = try dir.run(["--db", "new.db", "import", "own/"] + dialect.importing)
        #expect(imported.status == 0, "\(dialect.name): \(imported.stderr)")
        for db in ["almanac.db", "new.db"] {
            let plain = try dir.run(["--db", db, "export", "plain-\(db)/"])
            #expect(plain.status == 0, "\(plain.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path("own")).sorted()
        #expect(names.count == 12)
        for name in names {
            let before = try String(contentsOfFile: dir.path("plain-almanac.db/\(name)"), encoding: .utf8)
            let after = try String(contentsOfFile: dir.path("plain-new.db/\(name)"), encoding: .utf8)
            #expect(before == after, "\(dialect.name): \(name)")
        }
        let listings = try ["almanac.db", "new.db"].map {
            try dir.run(["--db", $0, "--today", "2025-12-22", "books", "list", "--format", "csv"]).stdout
        }
        #expect(listings[0] == listings[1])
        #expect(listings[0].split(whereSeparator: \.isNewline).count > 5)
    }

    @Test func theRussianLibrariansExportIsInHerWords() throws {
        let dir = try Workdir()
        try dir.demoCopy("almanac.db")
        let out = try dir.run(
            ["--db", "almanac.db", "--locale", "ru", "export", "books", "--headers", "titles"]
                + ["--delimiter", ";", "--date-format", "DD.MM.YYYY", "--bom"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(
            out.stdout.hasPrefix("\u{FEFF}№;Название;Автор;Читатель;Выдана;Вернуть до;Возвращена\n"), "\(out.stdout)")
        let dates = out.stdout.split(separator: "\n").dropFirst().flatMap { $0.split(separator: ";") }
            .filter { $0.contains(".") && $0.count == 10 && $0.allSatisfy { $0.isNumber || $0 == "." } }
        #expect(!dates.isEmpty)
        #expect(!out.stdout.contains("-12-"), "no ISO day is left: \(out.stdout)")
        // Keys and ISO days stay the default, for scripts.
        let keys = try dir.run(["--db", "almanac.db", "--locale", "ru", "export", "books"])
        #expect(keys.stdout.hasPrefix("id,title,author,borrower,loaned_on,due_on,returned_on\n"))
    }

    @Test func aListingIsInTheLocalesWordsWithTitles() throws {
        let dir = try Workdir()
        try dir.demoCopy("almanac.db")
        let base = ["--db", "almanac.db", "--today", "2025-12-22", "--locale", "ru"]
        let titled = try dir.run(
            base + ["books", "list", "--format", "csv", "--headers", "titles", "--delimiter", ";", "--bom"]
                + ["--date-format", "DD.MM.YYYY"])
        #expect(titled.status == 0, "\(titled.stderr)")
        #expect(
            titled.stdout.hasPrefix(
                "\u{FEFF}№;Название;Автор;Читатель;Выдана;Вернуть до;Возвращена;Состояние;Просрочка\r\n"),
            "\(titled.stdout)")
        #expect(titled.stdout.contains(";просрочена;") || titled.stdout.contains(";на руках;"), "\(titled.stdout)")
        #expect(!titled.stdout.contains("on-loan") && !titled.stdout.contains("overdue"))
        #expect(!titled.stdout.contains("-12-"), "no ISO day is left: \(titled.stdout)")
        // Keys: the stable English words, as before.
        let keys = try dir.run(base + ["books", "list", "--format", "csv"])
        #expect(keys.stdout.hasPrefix("id,title,author,borrower,loaned_on,due_on,returned_on,status,days_overdue\r\n"))
        #expect(keys.stdout.contains(",overdue,") || keys.stdout.contains(",on-loan,"))
        // tsv takes titles and days too.
        let tsv = try dir.run(
            base + ["books", "list", "--format", "tsv", "--headers", "titles", "--date-format", "MM/DD/YYYY"])
        #expect(tsv.stdout.hasPrefix("№\tНазвание\t"), "\(tsv.stdout)")
        #expect(tsv.stdout.contains("/2025\t"), "\(tsv.stdout)")
    }

    /// Every command that prints rows takes the titles and the days, as it takes `--delimiter`.
    @Test(arguments: [
        ["books", "list"], ["overdue"], ["countries", "list"], ["report", "run", "loans-by-borrower"],
        ["events", "list"], ["quiz", "scores"], ["calendar", "holidays"], ["animation", "properties"],
        ["config", "list"],
    ])
    func everyListingTakesTitlesAndDays(_ command: [String]) throws {
        let dir = try Workdir()
        try dir.demoCopy("almanac.db")
        let base = ["--db", "almanac.db", "--today", "2025-12-22", "--locale", "ru"]
        let titled = try dir.run(
            base + command + [
                "--format", "csv", "--headers", "titles", "--date-format", "DD.MM.YYYY", "--delimiter", ";",
            ])
        #expect(titled.status == 0 || command == ["overdue"] && titled.status == 2, "\(command): \(titled.stderr)")
        let keys = try dir.run(base + command + ["--format", "csv", "--delimiter", ";"])
        let header = { (text: String) in text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "" }
        #expect(header(titled.stdout) != header(keys.stdout), "\(command): \(header(titled.stdout))")
        #expect(header(titled.stdout).contains { $0.isLetter && !$0.isASCII }, "\(command): \(header(titled.stdout))")
    }

    /// An option of the spreadsheet form given where nothing is a spreadsheet is a usage error that
    /// names it; a wrong value is one too.
    @Test func theFormsOptionsAreRefusedWhereTheyMeanNothing() throws {
        let dir = try Workdir()
        try dir.initDatabase()
        for (arguments, message) in [
            (["books", "list", "--headers", "titles"], "--headers applies to --format csv or tsv, not table"),
            (
                ["books", "list", "--format", "json", "--date-format", "DD.MM.YYYY"],
                "--date-format applies to --format csv or tsv, not json"
            ),
            (
                ["events", "list", "--format", "markdown", "--headers", "keys"],
                "--headers applies to --format csv or tsv, not markdown"
            ),
            (["books", "list", "--delimiter", ";"], "--delimiter applies to --format csv, not table"),
            (["export", "books", "--date-format", "DD.MM.YY"], "DD.MM.YY"),
            (["export", "books", "--headers", "names"], "--headers"),
            (["books", "list", "--format", "csv", "--date-format", "YYYY"], "YYYY"),
        ] as [([String], String)] {
            let out = try dir.run(["--db", "a.db"] + arguments)
            #expect(out.status == 64, "\(arguments)")
            #expect(out.stderr.contains(message), "\(arguments): \(out.stderr)")
            #expect(out.stdout == "", "\(arguments)")
        }
    }

    /// A row's error names the column as the file's header does (her Russian title, a `--map`
    /// source), and a rule naming another column names it so too.
    @Test func errorsNameTheFilesOwnColumnTitles() throws {
        let dir = try Workdir()
        try dir.initDatabase()
        try dir.write(
            "books.csv", "Название;Выдана;Вернуть до\nДюна;01.12.2025;31.02.2026\nИдиот;10.12.2025;01.12.2025\n")
        let out = try dir.run([
            "--db", "a.db", "--today", "2025-12-22", "--locale", "ru", "import", "books", "books.csv",
        ])
        #expect(out.status == 65)
        #expect(out.stderr.contains("books.csv:2:"), "\(out.stderr)")
        #expect(out.stderr.contains("столбец «Вернуть до»: «31.02.2026»"), "\(out.stderr)")
        #expect(out.stderr.contains("раньше даты выдачи Выдана"), "\(out.stderr)")
        #expect(!out.stderr.contains("due_on") && !out.stderr.contains("loaned_on"), "\(out.stderr)")
        try dir.write("mapped.csv", "title,Срок возврата\nДюна,2025-13-01\n")
        let mapped = try dir.run(
            ["--db", "a.db", "--today", "2025-12-22", "import", "books", "mapped.csv", "--map", "Срок возврата=due_on"])
        #expect(mapped.status == 65)
        #expect(mapped.stderr.contains(#"column "Срок возврата": "2025-13-01""#), "\(mapped.stderr)")
    }

    /// An unknown column lists the columns a header may name in the reader's language, and `--map`.
    @Test func anUnknownColumnListsTheTitlesAndMap() throws {
        let dir = try Workdir()
        try dir.initDatabase()
        try dir.write("books.csv", "Название;Срок возврата\nДюна;20.12.2025\n")
        let russian = try dir.run(["--db", "a.db", "--locale", "ru", "import", "books", "books.csv"])
        #expect(russian.status == 65)
        #expect(
            russian.stderr.contains(
                "столбца «Срок возврата» нет в формате books (допустимы: № (id), название (title), автор (author), читатель (borrower), выдана (loaned_on), вернуть до (due_on), возвращена (returned_on)); --map \"Срок возврата=СТОЛБЕЦ\""
            ), "\(russian.stderr)")
        let english = try dir.run(["--db", "a.db", "import", "books", "books.csv"])
        #expect(
            english.stderr.contains(
                "(accepted: id, title, author, borrower, loaned (loaned_on), due (due_on), returned (returned_on)); --map \"Срок возврата=COLUMN\" reads it as one of them"
            ), "\(english.stderr)")
    }
}
