import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// Loan fields as typed: dates absolute or relative to --today, empty to clear, bad dates named.
@Suite struct LoanEditTests {
    let today = LocalDate("2025-12-22")!

    @Test(arguments: [
        ("2026-01-05", "2026-01-05"), ("today", "2025-12-22"), ("today+21", "2026-01-12"), ("today-3", "2025-12-19"),
        (" today+1 ", "2025-12-23"), ("TODAY", "2025-12-22"), ("22.12.2025", "2025-12-22"),
        ("12/23/2025", "2025-12-23"),
    ])
    func datesAreAbsoluteOrRelativeToToday(_ text: String, _ expected: String) throws {
        #expect(try LoanEdit.date(text, option: "--due", today: today).description == expected)
    }

    @Test(arguments: ["2025-02-30", "30.02.2025", "03/04/2025", "tomorrow", "today+x", "", "2025-12-22T10:00"])
    func badDatesAreUsageErrorsNamingTheOption(_ text: String) {
        #expect {
            _ = try LoanEdit.date(text, option: "--loaned-on", today: today)
        } throws: { error in
            let error = error as? AlmanacError
            return error?.failure == .usage && error?.key == "books.error.bad-date"
                && error?.arguments == ["option": "--loaned-on", "value": text]
        }
    }

    @Test func onlyGivenFieldsBecomeColumnsAndDaysAreResolved() throws {
        #expect(LoanEdit().texts(today: today).isEmpty)
        #expect(LoanEdit().isEmpty && !LoanEdit(borrower: "").isEmpty)
        let texts = LoanEdit(borrower: "", loanedOn: "today-3", dueOn: "2025-02-30", returnedOn: "none").texts(
            today: today)
        #expect(texts == [.borrower: "", .loanedOn: "2025-12-19", .dueOn: "2025-02-30", .returnedOn: ""])
    }
}
