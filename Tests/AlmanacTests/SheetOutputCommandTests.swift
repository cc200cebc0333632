import Foundation
import Testing

/// Output that spreadsheets open right: every command that prints rows takes `--delimiter` and
/// `--bom` with `--format csv` (and `--bom` with tsv), as `export` does, through one `SheetForm`;
/// asked of another format, either is a usage error naming it, never ignored.
@Suite struct SheetOutputCommandTests {
    let dir: Workdir
    static let bom = "\u{FEFF}"

    init() throws {
        dir = try Workdir()
        try dir.demoCopy("a.db")
    }

    func run(_ arguments: [String], locale: String = "en") throws -> Workdir.Output {
        try dir.run(["--db", "a.db", "--today", "2025-12-22", "--locale", locale] + arguments)
    }

    @Test(
        arguments: [
            (["books", "list"], "id;title;author;"), (["overdue"], "id;title;borrower;"),
            (["countries", "list"], "flag;code;"),
            (["report", "run", "loans-by-borrower"], "borrower;books;"), (["events", "agenda", "--days", "30"], nil),
            (["quiz", "scores"], "player;"), (["calendar", "holidays"], "selected;holiday;"),
            (["animation", "properties"], "key;"),
            (["config", "list"], "key;setting_value;setting_default;description"),
            (["query", "SELECT 1 AS a, 2 AS b"], "a;b"),
        ] as [([String], String?)])
    func everyListingWritesASpreadsheetsForm(command: [String], header: String?) throws {
        let out = try run(command + ["--format", "csv", "--delimiter", ";", "--bom"])
        #expect(out.status == 0 || command == ["overdue"] && out.status == 2, "\(command): \(out.stderr)")
        #expect(out.stdout.hasPrefix(Self.bom), "\(command)")
        let first = out.stdout.dropFirst().split(whereSeparator: \.isNewline).first ?? ""
        if let header { #expect(first.hasPrefix(header), "\(command): \(first)") }
        #expect(!first.contains(","), "\(command): \(first)")
        let tsv = try run(command + ["--format", "tsv", "--bom"])
        #expect(tsv.stdout.hasPrefix(Self.bom) && tsv.stdout.dropFirst().contains("\t"), "\(command)")
        let plain = try run(command + ["--format", "csv"])
        #expect(!plain.stdout.hasPrefix(Self.bom), "no mark unless asked")
    }

    @Test func aFieldHoldingTheDelimiterIsQuotedAndACommaIsNot() throws {
        let out = try run([
            "query", "SELECT 'a;b' AS x, 'c,d' AS y, 'e\"f' AS z", "--format", "csv", "--delimiter", ";",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout == "x;y;z\r\n\"a;b\";c,d;\"e\"\"f\"\r\n")
        let tab = try run(["query", "SELECT 'a\tb' AS x, 'c' AS y", "--format", "csv", "--delimiter", "tab"])
        #expect(tab.stdout == "x\ty\r\n\"a\tb\"\tc\r\n")
        let added = try run([
            "books", "add", "Война; мир", "--due", "2026-01-10", "--format", "csv", "--delimiter", ";", "--bom",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix(Self.bom + "id;title;"), "\(added.stdout)")
        #expect(added.stdout.contains(";\"Война; мир\";"), "\(added.stdout)")
    }

    @Test func anotherFormatRefusesThemNamingTheFormatInEnglishAndRussian() throws {
        let cases: [(arguments: [String], english: String, russian: String)] = [
            (
                ["books", "list", "--format", "tsv", "--delimiter", ";"],
                "--delimiter applies to --format csv, not tsv", "--delimiter действует только с --format csv, а не tsv"
            ),
            (
                ["books", "list", "--delimiter", ";"],
                "--delimiter applies to --format csv, not table",
                "--delimiter действует только с --format csv, а не table"
            ),
            (
                ["countries", "list", "--format", "json", "--bom"],
                "--bom applies to --format csv or tsv, not json",
                "--bom действует только с --format csv или tsv, а не json"
            ),
            (
                ["query", "SELECT 1", "--format", "csv", "--delimiter", ":"],
                "--delimiter: \":\" is not a delimiter (expected , ; tab or |)",
                "--delimiter: «:» — не разделитель (ожидается , ; tab или |)"
            ),
        ]
        for item in cases {
            let english = try run(item.arguments)
            #expect(english.status == 64, "\(item.arguments): \(english.stderr)")
            #expect(english.stdout.isEmpty)
            #expect(english.stderr == "almanac: error: \(item.english)\n")
            let russian = try run(item.arguments, locale: "ru")
            #expect(russian.stderr == "almanac: ошибка: \(item.russian)\n")
        }
    }

    @Test func exportTakesTheSameOptions() throws {
        let out = try run(["export", "books", "--delimiter", ";", "--bom"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(
            out.stdout.hasPrefix(Self.bom + "id;title;author;borrower;loaned_on;due_on;returned_on\n"),
            "\(out.stdout.prefix(80))")
        let help = try dir.run(["books", "list", "--help"])
        #expect(help.stdout.contains("--delimiter") && help.stdout.contains("--bom"))
        let exportHelp = try dir.run(["export", "--help"])
        #expect(exportHelp.stdout.contains("--delimiter") && exportHelp.stdout.contains("--bom"))
    }
}
