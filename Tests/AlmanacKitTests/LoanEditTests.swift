@testable import AlmanacKit
import Testing

/// Loan fields as typed: dates absolute or relative to --today, empty to clear, bad dates named.
@Suite struct LoanEditTests {
    let today = LocalDate("2025-12-22")!

    @Test(arguments: [("2026-01-05", "2026-01-05"), ("today", "2025-12-22"), ("today+21", "2026-01-12"), ("today-3", "2025-12-19"),
                      (" today+1 ", "2025-12-23"), ("TODAY", "2025-12-22")])
    func datesAreAbsoluteOrRelativeToToday(_ text: String, _ expected: String) throws {
        #expect(try LoanEdit.date(text, option: "--due", today: today).description == expected)
    }

    @Test(arguments: ["2025-02-30", "22.12.2025", "tomorrow", "today+x", "", "2025-12-22T10:00"])
    func badDatesAreUsageErrorsNamingTheOption(_ text: String) {
        #expect {
            _ = try LoanEdit.date(text, option: "--loaned-on", today: today)
        } throws: { error in
            let error = error as? AlmanacError
            return error?.failure == .usage && error?.key == "books.error.bad-date"
                && error?.arguments == ["option": "--loaned-on", "value": text]
        }
    }

    @Test func onlyGivenFieldsChange() throws {
        var loan = Loan(id: 7, title: "Dune", author: "Frank Herbert", borrower: "Chloé",
            loanedOn: LocalDate("2025-12-10")!, dueOn: LocalDate("2026-03-10")!, returnedOn: LocalDate("2025-12-20")!)
        let original = loan
        try LoanEdit().apply(to: &loan, today: today)
        #expect(loan == original)
        #expect(LoanEdit().isEmpty && !LoanEdit(borrower: "").isEmpty)
        try LoanEdit(borrower: "", returnedOn: "").apply(to: &loan, today: today)
        #expect(loan.borrower == nil && loan.returnedOn == nil && loan.author == "Frank Herbert")
    }

    @Test func aNewLoanNeedsADueDate() {
        #expect(throws: AlmanacError.self) { try LoanEdit(title: "Dune").newLoan(today: today) }
    }
}
