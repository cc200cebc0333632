import Foundation

/// Book loans in the database: read, add, change, return and delete, each checked by the loan rules
/// before it is written. Changes read and write in one IMMEDIATE transaction, so two commands at once
/// cannot interleave a check and a write.
public struct LoanStore {
    /// The connection.
    public let database: Database

    /// A store on an open connection.
    public init(database: Database) {
        self.database = database
    }

    /// Opens an existing database read-only, for reading loans.
    public static func openForReading(_ path: String) throws -> LoanStore {
        LoanStore(database: try Store.openReadOnly(path))
    }

    /// Opens an existing database for changes.
    public static func openForWriting(_ path: String) throws -> LoanStore {
        LoanStore(database: try Store.open(path))
    }

    /// Every loan (or only those not returned), by due date then id.
    public func loans(openOnly: Bool = false) throws -> [Loan] {
        var loans: [Loan] = []
        try forEachLoan(openOnly: openOnly) { loans.append($0) }
        return loans
    }

    /// Every loan (or only those not returned), handed to `body` one at a time as SQLite reads it,
    /// so a listing of any length is never held: by due date then id, or with `byTitle` by title in
    /// that collation then id (SQLite sorts, in bounded memory, through the collation).
    public func forEachLoan(openOnly: Bool = false, byTitle collation: TitleCollation? = nil, _ body: (Loan) throws -> Void) throws {
        let filter = openOnly ? "WHERE returned_on IS NULL " : ""
        var order = "due_on, id"
        if let collation {
            database.setCollation("almanac_title") { collation.compare($0, $1) }
            order = "title COLLATE almanac_title, id"
        }
        let statement = try database.prepare("SELECT \(Loan.selectColumns) FROM books \(filter)ORDER BY \(order)")
        while try statement.step() { try body(try Loan(row: statement)) }
    }

    /// The loan with an id; an unknown id is an error naming it (exit 66).
    public func loan(id: Int64) throws -> Loan {
        let statement = try database.prepare("SELECT \(Loan.selectColumns) FROM books WHERE id = ?")
        try statement.bind(id, at: 1)
        guard try statement.step() else { throw AlmanacError.notFound("books.error.not-found", ["id": String(id)]) }
        return try Loan(row: statement)
    }

    /// Adds a loan (its `id` is ignored) after checking it; returns it with its new id.
    @discardableResult
    public func add(_ loan: Loan, today: LocalDate) throws -> Loan {
        try loan.check(today: today)
        return try writing {
            try database.run(
                "INSERT INTO books (title, author, borrower, loaned_on, due_on, returned_on) VALUES (?, ?, ?, ?, ?, ?)",
                Self.values(loan))
            var added = loan
            added.id = database.lastInsertRowID
            return added
        }
    }

    /// Changes the loan with an id: `change` edits a copy, which is checked and written. Returns it.
    @discardableResult
    public func update(id: Int64, today: LocalDate, _ change: (inout Loan) throws -> Void) throws -> Loan {
        try writing {
            var loan = try self.loan(id: id)
            try change(&loan)
            loan.id = id
            try loan.check(today: today)
            try database.run(
                "UPDATE books SET title = ?, author = ?, borrower = ?, loaned_on = ?, due_on = ?, returned_on = ? WHERE id = ?",
                Self.values(loan) + [.integer(id)])
            return loan
        }
    }

    /// Records that a loan came back on `day` (not before the loan, not after `today`). A loan that
    /// is already back is refused, naming the day it came back.
    @discardableResult
    public func markReturned(id: Int64, on day: LocalDate, today: LocalDate) throws -> Loan {
        try update(id: id, today: today) { loan in
            if let returned = loan.returnedOn {
                throw AlmanacError(.invalidData, "books.error.already-returned",
                    ["id": String(id), "title": loan.title, "returned": returned.description])
            }
            loan.returnedOn = day
        }
    }

    /// Deletes the loan with an id, and with it its notices; returns what was deleted.
    @discardableResult
    public func delete(id: Int64) throws -> Loan {
        try writing {
            let loan = try self.loan(id: id)
            try database.run("DELETE FROM books WHERE id = ?", [.integer(id)])
            return loan
        }
    }

    /// One IMMEDIATE transaction: the check and the write see the same rows.
    private func writing<T>(_ body: () throws -> T) throws -> T {
        try database.transaction(.immediate, body)
    }

    private static func values(_ loan: Loan) -> [SQLValue] {
        [.text(loan.title), SQLValue(loan.author), SQLValue(loan.borrower), .text(loan.loanedOn.description),
         .text(loan.dueOn.description), SQLValue(loan.returnedOn?.description)]
    }
}
