import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// The table renderer's rule for a narrow terminal, for any listing: columns that say least go
/// before any text is shortened, those that say less before text is cut below a readable width,
/// the rightmost first among equals; kept columns never go, and a pipe shows every column.
@Suite struct ColumnPriorityTests {
    static let table = Table(
        columns: [
            Table.Column(key: "name", title: "name"),
            Table.Column(key: "note", title: "note", priority: .less),
            Table.Column(key: "first", title: "first", priority: .least),
            Table.Column(key: "second", title: "second", priority: .least),
            Table.Column(key: "day", title: "day"),
        ],
        rows: [
            [
                .text("A rather long name"), .text("some note"), .date(LocalDate("2025-01-01")!),
                .date(LocalDate("2025-02-01")!),
                .date(LocalDate("2025-03-01")!),
            ]
        ], summaryUnit: nil)

    static func titles(width: Int?) -> [String] {
        let text = Renderer(format: .table, localizer: .english, width: width).render(table)
        let row = text.split(separator: "\n")[1]
        return row.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func whatSaysLeastGoesFirst() {
        #expect(Self.titles(width: nil) == ["name", "note", "first", "second", "day"])
        #expect(Self.titles(width: 200) == ["name", "note", "first", "second", "day"])
        // A little short: the rightmost of the least goes, nothing is cut.
        #expect(Self.titles(width: 80) == ["name", "note", "first", "day"])
        #expect(Self.titles(width: 60) == ["name", "note", "day"])
        // Text is cut while it stays readable; the note goes before the name is cut below that.
        #expect(Self.titles(width: 50) == ["name", "note", "day"])
        #expect(Self.titles(width: 30) == ["name", "day"])
        // A kept column never goes: the date stays whole, the name is cut as far as it must be.
        #expect(Self.titles(width: 20) == ["na…", "day"])
    }
}
