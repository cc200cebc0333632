import AlmanacStore
import Foundation

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite
@testable import AlmanacText

/// Databases of book loans for the loan and overdue tests, in a temporary directory.
enum LoanFixture {
    /// A loan to insert: id, loan day, due day and return day.
    struct Row {
        let id: Int64
        let loaned: String, due: String, returned: String?
        var title = "Book"
        var borrower: String? = "Reader"

        init(_ id: Int64, _ loaned: String, _ due: String, returned: String? = nil, title: String? = nil) {
            self.id = id
            self.loaned = loaned
            self.due = due
            self.returned = returned
            self.title = title ?? "Book \(id)"
        }
    }

    /// A new database at `path` holding `rows`.
    @discardableResult
    static func create(_ path: String, _ rows: [Row]) throws -> Database {
        let database = try Store.create(path)
        try database.transaction {
            let insert = try database.prepare(
                "INSERT INTO books (id, title, borrower, loaned_on, due_on, returned_on) VALUES (?, ?, ?, ?, ?, ?)")
            for row in rows {
                insert.reset()
                try insert.bind([
                    .integer(row.id), .text(row.title), SQLValue(row.borrower), .text(row.loaned), .text(row.due),
                    SQLValue(row.returned),
                ])
                _ = try insert.step()
            }
        }
        return database
    }

    /// `count` seeded random loans around 2025: lent any day of the year, due 0 to 86 days later,
    /// a third returned.
    static func random(count: Int, seed: UInt64) -> [Row] {
        var generator = SplitMix64(seed: seed)
        let start = LocalDate(year: 2025, month: 1, day: 1)!
        return (1...count).map { id in
            let loaned = start.adding(days: generator.below(365))
            let due = loaned.adding(days: generator.below(87))
            let returned = generator.below(3) == 0 ? loaned.adding(days: generator.below(100)) : nil
            return Row(Int64(id), loaned.description, due.description, returned: returned?.description)
        }
    }

    /// The date `days` days after `date` (`YYYY-MM-DD`).
    static func day(_ date: String, plus days: Int = 0) -> LocalDate {
        LocalDate(date)!.adding(days: days)
    }
}
