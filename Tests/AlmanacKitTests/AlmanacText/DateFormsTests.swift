import Foundation
import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// Dates people write: ISO always, `DD.MM.YYYY` and `D.M.YYYY` always, `--date-format` for every
/// date column, slashed dates decided from a file's first lines or refused naming `--date-format`;
/// never a guess. Stored as `YYYY-MM-DD` whatever the form.
@Suite struct DateFormsTests {
    static func read(_ text: String, _ forms: DateForms = DateForms()) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            switch forms.read(UnsafeRawBufferPointer(utf8)) {
            case .date(let date): date.description
            case .undecided: "undecided"
            case .notADate: "no"
            }
        }
    }

    @Test(arguments: [
        ("2025-12-20", "2025-12-20"), ("20.12.2025", "2025-12-20"), ("1.2.2025", "2025-02-01"),
        ("01.2.2025", "2025-02-01"),
        ("2025/12/20", "2025-12-20"), ("09/13/2025", "undecided"), ("03/04/2025", "undecided"),
        ("31.02.2025", "no"), ("20.12.25", "no"), ("2025.12.20", "no"), ("20-12-2025", "no"), ("20.12/2025", "no"),
        ("1.1.0000", "no"), ("", "no"), ("12/20", "no"), ("+1.2.2025", "no"),
    ])
    func withoutAPattern(_ text: String, _ expected: String) {
        #expect(Self.read(text) == expected)
    }

    @Test func aPatternOrASampleDecidesSlashes() throws {
        let usPattern = try #require(DateForms.pattern("MM/DD/YYYY"))
        let us = DateForms(pattern: usPattern)
        #expect(Self.read("09/13/2025", us) == "2025-09-13")
        #expect(Self.read("13/09/2025", us) == "no")
        #expect(Self.read("20.12.2025", us) == "2025-12-20")
        let european = DateForms(slashOrder: .dayMonthYear)
        #expect(Self.read("03/04/2025", european) == "2025-04-03")
        let dashesPattern = try #require(DateForms.pattern("dd-mm-yyyy"))
        let dashes = DateForms(pattern: dashesPattern)
        #expect(Self.read("20-12-2025", dashes) == "2025-12-20")
        #expect(Self.read("2025-12-20", dashes) == "2025-12-20")
        #expect(DateForms.pattern("MM/DD/YY") == nil)
        #expect(DateForms.pattern("DD/DD/YYYY") == nil)
        #expect(DateForms.pattern("DD/MM.YYYY") == nil)
        #expect(DateForms().readAlone("09/13/2025") == .date(LocalDate("2025-09-13")!))
        #expect(DateForms().readAlone("03/04/2025") == .undecided)
    }

    @Test func dottedDatesImportAndAreStoredInISO() throws {
        let fixture = try ImportFixture()
        let outcome = try fixture.load(.books, "Название;Выдана;Вернуть до\nДюна;1.12.2025;20.12.2025\n")
        #expect(outcome.diagnostics == [])
        #expect(try fixture.rows("SELECT loaned_on, due_on FROM books") == [["2025-12-01", "2025-12-20"]])
    }

    @Test func slashedDatesAreDecidedFromTheFirstLines() throws {
        let fixture = try ImportFixture()
        let outcome = try fixture.load(
            .books, "title,loaned_on,due_on\nA,12/01/2025,12/02/2025\nB,11/20/2025,12/20/2025\n")
        #expect(outcome.diagnostics == [])
        #expect(
            try fixture.rows("SELECT loaned_on, due_on FROM books ORDER BY id") == [
                ["2025-12-01", "2025-12-02"], ["2025-11-20", "2025-12-20"],
            ])
        #expect(outcome.report.formLines(.english).first?.hasSuffix(#", dates MM/DD/YYYY (detected)"#) == true)
        let european = try fixture.load(.books, "title;due_on\nC;13/12/2025\nD;01/12/2025\n")
        #expect(european.diagnostics == [])
        #expect(
            try fixture.rows("SELECT due_on FROM books WHERE title IN ('C', 'D') ORDER BY id") == [
                ["2025-12-13"], ["2025-12-01"],
            ])
    }

    @Test func slashedDatesNothingDecidesAreRefusedNamingTheOption() throws {
        let fixture = try ImportFixture()
        let message =
            "is a slashed date whose order nothing decides (the file's first lines show no day over 12, or show both orders): give --date-format DD/MM/YYYY or MM/DD/YYYY"
        #expect(
            try fixture.load(.books, "title,due_on\nA,12/02/2025\n").diagnostics == [
                #"books.csv:2:3: error: column "due_on": "12/02/2025" "# + message
            ])
        // Both orders in one sample decide nothing either.
        #expect(try fixture.load(.books, "title,due_on\nA,13/12/2025\nB,12/13/2025\n").diagnostics.count == 2)
        fixture.options.datePattern = DateForms.pattern("DD/MM/YYYY")
        #expect(try fixture.load(.books, "title,due_on\nA,05/12/2025\n").diagnostics == [])
        #expect(try fixture.rows("SELECT due_on FROM books") == [["2025-12-05"]])
        #expect(
            try fixture.load(.books, "title,due_on\nB,02/13/2025\n").diagnostics == [
                #"books.csv:2:3: error: column "due_on": "02/13/2025" is not a date (expected YYYY-MM-DD, DD.MM.YYYY or DD/MM/YYYY)"#
            ])
    }

    @Test func addAndEditTakeTheSameForms() throws {
        let directory = try TemporaryDirectory()
        _ = try Store.create(directory.path("a.db"))
        let store = try LoanStore.openForWriting(directory.path("a.db"))
        let today = LocalDate("2025-12-01")!
        var edit = LoanEdit(title: "Дюна", loanedOn: "1.12.2025", dueOn: "12/20/2025")
        let loan = try store.add(edit, today: today)
        #expect(loan.dueOn.description == "2025-12-20")
        edit = LoanEdit(dueOn: "02/12/2025")
        #expect(throws: AlmanacError.self) { try store.update(id: loan.id, edit, today: today) }
        edit.dateForms = DateForms(pattern: DateForms.pattern("DD/MM/YYYY"))
        #expect(try store.update(id: loan.id, edit, today: today).dueOn.description == "2025-12-02")
    }
}
