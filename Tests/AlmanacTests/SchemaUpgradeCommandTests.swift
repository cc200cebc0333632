import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite

/// A database of Almanac's first schema (version 1) met by today's binary: every command upgrades it
/// (readers too, whose queries would not run on the old tables), unless a view, trigger or index of
/// the user's depends on a table the upgrade rebuilds; then every command says which, and what to do,
/// before anything changes. A backup copies the file as it is.
@Suite(.sqliteFile) struct SchemaUpgradeCommandTests {
    let dir: Workdir

    init() throws { dir = try Workdir() }

    /// `name` at schema version 1, with a loan, its notice and an event; `userSQL` runs last.
    func versionOne(_ name: String, userSQL: String = "") throws {
        let database = try SQLiteDatabase(path: dir.path(name), mode: .create)
        try DatabaseMigrator(migrations: DatabaseMigrator.builtIn.migrations.filter { $0.version == 1 }).migrate(
            database)
        try database.execute(
            """
            INSERT INTO books (id, title, loaned_on, due_on) VALUES (7, 'Dune', '2025-12-01', '2025-12-20');
            INSERT INTO overdue_notices (book_id, level, issued_on) VALUES (7, 1, '2025-12-21');
            INSERT INTO events (id, title, starts_at) VALUES (3, 'Carols', '2025-12-23T18:00:00Z');
            """)
        if !userSQL.isEmpty { try database.execute(userSQL) }
    }

    func version(_ name: String) throws -> Int { try SQLiteDatabase(path: dir.path(name), mode: .readOnly).userVersion }

    @Test func aUsersViewStopsEveryCommandInWordsAndChangesNothing() throws {
        try versionOne("v1.db", userSQL: "CREATE VIEW my_view AS SELECT title FROM events")
        let before = try FileState.digest(dir.path("v1.db"))
        let message =
            "almanac: error: v1.db cannot be upgraded to schema version 5, which rebuilds events: view \"my_view\" (events) "
            + "of your own would break, so nothing was changed. Drop them with sqlite3 (almanac query cannot): "
            + "sqlite3 v1.db 'DROP VIEW \"my_view\";'; run almanac again to upgrade, then make them anew\n"
        for command in [
            ["books", "add", "Emma", "--due", "2025-12-30"], ["events", "agenda", "--from", "2025-12-23"],
            ["books", "list"],
            ["export", "moved"], ["query", "SELECT count(*) FROM events"],
        ] {
            let out = try dir.run(["--db", "v1.db", "--today", "2025-12-22"] + command)
            #expect(out.status == 65, "\(command): \(out.stderr)")
            #expect(out.stderr == message, "\(command)")
        }
        let russian = try dir.run(["--db", "v1.db", "--locale", "ru", "books", "list"])
        #expect(
            russian.stderr.hasPrefix("almanac: ошибка: v1.db нельзя обновить до версии схемы 5"), "\(russian.stderr)")
        #expect(try FileState.digest(dir.path("v1.db")) == before)
        #expect(try version("v1.db") == 1)

        // Dropped as the message says: the next command upgrades, and the rows are there.
        try SQLiteDatabase(path: dir.path("v1.db")).execute("DROP VIEW my_view")
        let agenda = try dir.run([
            "--db", "v1.db", "--today", "2025-12-22", "events", "agenda", "--from", "2025-12-23", "--days", "1",
        ])
        #expect(agenda.status == 0, "\(agenda.stderr)")
        #expect(agenda.stdout.contains("Carols"))
        #expect(try version("v1.db") == DatabaseMigrator.builtIn.latestVersion)
    }

    @Test func aReaderUpgradesAnOlderSchemaAndABackupCopiesItAsItIs() throws {
        try versionOne("v1.db")
        let before = try FileState.digest(dir.path("v1.db"))
        let backup = try dir.run(["--db", "v1.db", "backup", "copy.db"])
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(try FileState.digest(dir.path("v1.db")) == before, "a backup never writes the database")
        #expect(try version("copy.db") == 1)
        for command in [
            ["events", "agenda", "--from", "2025-12-23", "--days", "1", "--format", "csv"],
            ["books", "list", "--format", "csv"],
            ["export", "events"],
        ] {
            try FileManager.default.copyItem(atPath: dir.path("copy.db"), toPath: dir.path("reader.db"))
            defer { try? FileManager.default.removeItem(atPath: dir.path("reader.db")) }
            let out = try dir.run(["--db", "reader.db", "--today", "2025-12-22"] + command)
            #expect(out.status == 0, "\(command): \(out.stderr)")
            #expect(out.stdout.contains("Carols") || out.stdout.contains("Dune"), "\(command): \(out.stdout)")
            #expect(try version("reader.db") == DatabaseMigrator.builtIn.latestVersion, "\(command)")
        }
    }

    @Test(.enabled(if: OtherUser.isAvailable, OtherUser.skipReason))
    func aReaderWhoMayNotWriteIsToldHow() throws {
        let other = try OtherUser(dir)
        try FileManager.default.createDirectory(atPath: dir.path("data"), withIntermediateDirectories: true)
        try setMode(0o755, dir.path("data"))
        try versionOne("data/lib.db")
        // The owner's connection keeps -wal and -shm, which a reader needs beside a WAL database.
        let owner = try SQLiteDatabase(path: dir.path("data/lib.db"), mode: .readOnly)
        #expect(try owner.userVersion == 1)
        let before = try FileState.digest(dir.path("data/lib.db"))
        let out = try other.run(["--db", "data/lib.db", "events", "agenda"])
        #expect(out.status == 73, "\(out.stderr)")
        #expect(
            out.stderr
                == "almanac: error: data/lib.db has schema version 1, older than this almanac's \(DatabaseMigrator.builtIn.latestVersion), "
                + "and must be upgraded before it is read, which needs write access to it and its folder: run `almanac --db data/lib.db init` "
                + "as a user who may write it\n")
        #expect(try FileState.digest(dir.path("data/lib.db")) == before)
    }
}
