import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// Files back in their own form (issue 41): a day written in a `--date-format` pattern, yes and no in
/// either language, `--headers titles` in the locale's words, and an export so made read back whole.
@Suite struct SheetFormTests {
    @Test(arguments: [
        ("DD.MM.YYYY", "05.01.2026"), ("D.M.YYYY", "5.1.2026"), ("MM/DD/YYYY", "01/05/2026"),
        ("DD/MM/YYYY", "05/01/2026"), ("YYYY/MM/DD", "2026/01/05"), ("YYYY-MM-DD", "2026-01-05"),
        ("dd-mm-yyyy", "05-01-2026"),
    ])
    func aPatternWritesADay(_ pattern: String, _ written: String) throws {
        let form = try #require(DateForms.pattern(pattern))
        #expect(form.write(LocalDate(year: 2026, month: 1, day: 5)!) == written)
    }

    /// Every pattern import accepts reads back every day it writes, the first and last days included.
    @Test(arguments: DateForms.examples + ["D.M.YYYY", "YYYY-MM-DD"])
    func whatAPatternWritesItReadsBack(_ pattern: String) throws {
        let form = try #require(DateForms.pattern(pattern))
        let forms = DateForms(pattern: form)
        var generator = SplitMix64(seed: 41)
        let days =
            [LocalDate.first, LocalDate.last, LocalDate(year: 2025, month: 12, day: 25)!]
            + (0..<300).map { _ in LocalDate(dayNumber: Int.random(in: 0..<2_900_000, using: &generator)) }
        for day in days where day >= LocalDate.first && day <= LocalDate.last {
            var text = form.write(day)
            let read = text.withUTF8 { forms.read(UnsafeRawBufferPointer($0)) }
            #expect(read == .date(day), "\(pattern): \(text)")
        }
    }

    @Test func yesAndNoAreReadInEveryLanguage() {
        for (text, flag) in [
            ("true", true), ("1", true), ("yes", true), ("Yes", true), ("да", true), ("ДА", true),
            ("false", false), ("0", false), ("no", false), ("нет", false), ("Нет", false),
        ] {
            #expect(YesNoWords.read(text) == flag, "\(text)")
        }
        for text in ["", "maybe", "y", "д", "2"] { #expect(YesNoWords.read(text) == nil, "\(text)") }
    }

    @Test func titlesAreTheLocalesAndReadBackAsTheirColumns() {
        #expect(
            Exporter.titles(.books, Localizer(locale: "ru")) == [
                "№", "Название", "Автор", "Читатель", "Выдана", "Вернуть до", "Возвращена",
            ])
        #expect(
            Exporter.titles(.books, .english) == ["Id", "Title", "Author", "Borrower", "Loaned", "Due", "Returned"])
        // Whatever the kind and the language, each title the header holds names its own column.
        for kind in KindRegistry.kinds {
            for language in Localizer.languages {
                let titles = Exporter.titles(kind, Localizer(locale: language))
                let spellings = HeaderMapping.spellings(kind.fileColumns)
                for (column, title) in titles.enumerated() {
                    #expect(
                        spellings[HeaderMapping.normalized(title)] == column, "\(kind.rawValue) \(language) \(title)")
                }
            }
        }
    }

    @Test func theAcceptedColumnsAreListedByTheirTitles() {
        let columns = ImportKind.books.fileColumns
        #expect(
            ImportDiagnostic.acceptedList(columns, Localizer(locale: "ru"))
                == "№ (id), название (title), автор (author), читатель (borrower), выдана (loaned_on), вернуть до (due_on), возвращена (returned_on)"
        )
        #expect(
            ImportDiagnostic.acceptedList(columns, .english)
                == "id, title, author, borrower, loaned (loaned_on), due (due_on), returned (returned_on)")
    }

    /// A Russian librarian's form: `;`, her titles, dotted days, a byte-order mark, yes and no in her
    /// words; read back into an empty database, every row is as it was.
    @Test func anExportInTheLocalesFormImportsBackUnchanged() throws {
        let fixture = try ImportFixture(today: "2025-12-22")
        let loans = #"""
            title,author,borrower,loaned_on,due_on,returned_on
            "Мастер и Маргарита; «роман»",Булгаков,,2025-11-13,2026-01-31,
            "Ёлка ""№1""",,Пётр,2025-10-02,2025-12-24,2025-12-20
            Dune | part 1,"Herbert, Frank",Chloé,2025-12-20,2026-03-20,

            """#
        #expect(try fixture.load(.books, loans).diagnostics == [])
        #expect(try fixture.load(.holidays, baseHolidays).diagnostics == [])
        #expect(try fixture.load(.calendarState, "selected_holiday,test_mode\nxmas,true\n").diagnostics == [])
        let sheet = SheetForm(delimiter: 59, bom: true, titles: true, datePattern: DateForms.pattern("DD.MM.YYYY"))
        let again = try ImportFixture(today: "2025-12-22")
        for kind in [ImportKind.holidays, .calendarState, .books] {
            let path = fixture.directory.path("out-" + kind.fileName)
            try Exporter.export(
                kind, from: fixture.database, to: path, sheet: sheet, localizer: Localizer(locale: "ru"))
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            try again.write(kind.fileName, bytes: bytes)
            #expect(try again.run([(kind, kind.fileName)]).diagnostics == [], "\(kind.rawValue)")
        }
        let written = try String(contentsOfFile: fixture.directory.path("out-books.csv"), encoding: .utf8)
        let mark = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.directory.path("out-books.csv"))))
        #expect(Array(mark.prefix(3)) == [0xEF, 0xBB, 0xBF])
        // Foundation reads the mark away.
        #expect(written.hasPrefix("№;Название;Автор;Читатель;Выдана;Вернуть до;Возвращена\n"), "\(written)")
        #expect(written.contains(";Пётр;02.10.2025;24.12.2025;20.12.2025\n"), "\(written)")
        let state = try String(contentsOfFile: fixture.directory.path("out-calendar-state.csv"), encoding: .utf8)
        #expect(state.hasSuffix(";да\n"), "\(state)")
        for table in ["books", "holidays", "calendar_state"] {
            let sql = "SELECT * FROM \(table) ORDER BY 1"
            #expect(try fixture.rows(sql) == again.rows(sql), "\(table)")
        }
    }
}
