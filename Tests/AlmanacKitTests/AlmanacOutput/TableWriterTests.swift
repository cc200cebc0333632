import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// The streaming writer's promises that the formats' own tests do not hold: an empty result says so
/// in one sentence for people and stays well-formed for machines; a narrow terminal drops a column
/// empty in every row before it cuts anything, cuts long text first and never a date; a long box
/// spooled to its temporary file is the box held in memory.
@Suite struct TableWriterTests {
    static let loanColumns = ["id", "title", "borrower", "loaned_on", "due_on", "returned_on", "status"]
        .map { Table.Column(key: $0, title: $0) }

    static func write(
        _ format: OutputFormat, _ head: Table.Head, _ rows: [[Table.Cell]], width: Int? = nil, heldBytes: Int = .max
    ) throws -> String {
        var renderer = Renderer(format: format, localizer: .english, today: LocalDate("2025-12-22"), width: width)
        renderer.heldBytes = heldBytes
        let writer = try TableWriter(renderer, head: head, output: nil)
        for row in rows { try writer.row(row) }
        try writer.finish()
        return writer.text
    }

    @Test func anEmptyResultIsOneSentenceForPeopleAndWellFormedForMachines() throws {
        let head = Table.Head(
            columns: Self.loanColumns, summaryUnit: "unit.loan", empty: Table.Sentence("overdue.none"))
        #expect(try Self.write(.table, head, []) == "No loans are overdue.\n")
        #expect(try Self.write(.markdown, head, []) == "No loans are overdue.\n")
        #expect(try Self.write(.csv, head, []) == "id,title,borrower,loaned_on,due_on,returned_on,status\r\n")
        #expect(try Self.write(.tsv, head, []) == "id\ttitle\tborrower\tloaned_on\tdue_on\treturned_on\tstatus\n")
        #expect(try Self.write(.json, head, []) == "[]\n")
        let search = Table.Head(
            columns: Self.loanColumns, empty: Table.Sentence("countries.none-found", ["search": "Atlantis"]))
        #expect(try Self.write(.table, search, []) == "No country matches “Atlantis”.\n")
    }

    /// `books list --open` at 100 columns: the returned column, empty in every row, goes first; the
    /// titles are cut, the dates are whole.
    @Test func aNarrowTerminalDropsAnEmptyColumnFirstCutsTextAndNeverADate() throws {
        let overdue = Table.Cell.tag(Table.Tag(value: "overdue", label: "overdue", symbol: "✗", role: .alert))
        let rows: [[Table.Cell]] = (1...3).map { id in
            [
                .identifier(Int64(id)), .text("A very long title of a book that goes on and on, volume \(id)"),
                .text("Borrower \(id)"),
                .date(LocalDate("2025-11-0\(id)")!), .date(LocalDate("2025-12-1\(id)")!), .null, overdue,
            ]
        }
        let head = Table.Head(columns: Self.loanColumns, summaryUnit: "unit.loan")
        let wide = try Self.write(.table, head, rows)
        #expect(wide.contains("returned_on"), "a pipe keeps every column")
        let box = try Self.write(.table, head, rows, width: 100)
        let lines = box.split(separator: "\n").filter { $0.hasPrefix("│") || $0.hasPrefix("┌") }
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 100 }, "\(box)")
        #expect(!box.contains("returned_on"), "the empty column is dropped")
        #expect(box.contains("Sat 1 Nov") && box.contains("Thu 11 Dec") && box.contains("✗ overdue"), "\(box)")
        #expect(box.contains("A very long title of a book that goes on") && box.contains("…"), "\(box)")
        // At 60 columns the title gives up its width before the status does; the dates stay whole.
        let narrow = try Self.write(.table, head, rows, width: 60)
        #expect(narrow.contains("Sat 1 Nov") && narrow.contains("Thu 11 Dec"), "\(narrow)")
    }

    @Test func aLongBoxSpooledToItsFileIsTheBoxHeld() throws {
        let rows: [[Table.Cell]] = (0..<5_000).map {
            [
                .identifier(Int64($0)), .text("Title \($0) " + String(repeating: "ё", count: $0 % 40)),
                .null, .date(LocalDate("2025-12-01")!), .date(LocalDate("2025-12-22")!), .null, .text("on-loan"),
            ]
        }
        let head = Table.Head(columns: Self.loanColumns, summaryUnit: "unit.loan")
        for width in [nil, 80] as [Int?] {
            #expect(
                try Self.write(.table, head, rows, width: width, heldBytes: 0)
                    == (try Self.write(.table, head, rows, width: width)))
        }
    }
}
