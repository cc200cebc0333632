import AlmanacImport
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite

/// `almanac export DIR` then `almanac init` and `almanac import DIR` elsewhere: the database moves
/// whole, door openings, settings' times and answers' games included; DIR goes through the output guard.
@Suite struct ExportFolderCommandTests {
    let dir: Workdir

    init() throws { dir = try Workdir() }

    @Test(.sqliteFile) func theSampleDataMovesThroughAFolder() throws {
        try dir.demoDatabase()
        let out = try dir.run(["export", "moved/"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr == "Exported 508 rows in 12 files to moved/\n")
        #expect(out.stdout == "")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path("moved")).sorted()
        #expect(names == KindRegistry.listed.map(\.fileName).sorted())
        #expect(try dir.run(["--db", "new.db", "init"]).status == 0)
        let imported = try dir.run(["--db", "new.db", "import", "moved/"])
        #expect(imported.status == 0, "\(imported.stderr)")
        // The issue this answers: the doors opened on the demo day are open in the moved database.
        let doors = try dir.run(["--db", "new.db", "--today", "2025-12-22", "calendar", "show", "christmas"])
        #expect(doors.stdout.contains("Christmas: 3 of 24 doors open"), "\(doors.stdout)")
        let source = try SQLiteDatabase(path: dir.path("almanac.db"), mode: .readOnly)
        let copy = try SQLiteDatabase(path: dir.path("new.db"), mode: .readOnly)
        for table in [
            "holidays", "doors", "events", "countries", "quiz_answers", "animation_properties", "animation_settings",
            "animation_setting_values", "books", "calendar_state", "overdue_notices",
        ] {
            let sql = "SELECT * FROM \(table) ORDER BY 1, 2, 3"
            #expect(try source.rows(sql) == copy.rows(sql), "\(table)")
        }
        // The ids given out travel too (the state kind last-ids), so the copy never gives one again.
        #expect(try source.rows("SELECT * FROM last_ids ORDER BY 1") == copy.rows("SELECT * FROM last_ids ORDER BY 1"))
        // And the library's settings (the kind library-settings), before the loans they judge.
        #expect(
            try source.rows("SELECT * FROM library_settings ORDER BY 1")
                == copy.rows("SELECT * FROM library_settings ORDER BY 1"))
        let russian = try dir.run(["--locale", "ru", "export", "moved", "--force"])
        #expect(russian.status == 0, "\(russian.stderr)")
        #expect(russian.stderr == "Экспорт в папку moved: 508 строк, 12 файлов\n")
    }

    @Test func theFolderGoesThroughTheOutputGuard() throws {
        try dir.initDatabase()
        try FileManager.default.createDirectory(atPath: dir.path("moved"), withIntermediateDirectories: false)
        try dir.write("moved/books.csv", "old")
        let refused = try dir.run(["--db", "a.db", "export", "moved"])
        #expect(refused.status == 64)
        #expect(
            refused.stderr == "almanac: error: export moved/books.csv: the file exists (add --force to replace it)\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path("moved")) == ["books.csv"],
            "no file was written")
        let forced = try dir.run(["--db", "a.db", "export", "moved", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: dir.path("moved/books.csv"), encoding: .utf8).hasPrefix("id,title,"))
        // A database inside the folder under a kind's file name is never overwritten.
        try FileManager.default.createDirectory(atPath: dir.path("inside"), withIntermediateDirectories: false)
        #expect(try dir.run(["--db", "inside/books.csv", "init"]).status == 0)
        let database = try dir.run(["--db", "inside/books.csv", "export", "inside", "--force"])
        #expect(database.status == 64)
        #expect(database.stderr == "almanac: error: export inside/books.csv: that is the database (use another file)\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path("inside")).filter { $0.hasSuffix(".csv") } == [
                "books.csv"
            ])
        for (arguments, status, message) in [
            (["export", "boks"], 64, "almanac: error: \"boks\" is not a kind (kinds: "),
            (["export", "moved", "--out", "x.csv"], 64, "almanac: error: export moved: --out names one file"),
            (["export", "notes.txt"], 64, "almanac: error: export notes.txt: that is a file, not a folder"),
            (["export", "no/such/folder"], 73, "almanac: error: export no/such/folder: cannot create the folder: "),
        ] as [([String], Int32, String)] {
            try dir.write("notes.txt", "a file")
            let out = try dir.run(["--db", "a.db"] + arguments)
            #expect(out.status == status, "\(arguments): \(out.stderr)")
            #expect(out.stderr.hasPrefix(message), "\(arguments): \(out.stderr)")
        }
        let missing = try dir.run(["--db", "none.db", "export", "elsewhere"])
        #expect(missing.status == 66)
    }
}
