import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

@Suite struct LoanRulesTests {
    @Test(arguments: [
        ("2025-11-30", "2026-02-28"), ("2023-11-30", "2024-02-29"), ("2025-01-15", "2025-04-15"),
        ("2025-10-31", "2026-01-31"), ("2025-12-31", "2026-03-31"), ("2024-11-29", "2025-02-28"),
    ])
    func threeMonthsClampToTheMonthsEnd(_ loaned: String, _ latest: String) throws {
        let loan = try #require(LocalDate(loaned))
        #expect(LoanRules.latestDue(loanedOn: loan).description == latest)
        #expect(LoanRules.checkDue(try #require(LocalDate(latest)), loanedOn: loan) == nil)
        let dayAfter = try #require(LocalDate(latest)).adding(days: 1)
        #expect(
            LoanRules.checkDue(dayAfter, loanedOn: loan)
                == RuleViolation(
                    loaned.suffix(2) == latest.suffix(2)
                        ? "rule.books.due-too-late" : "rule.books.due-too-late.clamped",
                    ["loaned": loaned, "latest": latest, "months": "3", "loaned_column": "loaned_on"]),
            "the month-end clamp is named only when it moved the day")
    }

    @Test func dueAndReturnNotBeforeTheLoan() throws {
        let loan = try #require(LocalDate("2025-05-10"))
        #expect(LoanRules.checkDue(loan, loanedOn: loan) == nil)
        #expect(
            LoanRules.checkDue(loan.adding(days: -1), loanedOn: loan)
                == RuleViolation("rule.books.due-before-loan", ["loaned": "2025-05-10", "loaned_column": "loaned_on"]))
        #expect(LoanRules.checkReturned(loan, loanedOn: loan, today: loan) == nil)
        #expect(
            LoanRules.checkReturned(loan.adding(days: -1), loanedOn: loan, today: loan)
                == RuleViolation(
                    "rule.books.returned-before-loan", ["loaned": "2025-05-10", "loaned_column": "loaned_on"]))
        #expect(
            LoanRules.checkReturned(loan.adding(days: 1), loanedOn: loan, today: loan)
                == RuleViolation("rule.books.returned-future", ["today": "2025-05-10"]))
    }
}
