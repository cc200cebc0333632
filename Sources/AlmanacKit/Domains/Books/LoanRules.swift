/// The rules of a book loan (BooksKeeper's date picker was limited to three months).
public enum LoanRules {
    /// How many months after the loan a book may be due at the latest.
    public static let maximumMonths = 3

    /// The latest due date for a loan: three months later, clamped to the end of a shorter month,
    /// so a loan on Nov 30 is due by Feb 28 (Feb 29 in a leap year).
    public static func latestDue(loanedOn: LocalDate) -> LocalDate {
        // Three months after a loan in the autumn of 9999 is past the last day a date can be: every
        // day left is allowed, as the schema's CHECK allows it.
        guard loanedOn.year * 12 + loanedOn.month - 1 + maximumMonths < 10_000 * 12 else {
            return LocalDate(year: 9999, month: 12, day: 31)!
        }
        return loanedOn.adding(months: maximumMonths)
    }

    /// Checks the due date against the loan date: not before it, and not past `latestDue`.
    public static func checkDue(_ due: LocalDate, loanedOn: LocalDate) -> RuleViolation? {
        if due < loanedOn {
            return RuleViolation("rule.books.due-before-loan", ["loaned": loanedOn.description])
        }
        let latest = latestDue(loanedOn: loanedOn)
        if latest < due {
            return RuleViolation("rule.books.due-too-late", ["loaned": loanedOn.description, "latest": latest.description])
        }
        return nil
    }

    /// Checks the return date: a book comes back between the day it was lent and today.
    public static func checkReturned(_ returned: LocalDate, loanedOn: LocalDate, today: LocalDate) -> RuleViolation? {
        if returned < loanedOn { return RuleViolation("rule.books.returned-before-loan", ["loaned": loanedOn.description]) }
        if today < returned { return RuleViolation("rule.books.returned-future", ["today": today.description]) }
        return nil
    }
}
