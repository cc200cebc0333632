import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// Rows under headings: one box for people, the flat table for machines.
@Suite struct RendererSectionsTests {
    static let sectioned = SectionedTable(
        columns: [Table.Column(key: "name", title: "name"), Table.Column(key: "count", title: "count")],
        sections: [
            .init(heading: "Mon 22 Dec", rows: [[.text("Ёлка"), .integer(1234)], [.text("忘年会"), .null]]),
            .init(
                heading: "A heading wider than both columns together",
                rows: [[.tag(Table.Tag(value: "overdue", label: "overdue", symbol: "✗", role: .alert))]]),
        ], summary: "3 rows")
    static let flat = Table(columns: [Table.Column(key: "day", title: "day")], rows: [[.text("flat")]])

    @Test func aBoxWithHeadingsAcrossTheColumns() {
        let renderer = Renderer(format: .table, localizer: .english)
        #expect(
            renderer.render(Self.sectioned, flat: Self.flat) == """
                ┌───────────┬────────────────────────────────┐
                │   name    │             count              │
                ├───────────┴────────────────────────────────┤
                │ Mon 22 Dec                                 │
                ├───────────┬────────────────────────────────┤
                │ Ёлка      │                          1,234 │
                │ 忘年会    │                                │
                ├───────────┴────────────────────────────────┤
                │ A heading wider than both columns together │
                ├───────────┬────────────────────────────────┤
                │ ✗ overdue │                                │
                └───────────┴────────────────────────────────┘
                3 rows

                """)
    }

    @Test func colourAndCutting() {
        let coloured = Renderer(format: .table, localizer: .english, styling: Styling(isEnabled: true))
        #expect(coloured.render(Self.sectioned, flat: Self.flat).contains("│ \u{1B}[31m✗ overdue\u{1B}[0m │"))
        let narrow = Renderer(format: .table, localizer: .english, width: 20).render(Self.sectioned, flat: Self.flat)
        for line in narrow.split(separator: "\n").dropLast() { #expect(DisplayWidth.of(line) == 20, "\(line)") }
        #expect(narrow.contains("│ A heading wider… │\n"))
        // The numbers' column keeps its number's width (the heading had widened it); the status gives.
        #expect(narrow.contains("│ Ёлка     │ 1,234 │\n"))
        #expect(narrow.contains("│ ✗ overd… │       │\n"))
    }

    @Test func markdownHasAHeadingAndATablePerSection() {
        let markdown = Renderer(format: .markdown, localizer: .english).render(Self.sectioned, flat: Self.flat)
        #expect(markdown.hasPrefix("### Mon 22 Dec\n\n| name   | count |\n"))
        #expect(markdown.contains("\n### A heading wider than both columns together\n\n"))
    }

    @Test func machinesGetTheFlatTable() {
        for format in [OutputFormat.csv, .tsv, .json] {
            let renderer = Renderer(format: format, localizer: .english)
            #expect(renderer.render(Self.sectioned, flat: Self.flat) == renderer.render(Self.flat))
        }
    }

    @Test func sectionsKeepTheirCellsRowAfterRow() {
        let section = SectionedTable.Section(heading: "h", rows: [[.text("a")], [.text("b"), .integer(2)]])
        #expect(section.width == 2)
        #expect(section.rowCount == 2)
        #expect(section.rows == [[.text("a"), .null], [.text("b"), .integer(2)]])
        #expect(section[0, 5] == .null)
    }
}
