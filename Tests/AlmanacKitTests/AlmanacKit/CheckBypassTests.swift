import AlmanacStore
import Foundation
import Testing

@testable import AlmanacBooks
@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite
@testable import AlmanacText

/// Books and events rows are imported with `PRAGMA ignore_check_constraints` on: the importer's own
/// rules stand in for those CHECKs. Every CHECK the schema gives these tables (read from it, so one a
/// later migration adds counts too) must be broken by some candidate row here and held by every row
/// the importer accepts; at the edges where the two could part (month ends, leap days, the first and
/// last years, offsets that cross midnight or a year), for books the importer accepts exactly what
/// the CHECKs accept. Nothing else is written with the CHECKs off.
@Suite struct CheckBypassTests {
    /// loaned_on, due_on, returned_on ("" for none).
    static let loans: [(String, String, String)] = [
        ("2025-11-30", "2026-02-28", ""), ("2025-11-30", "2026-03-01", ""), ("2023-11-30", "2024-02-29", ""),
        ("2023-11-29", "2024-02-29", ""), ("2024-11-30", "2025-02-28", ""), ("2024-11-30", "2025-03-01", ""),
        ("2025-08-31", "2025-11-30", ""), ("2025-08-31", "2025-12-01", ""), ("2025-01-31", "2025-04-30", ""),
        ("2025-12-22", "2025-12-22", "2025-12-22"), ("2025-12-22", "2025-12-21", ""),
        ("2025-12-22", "2025-12-23", "2025-12-21"),
        ("2024-02-29", "2024-05-29", ""), ("2024-02-29", "2024-05-30", ""), ("2100-02-28", "2100-05-28", ""),
        ("2100-02-29", "2100-05-28", ""), ("2000-02-29", "2000-05-29", ""), ("0001-01-01", "0001-04-01", ""),
        ("0001-01-01", "0001-04-02", ""), ("9999-10-15", "9999-12-31", ""), ("9999-12-31", "9999-12-31", "9999-12-31"),
        ("9999-09-30", "9999-12-30", ""), ("9999-09-30", "9999-12-31", ""), ("9999-11-30", "9999-12-31", "9999-12-31"),
        ("0000-01-01", "0000-01-20", ""),
        ("2025-12-01", "2025-12-20", "2026-01-05"), ("2025-06-31", "2025-07-10", ""),
        ("2025-12-01", "2025-12-20", "2025-13-01"),
        ("2025-12-01", "2025-12-32", ""), ("2025-12-01", "2025-12-20T00:00", ""),
    ]

    @Test(arguments: loans.indices)
    func booksAcceptExactlyWhatTheChecksAccept(_ index: Int) throws {
        let (loaned, due, returned) = Self.loans[index]
        let csv = "title,loaned_on,due_on,returned_on\nDune,\(loaned),\(due),\(returned)\n"
        let probe = try ImportProbe(directory: NSTemporaryDirectory())
        #expect(Data(csv.utf8).withUnsafeBytes { probe.check($0, kind: .books, flags: 0) } == nil)
        let imported = try Self.importerAccepts(csv, kind: .books)
        let database = try Self.freshDatabase()
        let checked: Bool
        do {
            try database.run(
                "INSERT INTO books (title, loaned_on, due_on, returned_on) VALUES ('Dune', ?, ?, ?)",
                [.text(loaned), .text(due), returned.isEmpty ? .null : .text(returned)])
            checked = true
        } catch let error as DatabaseError where error.isConstraintViolation {
            checked = false
        }
        // Two edges where the importer is stricter, never looser: SQLite's dates end at 9999-12-31, so
        // past it the CHECK's month-end clamp is NULL, min() with a NULL is NULL, and the CHECK lets
        // any due date through for a loan from September 9999 on; and SQLite takes the year 0000,
        // which Almanac's dates (years 1 to 9999) do not.
        // And a third: a book cannot come back after today, which no CHECK can know.
        // And a fourth: the longest loan is the library's setting (migration 007 dropped its CHECK).
        let pastTheLongestLoan =
            LocalDate(loaned).flatMap { first in
                LocalDate(due).map { $0 > LoanRules.latestDue(loanedOn: first) }
            } ?? false
        if (loaned >= "9999-09-01" || loaned < "0001" || returned > "2025-12-22" || pastTheLongestLoan) && !imported
            && checked
        {
            return
        }
        #expect(imported == checked, "\(loaned) \(due) \(returned): importer \(imported), CHECK \(checked)")
    }

    /// starts_at, ends_at as users write them; the importer stores UTC.
    static let events: [(String, String)] = [
        ("0001-01-01T00:00:00Z", ""), ("0001-01-01T00:30:00+01:00", ""), ("0001-01-01T23:30:00-01:00", ""),
        ("9999-12-31T23:59:59Z", ""), ("9999-12-31T23:30:00-01:00", ""), ("9999-12-31T22:30:00-01:00", ""),
        ("2025-12-31T23:30:00-01:00", "2026-01-01T01:00:00+01:00"),
        ("2025-12-22T18:00:00+01:00", "2025-12-22T17:59:59Z"),
        ("2024-02-29T23:00:00-02:00", "2024-03-01T01:00:00Z"), ("2025-03-30T02:30", "2025-03-30T03:30"),
        ("2025-12-22 16:30", "2025-12-22T16:30:00+00:00"), ("2025-12-22T16:30:00+18:00", "2025-12-22T16:30:00-18:00"),
    ]

    @Test(arguments: events.indices)
    func eventsStoreOnlyWhatTheChecksAccept(_ index: Int) throws {
        let (starts, ends) = Self.events[index]
        let csv = "title,starts_at,ends_at\nChoir,\(starts),\(ends)\n"
        let probe = try ImportProbe(directory: NSTemporaryDirectory())
        // In Berlin, where 2025-03-30T02:30 does not exist (the clocks go from 02:00 to 03:00).
        for flags: UInt8 in [0, 0x20, 0x40, 0x80] {
            #expect(
                Data(csv.utf8).withUnsafeBytes { probe.check($0, kind: .events, flags: flags) } == nil,
                "\(starts) \(ends)")
        }
        var options = ImportOptions(today: LocalDate(year: 2025, month: 12, day: 22)!)
        options.timeZone = Zone(identifier: "Europe/Berlin")!
        let database = try Self.freshDatabase()
        let path = try Self.write(csv)
        let report = try Importer(database: database, options: options).run([(.events, path)])
        if report.committed {
            #expect(try database.rows("PRAGMA integrity_check(events)") == [[.text("ok")]])
        }
    }

    /// Candidate rows as the importer reads them and as they would be stored unchanged: the columns of
    /// the kind's table, "" for an empty field (NULL when stored, but for `title`).
    static func candidates(_ kind: ImportKind) -> (columns: [String], rows: [[String]]) {
        let titles = ["Dune", "", " ", String(repeating: "Long title ", count: 40), "=1+1", "Ёлка \u{1F384}"]
        let people = ["", "Ann", " ", String(repeating: "x", count: 300)]
        var rows: [[String]] = []
        var random = SplitMix64(seed: 2025)
        switch kind {
        case .books:
            for (index, (loaned, due, returned)) in loans.enumerated() {
                for title in titles {
                    rows.append([title, random.pick(people), random.pick(people), loaned, due, returned])
                }
                rows.append(["Same", "Ann", "Ann", loaned, due, index.isMultiple(of: 2) ? loaned : returned])
            }
            return (["title", "author", "borrower", "loaned_on", "due_on", "returned_on"], rows)
        default:
            let stored =
                events + [
                    ("2025-12-22", ""), ("2025-12-22T16:30:00Z", "2025-12-22T16:29:59Z"), ("2025-13-01T00:00:00Z", ""),
                    ("2025-12-22T16:30:00Z", "2025-12-22T16:30:00Z"),
                ]
            for (starts, ends) in stored {
                for title in titles {
                    rows.append([
                        title, random.pick(people), starts, ends, random.pick(people), random.pick(people), "0",
                    ])
                }
            }
            // All-day events as stored (from a midnight in UTC to a later one), and rows that break their CHECKs.
            let allDay = [
                ("2025-12-22T00:00:00Z", "2025-12-23T00:00:00Z", "1"),
                ("2025-12-22T00:00:00Z", "2025-12-25T00:00:00Z", "1"),
                ("2025-12-22T10:00:00Z", "2025-12-23T00:00:00Z", "1"), ("2025-12-22T00:00:00Z", "", "1"),
                ("2025-12-22T00:00:00Z", "2025-12-22T00:00:00Z", "1"),
                ("2025-12-22T00:00:00Z", "2025-12-23T00:00:00Z", "2"),
            ]
            for (starts, ends, flag) in allDay { rows.append(["Fair", "", starts, ends, "", "", flag]) }
            return (["title", "person", "starts_at", "ends_at", "image", "description", "all_day"], rows)
        }
    }

    /// For each CHECK of the kind's table: some candidate breaks it (else the importer's rules are not
    /// shown to enforce it: add a candidate that does), and no row the importer accepts from the
    /// candidates breaks it once stored.
    @Test(arguments: [ImportKind.books, .events])
    func everyCheckOfTheSchemaHoldsForEveryRowTheImporterAccepts(_ kind: ImportKind) throws {
        #expect(kind.checkedByTheImporter)
        let database = try Self.freshDatabase()
        let checks = try SchemaChecks.expressions(of: kind.table, in: database)
        #expect(checks.count >= 3, "\(checks)")
        let (columns, rows) = Self.candidates(kind)
        try database.execute("CREATE TEMP TABLE candidates (\(columns.joined(separator: ", ")))")
        let insert = try database.prepare(
            "INSERT INTO temp.candidates VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
        for row in rows {
            try insert.bind(
                zip(columns, row).map { column, value in
                    if column == "all_day" { return .integer(Int64(value) ?? 0) }
                    return value.isEmpty && column != "title" ? .null : .text(value)
                })
            while try insert.step() {}
            insert.reset()
        }
        // The file has the columns files have: an all-day event is told by its dates alone.
        let inFile = columns.indices.filter { columns[$0] != "all_day" }
        var csv = inFile.map { columns[$0] }.joined(separator: ",") + "\n"
        for row in rows {
            csv +=
                inFile.map { "\"" + row[$0].replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",")
                + "\n"
        }
        var options = ImportOptions(today: LocalDate(year: 2025, month: 12, day: 22)!)
        options.skipInvalid = true
        let path = try Self.write(csv)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = try Importer(database: database, options: options).run([(kind, path)])
        #expect(
            report.committed && report.rows > 10 && report.rejected > 10,
            "\(report.rows) accepted, \(report.rejected) refused")
        for check in checks {
            let broken = try database.scalar("SELECT count(*) FROM temp.candidates WHERE NOT (\n\(check)\n)")
            #expect(
                broken != .integer(0), "no candidate breaks CHECK (\(check)): add one, and make the importer refuse it")
            let stored = try database.scalar("SELECT count(*) FROM main.\(kind.table) WHERE NOT (\n\(check)\n)")
            #expect(stored == .integer(0), "the importer stored rows that break CHECK (\(check))")
        }
    }

    /// Only the bulk rows skip the CHECKs: the import log, written in the same transaction, keeps them.
    @Test func theImportLogKeepsItsChecksDuringABooksImport() throws {
        let database = try Self.freshDatabase()
        // A stricter import log than the real one: file names may not end in .csv.
        try database.execute(
            """
            DROP TABLE import_log;
            CREATE TABLE import_log (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, file_name TEXT NOT NULL CHECK (file_name NOT LIKE '%.csv'),
                sha256 TEXT, rows INTEGER NOT NULL, rejected INTEGER NOT NULL, started_at TEXT NOT NULL, finished_at TEXT) STRICT;
            """)
        let path = try Self.write("title,due_on\nDune,2025-12-30\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let importer = Importer(
            database: database, options: ImportOptions(today: LocalDate(year: 2025, month: 12, day: 22)!))
        #expect(throws: DatabaseError.self) { try importer.run([(.books, path)]) }
        #expect(try database.scalar("SELECT count(*) FROM books") == .integer(0))
        #expect(try database.scalar("PRAGMA ignore_check_constraints") == .integer(0))
    }

    static func freshDatabase() throws -> Database {
        let database = try SQLiteDatabase(path: ":memory:")
        try DatabaseMigrator.builtIn.migrate(database)
        return database
    }

    static func write(_ csv: String) throws -> String {
        let path = NSTemporaryDirectory() + "check-bypass-\(UUID().uuidString).csv"
        try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func importerAccepts(_ csv: String, kind: ImportKind) throws -> Bool {
        let path = try write(csv)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = try Importer(
            database: try freshDatabase(), options: ImportOptions(today: LocalDate(year: 2025, month: 12, day: 22)!)
        )
        .run([(kind, path)])
        return report.committed && report.errorCount == 0 && report.rows == 1
    }
}
