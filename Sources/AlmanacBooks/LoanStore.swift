import AlmanacKinds
import AlmanacStore
import AlmanacText
import Foundation

/// Book loans in the database: read, add, change, return and delete, each change checked by the
/// books kind's rules (`BookKind`) before it is written, as an import's rows are. Changes read and
/// write in one IMMEDIATE transaction, so two commands at once cannot interleave a check and a write.
public struct LoanStore {
    /// The connection.
    public let database: Database

    /// A store on an open connection.
    public init(database: Database) {
        self.database = database
    }

    /// Every loan (or only those not returned), by due date then id.
    public func loans(openOnly: Bool = false) throws -> [Loan] {
        try loans(LoanFilter(openOnly: openOnly), today: LocalDate.first)
    }

    /// The loans a filter keeps, by due date then id.
    public func loans(_ filter: LoanFilter, today: LocalDate, localizer: Localizer = .english) throws -> [Loan] {
        var loans: [Loan] = []
        try forEachLoan(filter, today: today, localizer: localizer) { loans.append($0) }
        return loans
    }

    /// The loans a filter keeps, handed to `body` one at a time as SQLite reads them, so a listing
    /// of any length is never held: by due date then id, or with `byTitle` by title in that collation
    /// then id (SQLite sorts, in bounded memory, through the collation). Whatever SQL can decide
    /// (open, overdue, and a limit when nothing else filters) it decides, through the open loans'
    /// index; the text filters fold case and accents in the localizer's locale.
    public func forEachLoan(
        _ filter: LoanFilter = LoanFilter(), today: LocalDate = .first, localizer: Localizer = .english,
        byTitle collation: TitleCollation? = nil, _ body: (Loan) throws -> Void
    ) throws {
        if let collation, !sortsTitlesInSQL {
            return try forEachLoanSortedHere(filter, today: today, localizer: localizer, byTitle: collation, body)
        }
        let statement = try loansStatement(filter, today: today, byTitle: collation)
        let match = filter.matcher(localizer)
        var taken = 0
        // SQL passes over the offset when it decides the filter whole; else the matches are counted.
        var passedOver = filter.needsText ? 0 : filter.offset
        while try statement.step() {
            let loan = try Loan(row: statement)
            guard match(loan) else { continue }
            if passedOver < filter.offset {
                passedOver += 1
                continue
            }
            try body(loan)
            taken += 1
            if let limit = filter.limit, taken >= limit { return }
        }
    }

    /// The loans of a filter that SQL decides whole (no text filter: `needsText` is false), as the
    /// rows of a statement selecting `Loan.selection`: `body` reads each while it is current, so a
    /// listing can copy its text straight from SQLite's memory.
    package func forEachLoanRow(
        _ filter: LoanFilter, today: LocalDate, byTitle collation: TitleCollation? = nil,
        _ body: (Statement) throws -> Void
    ) throws {
        precondition(!filter.needsText, "text filters are applied to whole loans (forEachLoan)")
        let statement = try loansStatement(filter, today: today, byTitle: collation)
        while try statement.step() { try body(statement) }
    }

    /// The statement of `forEachLoan` and `forEachLoanRow`: whatever SQL can decide, in the order asked for.
    private func loansStatement(_ filter: LoanFilter, today: LocalDate, byTitle collation: TitleCollation?) throws
        -> Statement
    {
        var conditions: [String] = []
        var arguments: [SQLValue] = []
        if filter.openOnly || filter.overdueOnly { conditions.append("returned_on IS NULL") }
        if filter.overdueOnly {
            conditions.append("due_on < ?")
            arguments.append(.text(today.description))
        }
        var order = "due_on, id"
        if let collation {
            database.setCollation("almanac_title") { collation.compare($0, $1) }
            order = "title COLLATE almanac_title, id"
        }
        var sql = "SELECT \(Loan.selection.sql()) FROM books"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY " + order
        // A limit or an offset SQL applies only when it decides the filter whole.
        if !filter.needsText {
            if let limit = filter.limit {
                sql += " LIMIT " + String(limit)
            } else if filter.offset > 0 {
                sql += " LIMIT -1"
            }
            if filter.offset > 0 { sql += " OFFSET " + String(filter.offset) }
        }
        let statement = try database.prepare(sql)
        try statement.bind(arguments)
        return statement
    }

    /// True when the store sorts by title in the reader's collation itself (SQLite, through a
    /// collation it calls back); PostgreSQL cannot call back, so the loans are sorted here.
    public var sortsTitlesInSQL: Bool { database.dialect == .sqlite }

    /// `forEachLoan` by title where the store cannot sort in the collation: the loans the filter
    /// keeps are read (by due date), sorted here by title then id, and handed on from the offset.
    /// Unlike SQLite's sort, this holds every loan kept.
    private func forEachLoanSortedHere(
        _ filter: LoanFilter, today: LocalDate, localizer: Localizer, byTitle collation: TitleCollation,
        _ body: (Loan) throws -> Void
    ) throws {
        var whole = filter
        whole.limit = nil
        whole.offset = 0
        var kept: [Loan] = []
        try forEachLoan(whole, today: today, localizer: localizer) { kept.append($0) }
        kept.sort { first, second in
            switch collation.compare(first.title, second.title) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: first.id < second.id
            }
        }
        for loan in kept.dropFirst(filter.offset).prefix(filter.limit ?? Int.max) { try body(loan) }
    }

    /// The loan with an id; an unknown id is an error naming it (exit 66).
    public func loan(id: Int64) throws -> Loan {
        let statement = try database.prepare("SELECT \(Loan.selection.sql()) FROM books WHERE id = ?")
        try statement.bind(id, at: 1)
        guard try statement.step() else { throw AlmanacError.notFound("books.error.not-found", ["id": String(id)]) }
        return try Loan(row: statement)
    }

    /// Adds a loan from the fields given (a title and a due date at least; the loan day defaults to
    /// `today`); returns it with its new id.
    @discardableResult
    public func add(_ edit: LoanEdit, today: LocalDate) throws -> Loan {
        try writing {
            // `books add` takes the title as its argument.
            let adding = KindWriter<BookKind>(
                database, labels: LoanEdit.labels.merging([.title: KindWriter<BookKind>.argument]) { $1 })
            let id = try adding.insert(edit.texts(today: today), BookKind.Context(today: today, database: database))
            return try loan(id: id)
        }
    }

    /// Changes the given fields of the loan with an id; the loan is then checked as a whole.
    @discardableResult
    public func update(id: Int64, _ edit: LoanEdit, today: LocalDate) throws -> Loan {
        try writing {
            guard
                try writer.update(
                    key: [.integer(id)], changes: edit.texts(today: today),
                    BookKind.Context(
                        today: today, database: database, judgingDates: edit.loanedOn != nil || edit.dueOn != nil))
                    != nil
            else {
                throw AlmanacError.notFound("books.error.not-found", ["id": String(id)])
            }
            return try loan(id: id)
        }
    }

    /// Records that a loan came back on `day` (not before the loan, not after `today`). A loan that
    /// is already back is refused, naming the day it came back.
    @discardableResult
    public func markReturned(id: Int64, on day: LocalDate, today: LocalDate) throws -> Loan {
        try writing {
            let current = try loan(id: id)
            if let returned = current.returnedOn {
                throw AlmanacError(
                    .invalidData, "books.error.already-returned",
                    ["id": String(id), "title": current.title, "returned": returned.description])
            }
            return try update(id: id, LoanEdit(returnedOn: day.description), today: today)
        }
    }

    /// Deletes the loan with an id, and with it its notices; returns what was deleted. Its id is
    /// never given again.
    @discardableResult
    public func delete(id: Int64) throws -> Loan {
        try writing {
            let deleted = try loan(id: id)
            _ = try writer.delete(key: [.integer(id)])
            return deleted
        }
    }

    private var writer: KindWriter<BookKind> { KindWriter(database, labels: LoanEdit.labels) }

    /// One IMMEDIATE transaction (a savepoint inside one): the check and the write see the same rows.
    private func writing<T>(_ body: () throws -> T) throws -> T {
        database.isInTransaction ? try database.savepoint("loan", body) : try database.transaction(.immediate, body)
    }
}

/// Which loans `books list` shows: open or overdue ones, a borrower's, those whose title, author or
/// borrower holds some text (case and accents aside, in the locale), and how many at most.
public struct LoanFilter: Sendable {
    /// Only loans not returned yet.
    public var openOnly = false
    /// Only loans overdue on the day listed (not returned, due before it).
    public var overdueOnly = false
    /// Only the loans of borrowers whose name holds this (case and accents aside: `иванова` finds
    /// "Иванова Маша, 5Б", `ё` is `е`).
    public var borrower: String?
    /// Only loans whose title, author or borrower contains this (case and accents aside).
    public var search: String?
    /// At most this many loans, after sorting.
    public var limit: Int?
    /// This many loans are passed over first, after sorting (a page of a listing: `serve`'s `?page=`).
    public var offset = 0

    /// A filter; the defaults keep every loan.
    public init(
        openOnly: Bool = false, overdueOnly: Bool = false, borrower: String? = nil, search: String? = nil,
        limit: Int? = nil
    ) {
        self.openOnly = openOnly
        self.overdueOnly = overdueOnly
        self.borrower = borrower
        self.search = search
        self.limit = limit
    }

    /// True when loans must be compared as text in Swift (folding case and accents needs the locale).
    package var needsText: Bool { borrower != nil || search != nil }

    /// The test of the text filters.
    package func matcher(_ localizer: Localizer) -> (Loan) -> Bool {
        let locale = localizer.locale
        let who = borrower.map { SearchText($0, locale: locale) }
        let text = search.map { SearchText($0, locale: locale) }
        return { loan in
            if let who, !(loan.borrower.map(who.matches) ?? false) { return false }
            if let text, !([loan.title, loan.author, loan.borrower].compactMap { $0 }.contains(where: text.matches)) {
                return false
            }
            return true
        }
    }
}
