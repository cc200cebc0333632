import AlmanacKit
import Foundation
import Testing

@testable import AlmanacKinds

/// `almanac schema [KIND|TABLE]` through the built binary: every table with its columns, types,
/// keys, indexes and each kind's CSV columns, in every format, in English and Russian.
@Suite struct SchemaCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase()
    }

    /// A column's type as the store names it: SQLite's declared type, PostgreSQL's own.
    static func type(_ sqlite: String, postgres: String) -> String { TestStore.sql(sqlite, postgres: postgres) }

    func run(_ arguments: [String]) throws -> Workdir.Output {
        try dir.run(["--db", "a.db", "schema"] + arguments)
    }

    @Test func everyTableAndKindForMachines() throws {
        let out = try run(["--format", "csv"])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "table,column,type,primary_key,not_null,default_sql,references,indexes,csv_column,kind")
        let tables = Set(lines.dropFirst().map { String($0.prefix { $0 != "," }) })
        #expect(
            tables.isSuperset(of: [
                "books", "events", "quiz_answers", "overdue_notices", "last_ids", "import_log", "schema_migrations",
            ]), "\(tables)")
        #expect(!tables.contains { $0.hasPrefix("sqlite_") })
        #expect(
            lines.contains(
                "quiz_answers,country,\(Self.type("TEXT", postgres: "text")),false,true,,countries.code,quiz_answers_by_country,country,quiz-answers"
            ),
            "\(out.stdout)")
        #expect(
            lines.contains(
                "events,all_day,\(Self.type("INTEGER", postgres: "bigint")),false,true,0,,events_by_start,all_day,events"
            ),
            "all_day is read from a file that has it (Outlook's All day event), else decided by the rules")
        #expect(
            lines.contains(
                "books,id,\(Self.type("INTEGER", postgres: "bigint")),true,false,,,books_open_by_due,id,books"))
    }

    @Test func oneKindOrTableForPeopleInEnglishAndRussian() throws {
        let english = try run(["books"])
        #expect(english.status == 0, "\(english.stderr)")
        #expect(english.stdout.contains("│ books (import kind books)"), "\(english.stdout)")
        #expect(
            english.stdout.contains(
                TestStore.sql(
                    "│ due_on      │ TEXT    │ no  │ yes      │         │           │ books_open_by_due │ due_on      │",
                    postgres:
                        "│ due_on      │ date   │ no  │ yes      │         │           │ books_open_by_due │ due_on      │"
                )),
            "\(english.stdout)")
        #expect(english.stdout.hasSuffix("\n1 table\n"))
        let russian = try dir.run(["--db", "a.db", "--locale", "ru", "schema", "quiz_answers"])
        #expect(russian.stdout.contains("│ quiz_answers (вид импорта quiz-answers)"), "\(russian.stdout)")
        #expect(russian.stdout.contains("столбец CSV") && russian.stdout.contains("ссылается на"))
        #expect(russian.stdout.hasSuffix("\n1 таблица\n"))
        #expect(try run(["quiz-answers"]).stdout == (try run(["quiz_answers"])).stdout, "a kind names its table")
        #expect(
            try run(["last-ids", "--format", "csv"]).stdout.contains(
                "\r\nlast_ids,kind,\(Self.type("", postgres: "text")),false,false,,,,kind,last-ids\r\n"),
            "a view the last-ids kind imports into")
    }

    @Test func everyFormat() throws {
        #expect(
            try run(["events", "--format", "tsv"]).stdout.hasPrefix(
                "table\tcolumn\ttype\tprimary_key\tnot_null\tdefault_sql\treferences\tindexes\tcsv_column\tkind\nevents\tid\t\(Self.type("INTEGER", postgres: "bigint"))\ttrue\t"
            ))
        #expect(
            try run(["events", "--format", "json"]).stdout.hasPrefix(
                "[\n  {\"table\": \"events\", \"column\": \"id\", \"type\": \"\(Self.type("INTEGER", postgres: "bigint"))\", \"primary_key\": true, \"not_null\": false, "
            ))
        let markdown = try run(["events", "--format", "markdown"]).stdout
        #expect(
            markdown.contains("### events (import kind events)") && markdown.contains("| starts_at "), "\(markdown)")
        let html = try dir.run(["--db", "a.db", "--locale", "ru", "--format", "html", "schema"]).stdout
        #expect(
            html.hasPrefix("<!DOCTYPE html>\n<html lang=\"ru\">") && html.contains("animation_setting_values")
                && html.hasSuffix("</html>\n"))
    }

    @Test func anUnknownNameIsNamedWithTheNames() throws {
        let english = try run(["loans"])
        #expect(english.status == 66)
        #expect(
            english.stderr.hasPrefix(
                "almanac: error: no kind or table named \"loans\" (kinds: holidays, doors, events, "),
            "\(english.stderr)")
        #expect(english.stderr.contains("; tables: ") && english.stderr.contains("schema_migrations"))
        let russian = try dir.run(["--db", "a.db", "--locale", "ru", "schema", "loans"])
        #expect(
            russian.stderr.hasPrefix("almanac: ошибка: нет вида или таблицы «loans» (виды: holidays, "),
            "\(russian.stderr)")
    }

    @Test func completionKnowsTheKindsAndTables() throws {
        let out = try dir.run(["__complete", "--", "--db", "a.db", "schema", "quiz"])
        let offered = out.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        #expect(offered.contains("quiz-answers") && offered.contains("quiz_answers"), "\(out.stdout)")
        let none = try dir.run(["__complete", "--", "--db", "missing.db", "schema", "b"])
        #expect(none.stdout.contains("books"), "the kinds without a database")
    }
}
