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
            return BookKind.Column.allCases.map { cell(loan, $0) } + [.tag(StatusTags.tag(status, t)), daysOverdue]
        }
        return Table(columns: BookKind.Column.allCases.map { column($0, t) }
            + ["status", "days_overdue"].map { Table.Column(key: $0, title: t("column." + $0)) },
            rows: rows, summaryUnit: "unit.book")
    }

    /// A column of the books kind as a listing shows it: its JSON key and translated title.
    static func column(_ column: BookKind.Column, _ t: Localizer) -> Table.Column {
        Table.Column(key: column.spec.jsonKey, title: t(column.spec.titleKey))
    }

    /// A loan's value in a column of the books kind.
    static func cell(_ loan: Loan, _ column: BookKind.Column) -> Table.Cell {
        switch column {
        case .id: .identifier(loan.id)
        case .title: .text(loan.title)
        case .author: loan.author.map(Table.Cell.text) ?? .null
        case .borrower: loan.borrower.map(Table.Cell.text) ?? .null
        case .loanedOn: .date(loan.loanedOn)
        case .dueOn: .date(loan.dueOn)
        case .returnedOn: loan.returnedOn.map(Table.Cell.date) ?? .null
        }
    }

    /// Loans in the order asked for; title order follows the locale's collation. With a limit, the
    /// first that many of that order.
    public static func sorted(_ loans: [Loan], by sort: Sort, localizer: Localizer, limit: Int? = nil) -> [Loan] {
        let sorted: [Loan]
        switch sort {
        case .due: sorted = loans.sorted { ($0.dueOn, $0.id) < ($1.dueOn, $1.id) }
        case .title: sorted = TitleCollation(localeIdentifier: localizer.localeIdentifier).sorted(loans)
        }
        return limit.map { Array(sorted.prefix($0)) } ?? sorted
    }
}
