import AlmanacKinds
import AlmanacStore
import AlmanacText
import Foundation

/// The overdue check behind `almanac overdue`: which open loans are overdue or due soon on a day,
/// and with `notify`, which notices that day issues.
///
/// The SQL only narrows the rows: open loans due by the last day the check reads, through the
/// partial index `books_open_by_due` (open loans only, by due date), so it reads neither the
/// returned loans nor the loans due later. `OverdueRule` decides every row.
public struct OverdueCheck {
    /// The connection.
    public let database: Database
    /// The rule: grace, due-within window, notice levels.
    public let rule: OverdueRule
    /// The day checked.
    public let today: LocalDate

    /// A check of the loans in `database` on `today`.
    public init(database: Database, rule: OverdueRule, today: LocalDate) {
        self.database = database
        self.rule = rule
        self.today = today
    }

    /// Seconds the check waits for another writer by default. An import holds the write lock until it
    /// commits (a million rows take a few seconds), and a nightly run should outwait it rather than
    /// fail; the read-only check does not wait for writers at all (WAL), only through rare
    /// checkpoints.
    public static let defaultWait = 60

    /// Open loans due by the last day read, by due date then id: the planner walks the partial index
    /// over that range and reads only those rows, in the index's order (no sort).
    package static let listSQL = """
        SELECT id, title, borrower, loaned_on, due_on FROM books
        WHERE returned_on IS NULL AND due_on <= :last
        ORDER BY due_on, id
        """

    /// The same loans with the highest notice level each has already had.
    package static let noticeSQL = """
        SELECT b.id, b.title, b.borrower, b.loaned_on, b.due_on,
               (SELECT max(n.level) FROM overdue_notices AS n WHERE n.book_id = b.id) AS noticed
        FROM books AS b
        WHERE b.returned_on IS NULL AND b.due_on <= :last
        ORDER BY b.due_on, b.id
        """

    /// Counting overdue loans reads no row: the index holds the due dates, and its own WHERE is the
    /// `returned_on IS NULL` of the query, so SQLite never takes the row lookup it defers.
    package static let countOverdueSQL = "SELECT count(*) FROM books WHERE returned_on IS NULL AND due_on <= :last"
    package static let countDueSoonSQL = """
        SELECT count(*) FROM books
        WHERE returned_on IS NULL AND due_on > :after AND due_on <= :last AND loaned_on <= :today
        """

    /// Every overdue and due-soon loan, by due date then id.
    public func run() throws -> OverdueResult {
        var rows: [OverdueRow] = []
        var result = try run { rows.append($0) }
        result.rows = rows
        return result
    }

    /// Every overdue and due-soon loan, by due date then id, handed to `each` as it is read; the
    /// result only counts them.
    public func run(each: (OverdueRow) throws -> Void) throws -> OverdueResult {
        let statement = try database.prepare(Self.listSQL)
        try statement.bind(.text(rule.lastDueRead(on: today).description), named: ":last")
        var result = OverdueResult(today: today, rule: rule)
        while try statement.step() {
            guard let row = try row(statement) else { continue }
            result.count(row)
            try each(row)
        }
        return result
    }

    /// Only the counts, for a monitoring line: the overdue count comes from the index alone.
    public func counts() throws -> OverdueResult {
        var result = OverdueResult(today: today, rule: rule)
        let lastOverdue = rule.lastOverdueDue(on: today).description
        result.overdueCount = try count(Self.countOverdueSQL, [":last": lastOverdue])
        if rule.dueWithin != nil {
            result.dueSoonCount = try count(
                Self.countDueSoonSQL,
                [
                    ":after": lastOverdue, ":last": rule.lastDueRead(on: today).description,
                    ":today": today.description,
                ])
        }
        return result
    }

    /// Runs the check and records the notices it issues, in one IMMEDIATE transaction: a second
    /// run at the same time waits for this one's commit (up to the busy timeout) and then sees its
    /// notices, so nothing is issued twice.
    ///
    /// A loan gets a notice when the highest level it has reached is above every level it has
    /// had a notice for: one notice per loan and run, at that level. After missed nights a loan that
    /// crossed several levels gets one notice, at the highest; the levels it skipped are never
    /// issued later. A rerun on the same day finds every level noticed and issues nothing.
    ///
    /// `deliver` gets the result inside the transaction, before the COMMIT: it writes and flushes
    /// the notices, and when it throws (a full disk, a closed pipe) the notices are rolled back, so
    /// the next run issues them again. A notice is recorded only once it was delivered.
    public func runIssuingNotices(deliver: (OverdueResult) throws -> Void = { _ in }) throws -> OverdueResult {
        var rows: [OverdueRow] = []
        var issued: [OverdueRow] = []
        func whole(_ streamed: OverdueResult) -> OverdueResult {
            var result = streamed
            result.rows = rows
            result.notices = issued
            return result
        }
        return whole(
            try runIssuingNotices(each: { rows.append($0) }, issuing: { issued.append($0) }) { try deliver(whole($0)) })
    }

    /// The same, handing each reported loan to `each` and each notice issued to `issuing` as it is
    /// read, and recording it at once: nothing is held however many loans are overdue. The loans
    /// read are from `books` in due-date order; a notice recorded for one of them is never read
    /// again by the same scan, whose subquery looks only at the loan of its own row.
    public func runIssuingNotices(
        each: (OverdueRow) throws -> Void = { _ in }, issuing: (OverdueRow) throws -> Void,
        deliver: (OverdueResult) throws -> Void
    ) throws -> OverdueResult {
        try database.transaction(.keyed) {
            let statement = try database.prepare(Self.noticeSQL)
            try statement.bind(.text(rule.lastDueRead(on: today).description), named: ":last")
            let insert = try database.prepare(
                """
                INSERT INTO overdue_notices (book_id, level, issued_on) VALUES (?, ?, ?)
                ON CONFLICT (book_id, level) DO NOTHING RETURNING book_id
                """)
            var result = OverdueResult(today: today, rule: rule)
            var issued = 0
            while try statement.step() {
                guard let row = try row(statement) else { continue }
                result.count(row)
                try each(row)
                guard let level = row.level, statement.isNull(at: 5) || statement.int(at: 5) < level else { continue }
                insert.reset()
                try insert.bind([.integer(row.id), .integer(Int64(level)), .text(today.description)])
                // Another host's check may have issued it a moment ago: then it is theirs, not ours.
                guard try insert.step() else { continue }
                issued += 1
                try issuing(row)
            }
            result.noticeCount = issued
            try deliver(result)
            return result
        }
    }

    private func row(_ statement: Statement) throws -> OverdueRow? {
        guard let loaned = statement.localDate(at: 3), let due = statement.localDate(at: 4) else {
            throw AlmanacError(.invalidData, "books.error.bad-row", ["id": String(statement.int64(at: 0))])
        }
        let standing: OverdueRow.Standing
        switch rule.standing(loanedOn: loaned, dueOn: due, returnedOn: nil, today: today) {
        case .overdue(let days, let level): standing = .overdue(days: days, level: level)
        case .dueSoon(let days): standing = .dueSoon(daysOverdue: days)
        default: return nil
        }
        return OverdueRow(
            id: statement.int64(at: 0), title: statement.string(at: 1) ?? "", borrower: statement.string(at: 2),
            dueOn: due, standing: standing)
    }

    private func count(_ sql: String, _ arguments: [String: String]) throws -> Int {
        let statement = try database.prepare(sql)
        for (name, value) in arguments { try statement.bind(.text(value), named: name) }
        return try statement.step() ? statement.int(at: 0) : 0
    }
}
