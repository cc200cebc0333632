import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// Headers people write: a column by its name, by the title Almanac prints for it in English or
/// Russian (case, surrounding spaces and ё/е aside), or by `--map`; `--map SOURCE=` leaves a column
/// out; an unknown column stays an error, with the nearest column where one is near.
@Suite struct HeaderTitleTests {
    @Test func russianTitlesAsAlmanacPrintsThemNameTheColumns() throws {
        let fixture = try ImportFixture()
        let text =
            "№;Название;Автор;Читатель;Выдана;ВЕРНУТЬ  ДО ; возвращена\n7;Дюна;Герберт;Аня;2025-11-20;2025-12-20;\n"
        let outcome = try fixture.load(.books, text)
        #expect(outcome.diagnostics == [])
        #expect(
            try fixture.rows("SELECT id, title, author, borrower, loaned_on, due_on FROM books") == [
                ["7", "Дюна", "Герберт", "Аня", "2025-11-20", "2025-12-20"]
            ])
    }

    @Test func englishTitlesNameTheColumnsToo() throws {
        let fixture = try ImportFixture()
        #expect(
            try fixture.load(.books, "Title,Author,Loaned,Due,Returned\nDune,Herbert,2025-11-20,2025-12-20,\n")
                .diagnostics == [])
        #expect(try fixture.rows("SELECT title, due_on FROM books") == [["Dune", "2025-12-20"]])
    }

    @Test func mapReadsAColumnAsAnotherAndLeavesOneOut() throws {
        let fixture = try ImportFixture()
        fixture.options.renames = ["Инв. №": "id", "Срок возврата": "due_on", "Примечание": "", "Отчёт": ""]
        let text = "Инв. №;Название;Срок возврата;Примечание;Отчет\n12;Идиот;2025-12-20;на полке у окна;x\n"
        #expect(try fixture.load(.books, text).diagnostics == [])
        #expect(try fixture.rows("SELECT id, title, due_on FROM books") == [["12", "Идиот", "2025-12-20"]])
    }

    @Test func anUnknownColumnSaysWhichIsNear() throws {
        let fixture = try ImportFixture()
        #expect(
            try fixture.load(.books, "Titel,due_on\nDune,2025-12-20\n").diagnostics == [
                #"books.csv:1:1: error: column "Titel" is not a column of books; did you mean title? (accepted: id, title, author, borrower, loaned (loaned_on), due (due_on), returned (returned_on)); --map "Titel=COLUMN" reads it as one of them"#,
                #"books.csv:1:1: error: missing required column "title" (accepted: id, title, author, borrower, loaned_on, due_on, returned_on)"#,
            ])
        #expect(
            try fixture.load(.books, "title;Вернуть дп\nDune;2025-12-20\n").diagnostics.first?
                .hasPrefix(
                    #"books.csv:1:7: error: column "Вернуть дп" is not a column of books; did you mean вернуть до (due_on)?"#
                ) == true)
        #expect(
            try fixture.load(.books, "title;Срок возврата\nDune;2025-12-20\n").diagnostics.first
                == #"books.csv:1:7: error: column "Срок возврата" is not a column of books (accepted: id, title, author, borrower, loaned (loaned_on), due (due_on), returned (returned_on)); --map "Срок возврата=COLUMN" reads it as one of them"#
        )
        // A column named twice, by its name and by its title.
        #expect(
            try fixture.load(.books, "title,due_on,Название\nDune,2025-12-20,Dune\n").diagnostics == [
                #"books.csv:1:14: error: column "title" appears twice"#
            ])
    }

    @Test func aTitleTwoColumnsShareNamesNeitherAndANameWinsOverATitle() {
        let columns = [
            ImportColumn("a", titles: ["Same", "b"]), ImportColumn("b", titles: ["same"]),
            ImportColumn("c", titles: ["Ёлка"]),
        ]
        let spellings = HeaderMapping.spellings(columns, renames: ["X": "c", "Y": ""])
        #expect(spellings["same"] == nil)
        #expect(spellings["b"] == .some(1))
        #expect(spellings["елка"] == .some(2))
        #expect(spellings["x"] == .some(2))
        #expect(spellings["y"] == .some(nil))
    }

    @Test func mapValuesAreChecked() throws {
        let columns = ImportKind.books.fileColumns.map(\.name)
        #expect(
            try ImportOptions.renames(["Срок возврата=due_on", "Примечание="], columns: columns, kinds: "books")
                == ["Срок возврата": "due_on", "Примечание": ""])
        #expect(throws: AlmanacError.self) { try ImportOptions.renames(["due_on"], columns: columns, kinds: "books") }
        #expect(throws: AlmanacError.self) { try ImportOptions.renames(["=due_on"], columns: columns, kinds: "books") }
        do {
            _ = try ImportOptions.renames(["Срок=due"], columns: columns, kinds: "books")
            Issue.record("a column books lacks was taken")
        } catch let error as AlmanacError {
            #expect(error.message(.english) == #"--map: "due" is not a column of books; did you mean due_on?"#)
        }
    }
}
