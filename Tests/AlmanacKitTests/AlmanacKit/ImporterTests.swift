import AlmanacStore
import Crypto
import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite
@testable import AlmanacText

/// How an import commits: all or nothing, --skip-invalid with rejects, --on-conflict, --dry-run,
/// --max-errors, the import log, and several files in one transaction.
@Suite struct ImporterTests {
    static let mixed = """
        id,title,author,due_on,loaned_on
        1,War,Tolstoy,2025-12-20,2025-12-01
        2,Bad date,,2025-02-30,2025-01-01
        3,"Peace, ""the"" sequel",,2025-12-21,2025-12-01
        4,,nobody,2025-12-21,2025-12-01
        5,Dune,Herbert,2026-01-10,2025-12-01

        """

    @Test func oneInvalidRowAndNothingIsWritten() throws {
        let fixture = try ImportFixture()
        let before = try fixture.dump()
        let outcome = try fixture.load(.books, Self.mixed)
        #expect(outcome.report.errorCount == 2)
        #expect(!outcome.report.committed)
        #expect(try fixture.dump() == before)
    }

    @Test func skipInvalidCommitsExactlyTheValidRowsAndTheRejectsReimportOnceFixed() throws {
        let fixture = try ImportFixture()
        fixture.options.skipInvalid = true
        fixture.options.rejectsPath = fixture.directory.path("rejects.csv")
        let outcome = try fixture.load(.books, Self.mixed)
        #expect(outcome.report.committed)
        #expect(outcome.report.rows == 3 && outcome.report.rejected == 2)
        #expect(
            try fixture.rows("SELECT id, title FROM books ORDER BY id") == [
                ["1", "War"], ["3", #"Peace, "the" sequel"#], ["5", "Dune"],
            ])
        let rejects = try String(contentsOfFile: fixture.directory.path("rejects.csv"), encoding: .utf8)
        #expect(
            rejects == """
                id,title,author,due_on,loaned_on,reason
                2,Bad date,,2025-02-30,2025-01-01,"3:13: column ""due_on"": ""2025-02-30"" is not a date (expected YYYY-MM-DD)"
                4,,nobody,2025-12-21,2025-12-01,"5:3: column ""title"": a value is required"

                """)
        #expect(try fixture.rows("SELECT rows, rejected FROM import_log") == [["3", "2"]])
        // Fixed by hand, the rejects file imports as it is (its reason column is ignored).
        let fixed = rejects.replacingOccurrences(of: "2025-02-30", with: "2025-02-28").replacingOccurrences(
            of: "4,,nobody", with: "4,Found,nobody")
        fixture.options.skipInvalid = false
        fixture.options.rejectsPath = nil
        try fixture.write("fixed.csv", fixed)
        let again = try fixture.run([(.books, "fixed.csv")])
        #expect(again.diagnostics.isEmpty && again.report.committed)
        #expect(try fixture.rows("SELECT id, title FROM books ORDER BY id").map { $0[0] } == ["1", "2", "3", "4", "5"])
    }

    @Test func aRefusalInsideAGroupOfRowsIsFoundAndOnlyThatRowIsLeftOut() throws {
        let fixture = try ImportFixture()
        fixture.options.skipInvalid = true
        var text = "id,title,due_on\n"
        for id in 1...40 { text += "\(id == 20 ? 3 : id),Book \(id),2025-12-20\n" }
        let outcome = try fixture.load(.books, text)
        #expect(
            outcome.diagnostics == [
                #"books.csv:21:1: error: column "id": "3" already exists (use --on-conflict skip or replace)"#
            ])
        #expect(outcome.report.rows == 39 && outcome.report.rejected == 1)
        #expect(
            try fixture.rows("SELECT count(*), sum(id) FROM books") == [["39", String((1...40).reduce(0, +) - 20)]])
        #expect(try fixture.rows("SELECT title FROM books WHERE id = 3") == [["Book 3"]])
    }

    @Test func conflictsFailSkipOrReplace() throws {
        let fixture = try ImportFixture()
        _ = try fixture.load(.holidays, "key,title,color\nxmas,Christmas,#FF0000\n")
        _ = try fixture.load(.doors, "holiday,door,surprise\nxmas,1,Snow\n")
        let again = "key,title\nxmas,Noël\nny,New Year\n"
        #expect(
            try fixture.load(.holidays, again).diagnostics
                == [
                    #"holidays.csv:2:1: error: column "key": "xmas" already exists (use --on-conflict skip or replace)"#
                ])
        fixture.options.onConflict = .skip
        let skipped = try fixture.load(.holidays, again)
        #expect(skipped.report.rows == 1 && skipped.report.skipped == 1)
        #expect(
            try fixture.rows("SELECT key, title, color FROM holidays ORDER BY key") == [
                ["ny", "New Year", nil], ["xmas", "Christmas", "#FF0000"],
            ])
        fixture.options.onConflict = .replace
        let replaced = try fixture.load(.holidays, again)
        #expect(replaced.report.rows == 2 && replaced.report.skipped == 0)
        #expect(
            try fixture.rows("SELECT key, title, color FROM holidays ORDER BY key") == [
                ["ny", "New Year", nil], ["xmas", "Noël", nil],
            ])
        // Replacing updates in place: the holiday's doors are still there.
        #expect(try fixture.rows("SELECT count(*) FROM doors") == [["1"]])
    }

    @Test func replacingAnAnimationSettingReplacesItsValues() throws {
        let fixture = try ImportFixture()
        _ = try fixture.load(.animationProperties, baseProperties)
        _ = try fixture.load(.animationSettings, "name,width\nbig,2\n")
        fixture.options.onConflict = .replace
        _ = try fixture.load(.animationSettings, "name,width,angle\nbig,1.5,45.25\n")
        #expect(
            try fixture.rows(
                """
                SELECT s.name, v.property_key, v.value FROM animation_settings s JOIN animation_setting_values v ON v.setting_id = s.id
                ORDER BY v.property_key
                """) == [["big", "angle", "45.25"], ["big", "width", "1.5"]])
    }

    @Test func dateTimesWithoutAnOffsetAreReadInTheTimeZone() throws {
        let fixture = try ImportFixture()
        fixture.options.timeZone = Zone(identifier: "Europe/Moscow")!
        _ = try fixture.load(.events, "title,starts_at,ends_at\nParty,2025-12-22T16:30,2025-12-22T18:00+01:00\n")
        #expect(
            try fixture.rows("SELECT starts_at, ends_at FROM events") == [
                ["2025-12-22T13:30:00Z", "2025-12-22T17:00:00Z"]
            ])
    }

    @Test func aMissingOrEmptySettingValueTakesThePropertysDefault() throws {
        let fixture = try ImportFixture()
        _ = try fixture.load(
            .animationProperties,
            "key,label,min,max,step,default\nwidth,Width,0.5,2,0.1,1.3\nangle,Angle,-90,90,0.25,-45.75\n")
        _ = try fixture.load(.animationSettings, "name,width\nonly name,\nwide,1.7\n")
        #expect(
            try fixture.rows(
                """
                SELECT s.name, v.property_key, v.value FROM animation_settings s JOIN animation_setting_values v ON v.setting_id = s.id
                ORDER BY s.id, v.property_key
                """) == [
                    ["only name", "angle", "-45.75"], ["only name", "width", "1.3"], ["wide", "angle", "-45.75"],
                    ["wide", "width", "1.7"],
                ])
    }

    @Test func dryRunChecksEverythingAndWritesNothing() throws {
        let fixture = try ImportFixture()
        fixture.options.dryRun = true
        let before = try fixture.dump()
        let outcome = try fixture.load(.books, "title,due_on\nWar,2025-12-20\nPeace,2025-12-21\n")
        #expect(outcome.report.rows == 2 && !outcome.report.committed && outcome.report.dryRun)
        #expect(try fixture.dump() == before)
    }

    @Test func maxErrorsStopsTheListing() throws {
        let fixture = try ImportFixture()
        fixture.options.maxErrors = 3
        var text = "title,due_on\n"
        for _ in 0..<10 { text += "War,never\n" }
        let outcome = try fixture.load(.books, text)
        #expect(outcome.diagnostics.count == 3)
        #expect(outcome.diagnostics.last?.hasPrefix("books.csv:4:5: error:") == true)
    }

    @Test func importLogRecordsEachFileWithItsSHA256() throws {
        let fixture = try ImportFixture()
        let text = "title,due_on\nWar,2025-12-20\n"
        _ = try fixture.load(.books, text)
        let log = try fixture.rows(
            "SELECT kind, file_name, sha256, rows, rejected, started_at <= finished_at FROM import_log")
        #expect(
            log == [
                [
                    "books", fixture.directory.path("books.csv"),
                    CSVReader.hex(Crypto.SHA256.hash(data: Data(text.utf8))), "1", "0", "1",
                ]
            ])
    }

    @Test func aDirectoryImportsKnownFilesInDependencyOrderInOneTransaction() throws {
        let fixture = try ImportFixture()
        try fixture.write("doors.csv", "holiday,door,surprise\nxmas,1,Snow\n")
        try fixture.write("holidays.csv", baseHolidays)
        try fixture.write("quiz-answers.csv", "player,answered_at,country,chosen\nann,2025-12-22T16:30Z,DE,FR\n")
        try fixture.write("countries.csv", baseCountries)
        try fixture.write("notes.csv", "whatever\n")
        let plan = try ImportPlan.resolve([fixture.directory.url.path])
        #expect(plan.files.map(\.kind) == [.holidays, .doors, .countries, .quizAnswers])
        #expect(plan.ignored == [fixture.directory.url.path + "/notes.csv"])
        let outcome = try fixture.run(plan.files.map { ($0.kind, $0.path) })
        #expect(outcome.report.committed && outcome.report.rows == 7)
        // One bad file and none of them is written.
        let other = try ImportFixture()
        try other.write("holidays.csv", baseHolidays)
        try other.write("doors.csv", "holiday,door,surprise\nxmas,99,Snow\n")
        let before = try other.dump()
        let failed = try other.run(try ImportPlan.resolve([other.directory.url.path]).files.map { ($0.kind, $0.path) })
        #expect(!failed.report.committed && failed.report.errorCount == 1)
        #expect(try other.dump() == before)
    }

    @Test func indexesAreBuiltAgainAfterALoadIntoAnEmptyTable() throws {
        let fixture = try ImportFixture()
        let indexes = "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name"
        let before = try fixture.rows(indexes)
        _ = try fixture.load(.books, "title,due_on\nWar,2025-12-20\n")
        _ = try fixture.load(.books, "title,due_on\nBad,2025-12-40\n")
        #expect(try fixture.rows(indexes) == before)
        #expect(try fixture.rows("PRAGMA integrity_check") == [["ok"]])
    }

    @Test func aFileThatMoreThanDoublesATableRebuildsItsIndexes() throws {
        let fixture = try ImportFixture()
        _ = try fixture.load(.books, "title,due_on,returned_on\nKept,2025-12-20,\nBack,2025-12-20,2025-12-01\n")
        var text = "title,due_on\n"
        for index in 0..<40_000 { text += "A rather long title for book number \(index),2025-12-\(10 + index % 20)\n" }
        #expect(text.utf8.count > 1 << 20)
        let outcome = try fixture.load(.books, text)
        #expect(outcome.report.committed && outcome.report.rows == 40_000)
        #expect(
            try fixture.rows("SELECT name FROM sqlite_schema WHERE tbl_name = 'books' AND type = 'index'") == [
                ["books_open_by_due"]
            ])
        #expect(
            try fixture.rows(
                "SELECT count(*) FROM books INDEXED BY books_open_by_due WHERE returned_on IS NULL AND due_on >= ''")
                == [["40001"]])
        #expect(try fixture.rows("PRAGMA integrity_check") == [["ok"]])
    }

    /// The import's page cache (4 MiB) is what is left after a load into kept indexes (16 MiB while
    /// its rows go in) and after indexes built again (2 MiB while they sort), refused or committed.
    @Test func thePageCacheIsPutBackAfterEveryLoad() throws {
        let fixture = try ImportFixture()
        try fixture.database.execute("CREATE UNIQUE INDEX books_one_per_title ON books (title)")
        _ = try fixture.load(.books, "title,due_on\nWar,2025-12-20\n")
        #expect(try fixture.rows("PRAGMA cache_size") == [["-4096"]])
        _ = try fixture.load(.books, "title,due_on\nWar,2025-12-20\n")
        #expect(try fixture.rows("PRAGMA cache_size") == [["-4096"]])
        try fixture.database.execute("DROP INDEX books_one_per_title; DELETE FROM books")
        _ = try fixture.load(.books, "title,due_on\nPeace,2025-12-20\n")
        #expect(try fixture.rows("PRAGMA cache_size") == [["-4096"]])
    }

    @Test func checkConstraintsStayOnAfterAnImport() throws {
        let fixture = try ImportFixture()
        _ = try fixture.load(.books, "title,due_on\nWar,2025-12-20\n")
        #expect(throws: DatabaseError.self) {
            try fixture.database.run(
                "INSERT INTO books (title, loaned_on, due_on) VALUES ('x', '2025-01-01', '2025-02-30')")
        }
    }

    /// Only indexes made by CREATE INDEX without UNIQUE are dropped for a bulk load: a unique index, or
    /// one behind a UNIQUE or PRIMARY KEY constraint, enforces a rule while rows go in.
    @Test func onlyPlainIndexesAreRebuildable() throws {
        let fixture = try ImportFixture()
        try fixture.database.execute(
            """
            CREATE UNIQUE INDEX books_one_per_title ON books (title);
            CREATE INDEX books_by_author ON books (author);
            """)
        let importer = Importer(database: fixture.database, options: fixture.options)
        #expect(try importer.rebuildableIndexes("books").map(\.name) == ["books_by_author", "books_open_by_due"])
        #expect(try importer.rebuildableIndexes("animation_settings").isEmpty)  // name UNIQUE: origin u
        #expect(try importer.rebuildableIndexes("holidays").isEmpty)  // its TEXT key: origin pk
    }

    /// A UNIQUE index a database has (made here, not by a migration) stays through a load into an empty
    /// table, still refuses a duplicate at its row, and what the load dropped comes back as it was.
    @Test func aUniqueIndexIsKeptThroughABulkLoadAndStillRefusesADuplicate() throws {
        let fixture = try ImportFixture()
        try fixture.database.execute(
            """
            CREATE UNIQUE INDEX books_one_per_title ON books (title);
            CREATE INDEX books_by_author ON books (author) WHERE author IS NOT NULL;
            """)
        let indexes = "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'books' ORDER BY name"
        let before = try fixture.rows(indexes)
        var text = "title,author,due_on\n"
        for index in 0..<40 { text += "Book \(index),Ann,2025-12-20\n" }
        let refused = try fixture.load(.books, text + "Book 7,Bob,2025-12-21\n")
        #expect(
            refused.diagnostics == [
                "books.csv:42:1: error: the row breaks a rule of the database: UNIQUE constraint failed: books.title"
            ])
        #expect(try fixture.rows("SELECT count(*) FROM books") == [["0"]])
        #expect(try fixture.rows(indexes) == before)
        let loaded = try fixture.load(.books, text)
        #expect(loaded.report.committed && loaded.report.rows == 40)
        #expect(try fixture.rows(indexes) == before)
        #expect(try fixture.rows("PRAGMA integrity_check") == [["ok"]])
        fixture.options.skipInvalid = true
        let again = try fixture.load(.books, "title,due_on\nBook 3,2025-12-22\nNew,2025-12-22\n")
        #expect(again.report.rows == 1 && again.report.rejected == 1)
    }
}
