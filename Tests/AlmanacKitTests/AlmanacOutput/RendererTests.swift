import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

@Suite struct RendererTests {
    static let overdue = Table.Tag(value: "overdue", label: "overdue", symbol: "✗", role: .alert)

    static let sample = Table(
        columns: [
            Table.Column(key: "id", title: "id"),
            Table.Column(key: "title", title: "title"),
            Table.Column(key: "copies", title: "copies"),
            Table.Column(key: "due_on", title: "due"),
            Table.Column(key: "status", title: "status"),
        ],
        rows: [
            [
                .identifier(1), .text("Ёлка"), .count(1, unit: "unit.book"), .date(LocalDate("2025-12-22")!),
                .tag(overdue),
            ],
            [.identifier(1234), .text("日本 🇯🇵"), .count(1500, unit: "unit.book"), .null, .null],
        ])

    func render(
        _ table: Table, _ format: OutputFormat, locale: String = "en", styling: Styling = .plain, width: Int? = nil
    ) -> String {
        Renderer(
            format: format, localizer: Localizer(locale: locale), today: LocalDate("2025-12-01"), styling: styling,
            width: width
        )
        .render(table)
    }

    @Test func boxLooksLikeSqliteBoxMode() {
        #expect(
            render(Self.sample, .table) == """
                ┌──────┬─────────┬─────────────┬────────────┬───────────┐
                │  id  │  title  │   copies    │    due     │  status   │
                ├──────┼─────────┼─────────────┼────────────┼───────────┤
                │    1 │ Ёлка    │      1 book │ Mon 22 Dec │ ✗ overdue │
                │ 1234 │ 日本 🇯🇵 │ 1,500 books │            │           │
                └──────┴─────────┴─────────────┴────────────┴───────────┘
                2 rows

                """)
    }

    @Test func emptyTableKeepsItsHeader() {
        let empty = Table(columns: Self.sample.columns)
        #expect(render(empty, .table, locale: "ru").hasSuffix("┘\n0 строк\n"))
        #expect(render(empty, .json) == "[]\n")
        #expect(render(empty, .csv) == "id,title,copies,due_on,status\r\n")
        #expect(render(Table(columns: []), .table) == "")
    }

    /// Cyrillic (1), CJK (2), flags (2), emoji (2) and combining marks (0) in one table: every line of
    /// the box has the same display width.
    @Test func mixedScriptsLineUp() {
        let table = Table(
            columns: [Table.Column(key: "name", title: "название"), Table.Column(key: "n", title: "数")],
            rows: [
                [.text("Ёжик в тумане"), .integer(1)],
                [.text("忘年会 🍶"), .integer(22)],
                [.text("🇯🇵🇩🇪🇫🇷"), .integer(333)],
                [.text("Cre\u{300}me bru\u{302}le\u{301}e"), .integer(4444)],
                [.text("대한민국 ❄️ 👩‍👩‍👧"), .real(0.5)],
            ])
        for format in [OutputFormat.table, .markdown] {
            let lines = render(table, format).split(separator: "\n").filter {
                $0.hasPrefix("│") || $0.hasPrefix("|") || $0.hasPrefix("┌") || $0.hasPrefix("├") || $0.hasPrefix("└")
            }
            #expect(lines.count >= 7)
            #expect(
                Set(lines.map { DisplayWidth.of($0) }).count == 1, "\(format): \(lines.map { DisplayWidth.of($0) })")
        }
    }

    @Test func aTerminalCutsLongCellsButAPipeNeverDoes() {
        let long = String(repeating: "Очень длинное название ", count: 8)
        let table = Table(
            columns: [Table.Column(key: "title", title: "title"), Table.Column(key: "n", title: "n")],
            rows: [[.text(long), .integer(7)], [.text("日本語のとても長いタイトル" + long), .integer(8)]])
        for width in [40, 60, 80] {
            let lines = render(table, .table, width: width).split(separator: "\n").dropLast()
            #expect(lines.allSatisfy { DisplayWidth.of($0) == width }, "width \(width)")
            #expect(lines.filter { $0.contains("…") }.count == 2)
            #expect(
                lines.allSatisfy { $0.hasSuffix("│") || $0.hasSuffix("┐") || $0.hasSuffix("┤") || $0.hasSuffix("┘") })
        }
        let piped = render(table, .table)
        #expect(!piped.contains("…"))
        #expect(piped.contains(long))
        #expect(!render(table, .markdown, width: 40).contains("…"), "markdown is never cut")
    }

    @Test func aTooNarrowTerminalStillDrawsEveryColumn() {
        let table = Table(
            columns: (1...6).map { Table.Column(key: "c\($0)", title: "column \($0)") },
            rows: [(1...6).map { .text("value number \($0)") }])
        let lines = render(table, .table, width: 20).split(separator: "\n").dropLast()
        #expect(Set(lines.map { DisplayWidth.of($0) }) == [6 * 3 + 3 * 6 + 1], "each column keeps two characters and …")
    }

    @Test func colourOnlyRepeatsWhatTheWordsSay() {
        let coloured = render(Self.sample, .table, styling: Styling(isEnabled: true))
        #expect(coloured.contains("\u{1B}[31m✗ overdue\u{1B}[0m"))
        #expect(
            coloured.replacingOccurrences(of: "\u{1B}[31m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
                == render(Self.sample, .table), "without its escape codes, the coloured table is the plain one")
        for format in [OutputFormat.markdown, .csv, .tsv, .json] {
            #expect(!render(Self.sample, format, styling: Styling(isEnabled: true)).contains("\u{1B}"), "\(format)")
        }
    }

    @Test func controlCharactersInDataNeverReachTheTerminal() {
        let table = Table(
            columns: [Table.Column(key: "t", title: "t")], rows: [[.text("red\u{1B}[31m\nnext\tline\u{7}")]])
        let box = render(table, .table)
        #expect(!box.contains("\u{1B}") && !box.contains("\u{7}"))
        #expect(box.contains("red\\x1B[31m↵next line\\x07"))
        let markdown = render(table, .markdown)
        #expect(markdown.contains("red\\x1B[31m<br>next line\\x07"))
    }

    @Test func csvFollowsRFC4180() {
        let table = Table(
            columns: [Table.Column(key: "a", title: "A"), Table.Column(key: "b", title: "B")],
            rows: [
                [.text("plain"), .text("comma, inside")],
                [.text("quote \"here\""), .text("line\nbreak")],
                [.null, .text("")],
                [.real(1234567.5), .bool(true)],
                [.instant(Instant.parse("2025-12-22T13:30:00Z")!), .tag(Self.overdue)],
            ])
        #expect(
            render(table, .csv, locale: "ru") == """
                a,b\r
                plain,"comma, inside"\r
                "quote ""here""\",\"line
                break"\r
                ,\r
                1234567.5,true\r
                2025-12-22T13:30:00Z,overdue\r

                """)
    }

    @Test func tsvKeepsEveryRowOnOneLine() {
        let table = Table(
            columns: [Table.Column(key: "a", title: "A"), Table.Column(key: "b", title: "B")],
            rows: [
                [.text("tab\there"), .text("line\nbreak\\slash")],
                [.percent(0.5), .null],
            ])
        #expect(render(table, .tsv) == "a\tb\ntab\\there\tline\\nbreak\\\\slash\n0.5\t\n")
    }

    @Test func jsonEscapesWhatAStringLiteralMayNotHold() throws {
        let text = "q\"b\\n\nr\rt\tbell\u{7}nul\u{0}ls\u{2028}ps\u{2029}dash\u{2014}€"
        let table = Table(
            columns: [Table.Column(key: "t", title: "t")], rows: [[.text(text)], [.date(LocalDate("0042-03-07")!)]])
        let output = render(table, .json)
        #expect(
            output == """
                [
                  {"t": "q\\"b\\\\n\\nr\\rt\\tbell\\u0007nul\\u0000ls\\u2028ps\\u2029dash\u{2014}€"},
                  {"t": "0042-03-07"}
                ]

                """)
        let decoded = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: String]]
        #expect(decoded?.first?["t"] == text)
    }

    @Test func jsonIsAnArrayOfObjectsWithPlainValues() throws {
        let output = render(Self.sample, .json, locale: "ru")
        #expect(
            output == """
                [
                  {"id": 1, "title": "Ёлка", "copies": 1, "due_on": "2025-12-22", "status": "overdue"},
                  {"id": 1234, "title": "日本 🇯🇵", "copies": 1500, "due_on": null, "status": null}
                ]

                """)
        let tricky = Table(
            columns: [Table.Column(key: "t", title: "T"), Table.Column(key: "x", title: "X")],
            rows: [[.text("\"quoted\" \\ and \u{1}\n"), .real(.infinity)], [.bool(false), .real(1e-7)]])
        let parsed = try JSONSerialization.jsonObject(with: Data(render(tricky, .json).utf8)) as? [[String: Any]]
        #expect(parsed?.first?["t"] as? String == "\"quoted\" \\ and \u{1}\n")
        #expect(parsed?.first?["x"] is NSNull)
        #expect(parsed?.last?["x"] as? Double == 1e-7)
    }

    @Test func markdownEscapesPipesAndAlignsNumbers() {
        let table = Table(
            columns: [Table.Column(key: "t", title: "title"), Table.Column(key: "n", title: "n")],
            rows: [[.text("a | b"), .integer(1234)]])
        #expect(
            render(table, .markdown) == """
                | title  | n     |
                | ------ | ----: |
                | a \\| b | 1,234 |

                """)
    }

    /// A markdown viewer renders HTML: `<` and `>` from data (and titles) are entities, so data stays
    /// text; the `<br>` of a line break is the only tag markdown output writes.
    @Test func markdownEscapesAngleBrackets() {
        let table = Table(
            columns: [Table.Column(key: "t", title: "<title>"), Table.Column(key: "n", title: "n")],
            rows: [[.text("<img src=x onerror=alert(1)>"), .integer(1)], [.text("a < b\n> c"), .integer(2)]])
        #expect(
            render(table, .markdown) == """
                | &lt;title&gt;                      | n   |
                | ---------------------------------- | --: |
                | &lt;img src=x onerror=alert(1)&gt; |   1 |
                | a &lt; b<br>&gt; c                 |   2 |

                """)
    }

    @Test func rendererForATerminalFollowsTheSettings() {
        var settings = Settings(databasePath: "x.db", today: LocalDate("2025-12-20")!, format: .table, color: .auto)
        let terminal = Terminal(isTerminal: true, width: 50)
        #expect(Renderer(settings: settings, terminal: terminal, environment: [:]).styling.isEnabled)
        #expect(Renderer(settings: settings, terminal: terminal, environment: [:]).width == 50)
        #expect(!Renderer(settings: settings, terminal: terminal, environment: ["NO_COLOR": "1"]).styling.isEnabled)
        #expect(Renderer(settings: settings, terminal: .pipe, environment: [:]).width == nil)
        settings.color = .never
        #expect(!Renderer(settings: settings, terminal: terminal, environment: [:]).styling.isEnabled)
    }
}
