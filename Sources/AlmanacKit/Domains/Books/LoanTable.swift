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

    static let keys = ["id", "title", "author", "borrower", "loaned_on", "due_on", "returned_on", "status", "days_overdue"]

    /// The columns, counted as books; `openOnly` words the sentence of an empty list for `--open`.
    public static func head(_ t: Localizer, openOnly: Bool = false) -> Table.Head {
        Table.Head(columns: keys.map { Table.Column(key: $0, title: t("column." + $0)) }, summaryUnit: "unit.book",
            empty: Table.Sentence(openOnly ? "books.none-open" : "books.none"))
    }

    /// Each loan's row with its status on `today`: overdue (red on a terminal, `✗` and a word
    /// everywhere), on loan, or returned; and for an overdue loan the days it is overdue.
    public struct Rows {
        let today: LocalDate
        let rule = OverdueRule()
        let overdue, onLoan, returned: Table.Cell

        /// Rows for `today`, with statuses in `t`'s words.
        public init(today: LocalDate, localizer t: Localizer) {
            self.today = today
            overdue = .tag(StatusTags.tag("overdue", t))
            onLoan = .tag(StatusTags.tag("on-loan", t))
            returned = .tag(StatusTags.tag("returned", t))
        }

        /// The row of one loan.
        public func row(_ loan: Loan) -> [Table.Cell] {
            var status = onLoan
            var daysOverdue = Table.Cell.null
            switch rule.standing(loanedOn: loan.loanedOn, dueOn: loan.dueOn, returnedOn: loan.returnedOn, today: today) {
            case .returned: status = returned
            case .overdue(let days, _):
                status = overdue
                daysOverdue = .count(Int64(days), unit: "unit.day")
            default: break
            }
            return [
                .identifier(loan.id), .text(loan.title), loan.author.map(Table.Cell.text) ?? .null,
                loan.borrower.map(Table.Cell.text) ?? .null, .date(loan.loanedOn), .date(loan.dueOn),
                loan.returnedOn.map(Table.Cell.date) ?? .null, status, daysOverdue,
            ]
        }
    }

    /// The loans as a table, with each loan's status on `today`.
    public static func table(_ loans: [Loan], today: LocalDate, localizer t: Localizer) -> Table {
        let head = head(t), rows = Rows(today: today, localizer: t)
        return Table(columns: head.columns, rows: loans.map(rows.row), summaryUnit: head.summaryUnit, empty: head.empty)
    }

    /// `books list`: every loan of `store` (or only those out) in the order asked for, written to
    /// `output` as SQLite reads them; nothing is held, however many loans there are.
    public static func list(_ store: LoanStore, openOnly: Bool, sort: Sort, renderer: Renderer, today: LocalDate,
                            to output: OutputWriter) throws {
        let writer = try renderer.writer(head(renderer.localizer, openOnly: openOnly), to: output)
        let rows = Rows(today: today, localizer: renderer.localizer)
        let collation = sort == .title ? TitleCollation(localeIdentifier: renderer.localizer.localeIdentifier) : nil
        try store.forEachLoan(openOnly: openOnly, byTitle: collation) { try writer.row(rows.row($0)) }
        try writer.finish()
    }

    /// Loans in the order asked for; title order follows the locale's collation.
    public static func sorted(_ loans: [Loan], by sort: Sort, localizer: Localizer) -> [Loan] {
        switch sort {
        case .due: return loans.sorted { ($0.dueOn, $0.id) < ($1.dueOn, $1.id) }
        case .title: return TitleCollation(localeIdentifier: localizer.localeIdentifier).sorted(loans)
        }
    }
}
