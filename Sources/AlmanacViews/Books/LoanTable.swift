import AlmanacArguments
import AlmanacBooks
import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText

/// Loans as rows to print, in every format: the columns of `books list` and of the rows that
/// `books add`, `edit`, `return` and `delete` print.
public enum LoanTable {
    /// How `books list` orders loans.
    public enum Sort: String, CaseIterable, Sendable, ArgumentValue {
        /// By title in the locale's collation, then id.
        case title
        /// By due date, then id (the default: the oldest debts first).
        case due
    }

    /// The columns (the books kind's, then the status on the day), counted as books; `filter` words
    /// the sentence of an empty list (`LoanFilter.emptySentence`).
    public static func head(_ t: Localizer, filter: LoanFilter = LoanFilter()) -> Table.Head {
        Table.Head(
            columns: BookKind.Column.allCases.map { column($0, t) }
                + [
                    Table.Column(key: "status", title: t("column.status")),
                    Table.Column(key: "days_overdue", title: t("column.days_overdue"), priority: .less),
                ], summaryUnit: "unit.book",
            empty: filter.emptySentence(t))
    }

    /// Each loan's row with its status on `today`: overdue (red on a terminal, `✗` and a word
    /// everywhere), on loan, or returned; and for an overdue loan the days it is overdue.
    public struct Rows {
        package let today: LocalDate
        package let rule = OverdueRule()
        package let overdue, onLoan, returned: Table.Cell
        /// The kind's columns, in order (`allCases` makes an array at each use).
        private let columns = BookKind.Column.allCases

        /// Rows for `today`, with statuses in `t`'s words.
        public init(today: LocalDate, localizer t: Localizer) {
            self.today = today
            overdue = .tag(StatusTags.tag("overdue", t))
            onLoan = .tag(StatusTags.tag("on-loan", t))
            returned = .tag(StatusTags.tag("returned", t))
        }

        /// The row of one loan.
        public func row(_ loan: Loan) -> [Table.Cell] {
            let (status, daysOverdue) = standing(
                loanedOn: loan.loanedOn, dueOn: loan.dueOn, returnedOn: loan.returnedOn)
            return BookKind.Column.allCases.map { LoanTable.cell(loan, $0) } + [status, daysOverdue]
        }

        /// The row of the loan in a statement's current row (`Loan.selection`), as `row(_:)` makes
        /// it, with its text left in SQLite's memory. A row `Loan` would refuse is refused the same way.
        package func row(_ statement: Statement, into cells: inout [StreamedCell]) throws {
            let selection = Loan.selection
            guard let loaned = statement.localDate(at: selection[.loanedOn]),
                let due = statement.localDate(at: selection[.dueOn])
            else {
                cells += row(try Loan(row: statement)).map(StreamedCell.cell)
                return
            }
            let returnedOn = statement.localDate(at: selection[.returnedOn])
            for column in columns {
                let place = selection[column]
                switch column {
                case .id: cells.append(.cell(.identifier(statement.int64(at: place))))
                case .title, .author, .borrower:
                    if column != .title, statement.columnType(at: place) == .null {
                        cells.append(.cell(.null))
                        continue
                    }
                    let bytes = statement.textBytes(at: place)
                    cells.append(
                        isValidUTF8(bytes) ? .text(bytes) : .cell(.text(String(decoding: bytes, as: UTF8.self))))
                // A date read as one is passed as its text, which the formats for machines copy.
                case .loanedOn, .dueOn: cells.append(.dateText(statement.textBytes(at: place)))
                case .returnedOn:
                    cells.append(returnedOn == nil ? .cell(.null) : .dateText(statement.textBytes(at: place)))
                }
            }
            let (status, daysOverdue) = standing(loanedOn: loaned, dueOn: due, returnedOn: returnedOn)
            cells.append(.cell(status))
            cells.append(.cell(daysOverdue))
        }

        /// A loan's status on `today` and, when it is overdue, the days it is overdue.
        private func standing(loanedOn: LocalDate, dueOn: LocalDate, returnedOn: LocalDate?) -> (Table.Cell, Table.Cell)
        {
            switch rule.standing(loanedOn: loanedOn, dueOn: dueOn, returnedOn: returnedOn, today: today) {
            case .returned: (returned, .null)
            case .overdue(let days, _): (overdue, .count(Int64(days), unit: "unit.day"))
            default: (onLoan, .null)
            }
        }
    }

    /// The loans as a table, with each loan's status on `today`.
    public static func table(_ loans: [Loan], today: LocalDate, localizer t: Localizer) -> Table {
        let head = head(t)
        let rows = Rows(today: today, localizer: t)
        return Table(columns: head.columns, rows: loans.map(rows.row), summaryUnit: head.summaryUnit, empty: head.empty)
    }

    /// `books list`: the loans of `store` a filter keeps, in the order asked for, written to `output`
    /// as SQLite reads them; nothing is held, however many loans there are. Without a text filter
    /// the loans' text goes from SQLite's memory to the output (`Rows.row(_:into:)`).
    public static func list(
        _ store: LoanStore, filter: LoanFilter, sort: Sort, renderer: Renderer, today: LocalDate,
        to output: OutputWriter
    ) throws {
        let writer = try renderer.writer(head(renderer.localizer, filter: filter), to: output)
        let rows = Rows(today: today, localizer: renderer.localizer)
        let collation = sort == .title ? TitleCollation(localeIdentifier: renderer.localizer.localeIdentifier) : nil
        if filter.needsText || (collation != nil && !store.sortsTitlesInSQL) {
            try store.forEachLoan(filter, today: today, localizer: renderer.localizer, byTitle: collation) {
                try writer.row(rows.row($0))
            }
        } else {
            var cells: [StreamedCell] = []
            try store.forEachLoanRow(filter, today: today, byTitle: collation) { statement in
                cells.removeAll(keepingCapacity: true)
                try rows.row(statement, into: &cells)
                try writer.row(streamed: cells)
            }
        }
        try writer.finish()
    }

    /// A column of the books kind as a listing shows it: its JSON key and translated title.
    package static func column(_ column: BookKind.Column, _ t: Localizer) -> Table.Column {
        Table.Column(key: column.spec.jsonKey, title: t(column.spec.titleKey), priority: priority(column))
    }

    /// What a narrow terminal gives up first: the return date (the status says returned), then the
    /// loan's date (the due date matters more); then, before a title is cut short, the author.
    package static func priority(_ column: BookKind.Column) -> Table.Priority {
        switch column {
        case .returnedOn, .loanedOn: .least
        case .author: .less
        default: .kept
        }
    }

    /// A loan's value in a column of the books kind.
    package static func cell(_ loan: Loan, _ column: BookKind.Column) -> Table.Cell {
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
