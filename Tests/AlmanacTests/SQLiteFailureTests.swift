import AlmanacKit
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

/// What SQLite can do to a command, said in Almanac's words: the file, what happened, what to do,
/// in English and Russian, with the exit status PRODUCT.md gives, SQLite's own SQL never shown, and
/// the database's bytes unchanged. One test per class: read-only file, read-only folder, read-only
/// file system, busy, disk full, damaged file, not a database, SQL that does not parse.
@Suite(.sqliteFile) struct SQLiteFailureTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try FileManager.default.createDirectory(atPath: dir.path("data"), withIntermediateDirectories: true)
        try dir.initDatabase("data/lib.db")
        try dir.write("loans.csv", "title,loaned_on,due_on\nDune,2025-12-01,2025-12-10\nEmma,2025-12-02,2026-01-10\n")
        #expect(try dir.run(["--db", "data/lib.db", "import", "books", "loans.csv"]).status == 0)
    }

    static let add = ["--today", "2025-12-22", "books", "add", "Persuasion", "--due", "2026-01-10"]

    /// Runs `arguments` in English and Russian (as `other` when given) and checks the status and the
    /// one line each prints, and that `database` did not change.
    func expectFailure(
        _ arguments: [String], database: String = "data/lib.db", status: Int32, english: String, russian: String,
        as other: OtherUser? = nil
    ) throws {
        let before = try FileState.digest(dir.path(database))
        for (locale, line) in [("en", english), ("ru", russian)] {
            let command = ["--db", database, "--locale", locale] + arguments
            let out = try other?.run(command) ?? dir.run(command)
            #expect(out.status == status, "\(locale): \(out.stderr)")
            #expect(out.stderr == line + "\n", "\(locale)")
            #expect(!out.stderr.contains("INSERT") && !out.stderr.contains("SELECT"), "no SQL in the message")
        }
        #expect(try FileState.digest(dir.path(database)) == before, "the database changed")
    }

    @Test(.enabled(if: OtherUser.isAvailable, OtherUser.skipReason))
    func aReadOnlyFile() throws {
        let other = try OtherUser(dir)
        try setMode(0o777, dir.path("data"))  // the folder is not the problem here: the file is
        try expectFailure(
            Self.add, status: 77,
            english:
                "almanac: error: data/lib.db: permission denied: the database is read-only for this user, so nothing was changed "
                + "(run the command as its owner, or ask for write access)",
            russian:
                "almanac: ошибка: data/lib.db: доступ запрещён: этому пользователю база данных доступна только для чтения, ничего не изменено "
                + "(выполните команду от имени владельца или попросите права на запись)", as: other)
        #expect(try other.run(["--db", "data/lib.db", "books", "list"]).status == 0, "reading is allowed")
    }

    @Test(.enabled(if: OtherUser.isAvailable, OtherUser.skipReason))
    func aReadOnlyFolder() throws {
        let other = try OtherUser(dir)
        // The file may be written, but SQLite's -wal and -shm are gone and cannot be made again.
        try setMode(0o666, dir.path("data/lib.db"))
        try FileManager.default.removeItem(atPath: dir.path("data/lib.db-wal"))
        try FileManager.default.removeItem(atPath: dir.path("data/lib.db-shm"))
        try expectFailure(
            Self.add, status: 77,
            english:
                "almanac: error: data/lib.db: permission denied: SQLite keeps lib.db-wal and lib.db-shm beside the database, "
                + "and this user may not create them in data (run the command as the folder's owner)",
            russian:
                "almanac: ошибка: data/lib.db: доступ запрещён: SQLite держит рядом с базой файлы lib.db-wal и lib.db-shm, "
                + "а создавать их в папке data этому пользователю нельзя (выполните команду от имени владельца папки)",
            as: other)
        try expectFailure(
            ["books", "list"], status: 66,
            english:
                "almanac: error: data/lib.db: cannot read the database: lib.db-wal and lib.db-shm are missing and this user may not "
                + "create them in data (run `almanac init` once as the database's owner: it leaves them in place; see README, "
                + "“Reading as another user”)",
            russian:
                "almanac: ошибка: data/lib.db: не удаётся прочитать базу: файлов lib.db-wal и lib.db-shm нет, а создать их в папке "
                + "data этому пользователю нельзя (один раз выполните `almanac init` от имени владельца базы — файлы останутся на месте; "
                + "см. README, «Reading as another user»)", as: other)
        #expect(FileState.names(in: dir.path("data")) == ["lib.db"])
    }

    /// Read-only for everyone, root included: writing is refused at once, reading still works.
    @Test(.enabled(if: TemporaryMount.isPossible, TemporaryMount.skipReason))
    func aReadOnlyFileSystem() throws {
        let mount = try TemporaryMount(kilobytes: 1024)
        try FileManager.default.copyItem(atPath: dir.path("data/lib.db"), toPath: mount.path("lib.db"))
        #expect(try dir.run(["--db", mount.path("lib.db"), "books", "list"]).status == 0, "its -wal and -shm made")
        #expect(mount.makeReadOnly())
        let path = mount.path("lib.db")
        try expectFailure(
            Self.add, database: path, status: 73,
            english:
                "almanac: error: \(path): the file system holding the database is read-only, so nothing was changed",
            russian:
                "almanac: ошибка: \(path): файловая система с базой данных доступна только для чтения, ничего не изменено"
        )
        let list = try dir.run(["--db", path, "--format", "csv", "books", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Dune"))
    }

    /// Another process holds the write lock past the busy timeout (5 s): exit 75, nothing written.
    @Test func aBusyDatabase() throws {
        let holder = try SQLiteDatabase(path: dir.path("data/lib.db"))
        try holder.execute("BEGIN IMMEDIATE")
        try holder.execute("INSERT INTO books (title, loaned_on, due_on) VALUES ('held', '2025-12-01', '2025-12-05')")
        defer { try? holder.execute("ROLLBACK") }
        try expectFailure(
            Self.add, status: 75,
            english:
                "almanac: error: data/lib.db: the database is busy: another program is writing to it and did not finish in time; "
                + "nothing was changed, try again when it has finished",
            russian:
                "almanac: ошибка: data/lib.db: база данных занята: в неё пишет другая программа и не успела закончить; "
                + "ничего не изменено, повторите, когда она закончит")
    }

    /// A disk that fills up during an import, and one that is full before a one-row change.
    @Test(.enabled(if: TemporaryMount.isPossible, TemporaryMount.skipReason))
    func aFullDisk() throws {
        let mount = try TemporaryMount(kilobytes: 512)
        try FileManager.default.copyItem(atPath: dir.path("data/lib.db"), toPath: mount.path("lib.db"))
        var rows = "title,loaned_on,due_on\n"
        for index in 0..<20_000 { rows += "A long title to fill the disk number \(index),2025-12-01,2025-12-10\n" }
        try dir.write("many.csv", rows)
        let path = mount.path("lib.db")
        let english =
            "almanac: error: \(path): the disk is full, so nothing was saved (the database is as it was); "
            + "free some space and run the command again"
        let russian =
            "almanac: ошибка: \(path): диск заполнен, поэтому ничего не сохранено (база осталась прежней); "
            + "освободите место и повторите команду"
        try expectFailure(
            ["import", "books", "many.csv"], database: path, status: 74, english: english, russian: russian)
        mount.fill()
        try expectFailure(Self.add, database: path, status: 74, english: english, russian: russian)
        let check = try SQLiteDatabase(path: path, mode: .readOnly)
        #expect(try check.scalar("PRAGMA integrity_check") == .text("ok"))
        #expect(try check.scalar("SELECT count(*) FROM books") == .integer(2))
    }

    /// A damaged page: every command that reads it says so, and changes nothing.
    @Test func aDamagedFile() throws {
        let found = try SQLiteDatabase(path: dir.path("data/lib.db"), mode: .readOnly)
            .scalar("SELECT rootpage FROM sqlite_schema WHERE name = 'books'")
        guard case .integer(let root)? = found, root > 1 else {
            Issue.record("no root page: \(String(describing: found))")
            return
        }
        let handle = try #require(FileHandle(forUpdatingAtPath: dir.path("data/lib.db")))
        try handle.seek(toOffset: UInt64((root - 1) * 4096))
        try handle.write(contentsOf: Data([0x0D] + Array(repeating: 0xFF, count: 200)))
        try handle.close()
        for command in [
            ["books", "list"], ["overdue", "--format", "json"], ["query", "SELECT title FROM books"],
            ["report", "run", "overdue-books"],
        ] {
            let out = try dir.run(["--db", "data/lib.db", "--today", "2025-12-22"] + command)
            #expect(out.status == (command[0] == "overdue" ? 3 : 65), "\(command): \(out.stderr)")
            #expect(
                out.stderr.hasPrefix("almanac: error: data/lib.db: the database file is damaged (SQLite error 11)"),
                "\(command)")
        }
        try expectFailure(
            ["books", "list"], status: 65,
            english:
                "almanac: error: data/lib.db: the database file is damaged (SQLite error 11); restore it from a backup",
            russian:
                "almanac: ошибка: data/lib.db: файл базы данных повреждён (ошибка SQLite 11); восстановите его из резервной копии"
        )
    }

    /// A file that is not SQLite, for reading and writing commands alike.
    @Test func aFileThatIsNotADatabase() throws {
        for command in [["books", "list"], Self.add, ["import", "books", "loans.csv"]] {
            try expectFailure(
                command, database: "loans.csv", status: 65,
                english:
                    "almanac: error: loans.csv: not a database (the file is not SQLite); give the path of an Almanac database",
                russian:
                    "almanac: ошибка: loans.csv: это не база данных (файл не в формате SQLite); укажите путь к базе Almanac"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("loans.csv-wal")))
    }

    /// SQL that SQLite rejects, in `query` and in a report of `--reports-dir`: SQLite's message and
    /// code follow Almanac's words.
    @Test func sqlThatDoesNotParse() throws {
        try expectFailure(
            ["query", "SELEC title FROM books"], status: 65,
            english: "almanac: error: query: the SQL does not parse: near \"SELEC\": syntax error (SQLite error 1)",
            russian: "almanac: ошибка: query: не удаётся разобрать SQL: near \"SELEC\": syntax error (ошибка SQLite 1)")
        try FileManager.default.createDirectory(atPath: dir.path("mine"), withIntermediateDirectories: true)
        try dir.write("mine/broken.sql", "-- name: broken\n-- title: Broken\nSELECT title FROM books WHERE\n")
        try dir.write("mine/missing.sql", "-- name: missing\n-- title: Missing\nSELECT title FROM loans\n")
        try expectFailure(
            ["report", "run", "broken", "--reports-dir", "mine"], status: 65,
            english: "almanac: error: mine/broken.sql: the SQL does not parse: incomplete input (SQLite error 1)",
            russian: "almanac: ошибка: mine/broken.sql: не удаётся разобрать SQL: incomplete input (ошибка SQLite 1)")
        try expectFailure(
            ["report", "run", "missing", "--reports-dir", "mine"], status: 65,
            english:
                "almanac: error: mine/missing.sql: SQLite cannot run the SQL: no such table: loans (SQLite error 1)",
            russian:
                "almanac: ошибка: mine/missing.sql: SQLite не может выполнить этот SQL: no such table: loans (ошибка SQLite 1)"
        )
    }
}
