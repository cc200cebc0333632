import AlmanacStore
import CSQLite
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite
@testable import AlmanacText

/// SQLite's failures in Almanac's words (`DatabaseError+Words.swift`): the exit status PRODUCT.md
/// gives, the file named, and never the SQL being run.
@Suite struct DatabaseErrorTests {
    static let bulkInsert =
        "INSERT INTO books (id, title, author, borrower, loaned_on, due_on, returned_on) VALUES "
        + Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: 16).joined(separator: ", ")

    /// Extended result codes as SQLite builds them (the C macros do not reach Swift).
    static func extended(_ primary: Int32, _ detail: Int32) -> Int32 { primary | (detail << 8) }

    static let cases: [(code: Int32, errno: Int32, failure: Failure, key: String)] = [
        (SQLITE_BUSY, 0, .busy, "database.error.busy"),
        (extended(SQLITE_BUSY, 2), 0, .busy, "database.error.busy"),  // SQLITE_BUSY_SNAPSHOT
        (SQLITE_LOCKED, 0, .busy, "database.error.busy"),
        (SQLITE_FULL, 0, .ioError, "database.error.disk-full"),
        (extended(SQLITE_IOERR, 3), ENOSPC, .ioError, "database.error.disk-full"),  // SQLITE_IOERR_WRITE, no space
        (extended(SQLITE_IOERR, 3), EIO, .ioError, "database.error.io"),
        (extended(SQLITE_IOERR, 1), 0, .ioError, "database.error.io"),  // SQLITE_IOERR_READ
        (SQLITE_NOTADB, 0, .invalidData, "database.error.not-a-database"),
        (SQLITE_CORRUPT, 0, .invalidData, "database.error.corrupt"),
        (SQLITE_CONSTRAINT | (8 << 8), 0, .invalidData, "database.error.refused"),
        (SQLITE_ERROR, 0, .invalidData, "database.error.refused"),
        (SQLITE_NOMEM, 0, .internalError, "database.error.internal"),
        (SQLITE_MISUSE, 0, .internalError, "database.error.internal"),
    ]

    @Test(arguments: cases)
    func eachClassHasItsStatusAndWords(_ expected: (code: Int32, errno: Int32, failure: Failure, key: String)) throws {
        let error = DatabaseError(
            sqlite: expected.code, message: "SQLite's own words", sql: Self.bulkInsert,
            path: "lib.db", systemErrno: expected.errno)
        let words = error.almanacError()
        #expect(words.failure == expected.failure)
        #expect(words.key == expected.key)
        #expect(error.failure == expected.failure)
        for language in ["en", "ru"] {
            let message = words.message(Localizer(locale: language))
            #expect(!message.contains("INSERT") && !message.contains("?, ?"), "the SQL run is never shown: \(message)")
            #expect(!message.contains("{"), "every placeholder filled: \(message)")
            if expected.failure != .internalError { #expect(message.contains("lib.db"), "\(message)") }
        }
        // The full description stays for tests and debugging.
        #expect(error.description.contains(Self.bulkInsert))
    }

    /// SQL a user gave (`query`, a report's file): a parse error and an SQL error that parses are
    /// told apart, with SQLite's message and code after them.
    @Test func sqlFromTheUserIsNamedBySource() throws {
        let parse = DatabaseError(sqlite: SQLITE_ERROR, message: "near \"SELEC\": syntax error", path: "a.db")
            .almanacError(source: "query")
        #expect(parse.failure == .invalidData)
        #expect(
            parse.message(.english) == "query: the SQL does not parse: near \"SELEC\": syntax error (SQLite error 1)")
        #expect(
            parse.message(Localizer(locale: "ru"))
                == "query: не удаётся разобрать SQL: near \"SELEC\": syntax error (ошибка SQLite 1)")
        let table = DatabaseError(sqlite: SQLITE_ERROR, message: "no such table: nope", path: "a.db")
            .almanacError(source: "mine.sql")
        #expect(table.message(.english) == "mine.sql: SQLite cannot run the SQL: no such table: nope (SQLite error 1)")
        for incomplete in ["incomplete input", "unrecognized token: \"'\""] {
            #expect(DatabaseError.isParseError(incomplete))
        }
    }

    /// Where SQLite only says "cannot open", the file system says why (as root, only what is
    /// missing can be seen; `SQLiteFailureTests` and `ReadOnlyUserTests` try permissions as another user).
    @Test func cannotOpenSaysWhatIsMissing() throws {
        let directory = try TemporaryDirectory()
        func words(_ path: String, reading: Bool) -> AlmanacError {
            DatabaseError(
                sqlite: SQLITE_CANTOPEN, message: "unable to open database file", path: path, readOnly: reading
            )
            .almanacError()
        }
        #expect(words(directory.path("no/such/a.db"), reading: false).key == "database.error.no-folder")
        #expect(words(directory.path("none.db"), reading: true).key == "database.error.missing")
        #expect(words(directory.path("none.db"), reading: true).failure == .missingInput)
        #expect(words(directory.url.path, reading: true).key == "database.error.is-folder")
    }

    /// Anything else a command ends with is an internal error (70) that says what it was.
    @Test func unforeseenErrorsAreInternal() throws {
        struct Unforeseen: Error, CustomStringConvertible { var description: String { "the unforeseen" } }
        let failure = AlmanacError(reporting: Unforeseen())
        #expect(failure.failure == .internalError)
        #expect(failure.message(.english) == "internal error: the unforeseen")
        let own = AlmanacError(.usage, "database.error.empty-path", ["source": "--db"])
        #expect(AlmanacError(reporting: own).key == own.key)
        let sqlite = DatabaseError(sqlite: SQLITE_BUSY, message: "database is locked", path: "a.db")
        #expect(AlmanacError(reporting: sqlite).failure == .busy)
    }
}
