import AlmanacKinds
import AlmanacText

/// The rules of a book loan. The longest loan is the library's `longest-loan-months` setting
/// (`LibrarySettings`, 3 months unless set: BooksKeeper's date picker was limited to three months).
public enum LoanRules {
    /// The latest due date for a loan lent for at most `months` months: that many months later,
    /// clamped to the end of a shorter month, so a 3-month loan on Nov 30 is due by Feb 28 (Feb 29
    /// in a leap year).
    public static func latestDue(loanedOn: LocalDate, months: Int = LibrarySettings.defaults.longestLoanMonths)
        -> LocalDate
    {
        // Past the last day a date can be (a loan in the autumn of 9999): every day left is allowed.
        guard loanedOn.year * 12 + loanedOn.month - 1 + months < 10_000 * 12 else {
            return LocalDate(year: 9999, month: 12, day: 31)!
        }
        return loanedOn.adding(months: months)
    }

    /// Checks the due date against the loan date: not before it, and not past `latestDue` for a loan
    /// of at most `months` months (nil: no longest loan, for a loan whose dates are not being set).
    public static func checkDue(
        _ due: LocalDate, loanedOn: LocalDate,
        months: Int? = LibrarySettings.defaults.longestLoanMonths
    ) -> RuleViolation? {
        if due < loanedOn {
            return RuleViolation(
                "rule.books.due-before-loan", ["loaned": loanedOn.description, "loaned_column": "loaned_on"])
        }
        guard let months else { return nil }
        let latest = latestDue(loanedOn: loanedOn, months: months)
        if latest < due {
            // The month-end clamp is named only when it moved the latest day (lent Nov 30, due by Feb 28).
            return RuleViolation(
                latest.day == loanedOn.day ? "rule.books.due-too-late" : "rule.books.due-too-late.clamped",
                [
                    "loaned": loanedOn.description, "latest": latest.description, "months": String(months),
                    "loaned_column": "loaned_on",
                ])
        }
        return nil
    }

    /// Checks the return date: a book comes back between the day it was lent and today.
    public static func checkReturned(_ returned: LocalDate, loanedOn: LocalDate, today: LocalDate) -> RuleViolation? {
        if returned < loanedOn {
            return RuleViolation(
                "rule.books.returned-before-loan", ["loaned": loanedOn.description, "loaned_column": "loaned_on"])
        }
        if today < returned { return RuleViolation("rule.books.returned-future", ["today": today.description]) }
        return nil
    }
}
