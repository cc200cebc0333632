/// `books`: id, **title**, author, borrower, loaned_on, **due_on**, returned_on.
struct BookRows: RowRules {
    /// The day an empty `loaned_on` stands for.
    let today: LocalDate

    let columns = [
        ImportColumn("id"), ImportColumn("title", required: true), ImportColumn("author"), ImportColumn("borrower"),
        ImportColumn("loaned_on"), ImportColumn("due_on", required: true), ImportColumn("returned_on"),
    ]
    var width: Int { 7 }

    func check(_ row: inout RowCheck) {
        row.bindOptionalID(0)
        if row.require(1) { row.bindField(1) }
        row.bindField(2)
        row.bindField(3)
        var loaned: LocalDate? = today
        if row.isEmpty(4) {
            row.bindDate(today)
        } else {
            loaned = row.date(4)
            row.bindField(4)
        }
        if row.require(5), let due = row.date(5) {
            row.bindField(5)
            if let loaned, let violation = LoanRules.checkDue(due, loanedOn: loaned) { row.fail(5, violation) }
        }
        if row.isEmpty(6) {
            row.bind(.null)
        } else if let returned = row.date(6) {
            row.bindField(6)
            if let loaned, let violation = LoanRules.checkReturned(returned, loanedOn: loaned) { row.fail(6, violation) }
        }
    }
}
