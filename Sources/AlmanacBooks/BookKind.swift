import AlmanacKinds
import AlmanacStore
import AlmanacText

extension ImportKind {
    /// `books` (`BookKind`).
    public static let books = ImportKind(rawValue: "books")
}

/// `books`: a library loan. A title; due from the loan day to the library's longest loan later
/// (`LoanRules`, the `longest-loan-months` setting);
/// returned, if at all, between the loan day and today.
package enum BookKind: KindDefinition {
    package enum Column: Int, KindColumn {
        case id, title, author, borrower, loanedOn, dueOn, returnedOn

        package var spec: ColumnSpec {
            switch self {
            case .id: ColumnSpec("id", .id, key: true)
            case .title: ColumnSpec("title", .text, required: true)
            case .author: ColumnSpec("author", .text)
            case .borrower: ColumnSpec("borrower", .text)
            case .loanedOn: ColumnSpec("loaned_on", .date, emptyMeans: "today")
            case .dueOn: ColumnSpec("due_on", .date, required: true)
            case .returnedOn: ColumnSpec("returned_on", .date)
            }
        }
    }

    /// The day an empty `loaned_on` stands for, and the last day a book can have come back; the
    /// longest loan in months (the library's setting when the check began), or nil where the loan's
    /// dates are not being set: a loan recorded under a longer setting is not judged again.
    package struct Context {
        package let today: LocalDate
        package let longestLoanMonths: Int?

        /// The context of `database`'s settings (`LibrarySettings`); `judgingDates` false leaves the
        /// longest loan unchecked (a return, a new title).
        package init(today: LocalDate, database: Database, judgingDates: Bool = true) throws {
            self.today = today
            longestLoanMonths = judgingDates ? try LibrarySettings.read(database).longestLoanMonths : nil
        }
    }

    package static let kind = ImportKind.books
    package static let table = "books"
    package static let exportOrder = "id"
    /// The rules judge a loan by the library's settings.
    package static let refersTo = [ImportKind.librarySettings]

    /// The rules check each of the table's CHECKs (`CheckBypassTests`): a million loans go in without
    /// SQLite evaluating their date CHECKs again.
    package static let checkedByTheImporter = true

    /// An import judges the loans' dates by the library's settings as the run finds them.
    package static func importContext(_ run: ImportRun) throws -> Context {
        try Context(today: run.today, database: run.database)
    }

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Context) {
        row.bindOptionalID(Column.id)
        if row.requireText(Column.title) { row.bindField(Column.title) }
        row.bindField(Column.author)
        row.bindField(Column.borrower)
        var loaned: LocalDate? = context.today
        if row.isEmpty(Column.loanedOn) {
            row.bindDate(Column.loanedOn, context.today)
        } else {
            loaned = row.date(Column.loanedOn)
            if let loaned { row.bindDay(Column.loanedOn, loaned) }
        }
        if row.require(Column.dueOn), let due = row.date(Column.dueOn) {
            row.bindDay(Column.dueOn, due)
            if let loaned, let violation = LoanRules.checkDue(due, loanedOn: loaned, months: context.longestLoanMonths)
            {
                row.fail(Column.dueOn, violation)
            }
        }
        if !row.isEmpty(Column.returnedOn), let returned = row.date(Column.returnedOn) {
            row.bindDay(Column.returnedOn, returned)
            if let loaned, let violation = LoanRules.checkReturned(returned, loanedOn: loaned, today: context.today) {
                row.fail(Column.returnedOn, violation)
            }
        }
    }
}
