/// Loans as rows to print, in every format: the columns of `books list` and of the rows that
/// `books add`, `edit`, `return` and `delete` print.
public enum LoanTable {
    /// How `books list` orders loans.
    public enum Sort: String, CaseIterable, Sendable {
        /// By title in the locale's collation, then id.
        case title
        /// By due date, then id (the default: the oldest debts first).
        case due
    }

    /// The loans as a table, with each loan's status on `today`: overdue (red on a terminal, `✗` and
    /// a word everywhere), on loan, or returned; and for an overdue loan the days it is overdue.
    public static func table(_ loans: [Loan], today: LocalDate, localizer t: Localizer) -> Table {
        let rule = OverdueRule()
        let rows: [[Table.Cell]] = loans.map { loan in
            let status: String
            var daysOverdue = Table.Cell.null
            switch rule.standing(loanedOn: loan.loanedOn, dueOn: loan.dueOn, returnedOn: loan.returnedOn, today: today) {
            case .returned: status = "returned"
            case .overdue(let days, _):
                status = "overdue"
                daysOverdue = .count(Int64(days), unit: "unit.day")
            default: status = "on-loan"
            }
            return [
                .identifier(loan.id), .text(loan.title), loan.author.map(Table.Cell.text) ?? .null,
                loan.borrower.map(Table.Cell.text) ?? .null, .date(loan.loanedOn), .date(loan.dueOn),
                loan.returnedOn.map(Table.Cell.date) ?? .null, .tag(StatusTags.tag(status, t)), daysOverdue,
            ]
        }
        let keys = ["id", "title", "author", "borrower", "loaned_on", "due_on", "returned_on", "status", "days_overdue"]
        return Table(columns: keys.map { Table.Column(key: $0, title: t("column." + $0)) }, rows: rows, summaryUnit: "unit.book")
    }

    /// Loans in the order asked for; title order follows the locale's collation.
    public static func sorted(_ loans: [Loan], by sort: Sort, localizer: Localizer) -> [Loan] {
        switch sort {
        case .due: return loans.sorted { ($0.dueOn, $0.id) < ($1.dueOn, $1.id) }
        case .title: return TitleCollation(localeIdentifier: localizer.localeIdentifier).sorted(loans)
        }
    }
}
