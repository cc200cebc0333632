import AlmanacKit
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

@Suite struct DatabaseMigratorTests {
    static let expectedTables = [
        "animation_properties", "animation_setting_values", "animation_settings", "books", "calendar_identity",
        "calendar_state",
        "countries", "doors", "events", "holidays", "import_log", "library_settings", "overdue_notices", "quiz_answers",
        "schema_migrations",
    ]

    @Test func builtInMigrationsAreNumberedFromOne() {
        let versions = DatabaseMigrator.builtIn.migrations.map(\.version)
        #expect(versions.first == 1)
        #expect(versions == Array(1...versions.count), "migrations must be numbered 1, 2, 3... without gaps")
        #expect(DatabaseMigrator.builtIn.migrations.first?.name == "initial")
    }

    @Test func migratesAnEmptyDatabaseToTheLatestSchema() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let migrator = DatabaseMigrator.builtIn
        let outcome = try migrator.migrate(database)
        #expect(outcome.fromVersion == 0)
        #expect(outcome.toVersion == migrator.latestVersion)
        #expect(outcome.applied.map(\.version) == migrator.migrations.map(\.version))
        #expect(try database.userVersion == migrator.latestVersion)
        let tables = try Store.tableSummary(database).map(\.name)
        #expect(tables == Self.expectedTables)
        let recorded = try database.rows("SELECT version, name FROM schema_migrations ORDER BY version")
        #expect(recorded.count == migrator.migrations.count)
    }

    @Test func secondRunIsANoOp() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try DatabaseMigrator.builtIn.migrate(database)
        let schemaBefore = try database.rows("SELECT sql FROM sqlite_schema ORDER BY name")
        let outcome = try DatabaseMigrator.builtIn.migrate(database)
        #expect(outcome.applied.isEmpty)
        #expect(outcome.fromVersion == outcome.toVersion)
        #expect(try database.rows("SELECT sql FROM sqlite_schema ORDER BY name") == schemaBefore)
        #expect(
            try database.scalar("SELECT count(*) FROM schema_migrations")
                == .integer(Int64(DatabaseMigrator.builtIn.migrations.count)))
    }

    @Test func appliesOnlyPendingMigrationsInOrder() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let first = Migration(version: 1, name: "one", sql: "CREATE TABLE a (x)")
        let second = Migration(version: 2, name: "two", sql: "CREATE TABLE b (y); INSERT INTO b VALUES (1)")
        try DatabaseMigrator(migrations: [first]).migrate(database)
        let outcome = try DatabaseMigrator(migrations: [second, first]).migrate(database)
        #expect(outcome.applied == [second])
        #expect(outcome.fromVersion == 1 && outcome.toVersion == 2)
        #expect(try database.userVersion == 2)
    }

    @Test func failedMigrationLeavesTheDatabaseAtThePreviousVersion() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let good = Migration(version: 1, name: "good", sql: "CREATE TABLE a (x)")
        let bad = Migration(version: 2, name: "bad", sql: "CREATE TABLE b (y); INSERT INTO missing VALUES (1)")
        #expect(throws: DatabaseError.self) { try DatabaseMigrator(migrations: [good, bad]).migrate(database) }
        #expect(try database.userVersion == 1)
        #expect(try database.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'b'") == .integer(0))
    }

    @Test func refusesASchemaNewerThanItKnows() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try DatabaseMigrator.builtIn.migrate(database)
        try database.execute("PRAGMA user_version = 99")
        let refusal = try #require(throws: DatabaseMigrator.SchemaTooNew.self) {
            try DatabaseMigrator.builtIn.migrate(database)
        }
        #expect(refusal.found == 99)
        let error = refusal.almanacError
        #expect(error.failure == .invalidData)
        #expect(error.key == "error.schema-newer")
        #expect(error.arguments["found"] == "99")
    }

    @Test func refusesANewerMigrationRecord() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try DatabaseMigrator.builtIn.migrate(database)
        try database.run("INSERT INTO schema_migrations VALUES (500, 'future', '2030-01-01T00:00:00Z')")
        #expect(throws: DatabaseMigrator.SchemaTooNew.self) { try DatabaseMigrator.builtIn.migrate(database) }
    }

    @Test func schemaHasTheIndexesReportsNeed() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try DatabaseMigrator.builtIn.migrate(database)
        let indexes = Set(
            try database.rows("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL").compactMap {
                $0[0].textValue
            })
        #expect(
            indexes.isSuperset(of: [
                "books_open_by_due", "events_by_start", "quiz_answers_by_player", "quiz_answers_by_country",
            ]))
        let partial =
            try database.scalar("SELECT sql FROM sqlite_schema WHERE name = 'books_open_by_due'")?.textValue ?? ""
        #expect(partial.contains("WHERE returned_on IS NULL"))
        // The borrower rides along, so loans-by-borrower reads the index alone (migration 6).
        let columns = try database.rows("SELECT name FROM pragma_index_info('books_open_by_due') ORDER BY seqno")
            .compactMap { $0[0].textValue }
        #expect(columns == ["due_on", "id", "borrower"])
    }

    /// Several rounds: connections opening while others close the same WAL file once made a switch
    /// of the journal mode fail at once as busy (now retried up to the busy timeout).
    @Test func twoProcessesMigratingAtOnceApplyEachMigrationOnce() async throws {
        let directory = try TemporaryDirectory()
        for round in 0..<8 {
            let path = directory.path("race-\(round).db")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask { _ = try Store.create(path) }
                }
                try await group.waitForAll()
            }
            let database = try SQLiteDatabase(path: path)
            #expect(
                try database.scalar("SELECT count(*) FROM schema_migrations")
                    == .integer(Int64(DatabaseMigrator.builtIn.migrations.count)))
        }
    }
}

/// A version 1 database holding objects of the user's own: a view, trigger or index on a table a
/// later migration rebuilds stops the upgrade before anything changes, named with what to do; the
/// user's own tables, and the rows that refer to a rebuilt table, come through.
@Suite struct UserObjectMigrationTests {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("v1.db")
    }

    @Test func aUsersViewOnEventsStopsTheUpgradeBeforeAnythingChanges() throws {
        try OldSchemaFixture.versionOne(path, userSQL: "CREATE VIEW my_view AS SELECT title, starts_at FROM events")
        let before = try OldSchemaFixture.digest(path)
        do {
            let database = try SQLiteDatabase(path: path)
            let error = try #require(throws: DatabaseMigrator.UserObjectsInTheWay.self) {
                try DatabaseMigrator.builtIn.migrate(database)
            }.almanacError
            #expect(error.failure == .invalidData)
            #expect(error.key == "migration.error.user-objects")
            #expect(error.arguments["version"] == "5", "events is rebuilt by migration 5")
            #expect(
                error.description
                    == "\(path) cannot be upgraded to schema version 5, which rebuilds events: view \"my_view\" (events) of your own would break, so nothing was changed. Drop them with sqlite3 (almanac query cannot): sqlite3 \(path) 'DROP VIEW \"my_view\";'; run almanac again to upgrade, then make them anew"
            )
            #expect(try database.userVersion == 1, "no migration ran, not even the ones before 5")
            #expect(try database.scalar("SELECT count(*) FROM schema_migrations") == .integer(1))
            #expect(try database.scalar("PRAGMA foreign_keys") == .integer(1))
        }
        #expect(try OldSchemaFixture.digest(path) == before, "the file is byte for byte what it was")

        // Dropped as the message says, the upgrade goes through with every row.
        let again = try SQLiteDatabase(path: path)
        try again.execute("DROP VIEW my_view")
        let outcome = try DatabaseMigrator.builtIn.migrate(again)
        #expect(outcome.fromVersion == 1 && outcome.toVersion == DatabaseMigrator.builtIn.latestVersion)
        #expect(
            try again.rows("SELECT id, title, all_day FROM events") == [[.integer(3), .text("Carols"), .integer(0)]])
        #expect(try again.rows("SELECT book_id, level FROM overdue_notices") == [[.integer(7), .integer(1)]])
        #expect(try again.scalar("PRAGMA foreign_keys") == .integer(1), "foreign keys are on again after the run")
    }

    @Test func triggersAndIndexesOnRebuiltTablesAreNamedEachOnce() throws {
        try OldSchemaFixture.versionOne(
            path,
            userSQL: """
                CREATE TABLE audit (what TEXT);
                CREATE TRIGGER "loan audit" AFTER INSERT ON books BEGIN INSERT INTO audit VALUES ('loan'); END;
                CREATE INDEX books_by_author ON books (author);
                CREATE TRIGGER country_audit AFTER INSERT ON countries BEGIN INSERT INTO audit SELECT title FROM events; END;
                CREATE VIEW country_names AS SELECT name FROM countries;
                CREATE INDEX audit_by_what ON audit (what);
                """)
        let database = try SQLiteDatabase(path: path)
        let error = try #require(throws: DatabaseMigrator.UserObjectsInTheWay.self) {
            try DatabaseMigrator.builtIn.migrate(database)
        }.almanacError
        #expect(error.arguments["version"] == "4")
        #expect(
            error.arguments["objects"] == #"index "books_by_author" (books), trigger "loan audit" (books)"#
                || error.arguments["objects"] == #"trigger "loan audit" (books), index "books_by_author" (books)"#,
            "\(error)")
        #expect(error.arguments["drops"]?.contains(#"DROP TRIGGER "loan audit";"#) == true)
        // Once those are gone, the trigger that reads events stops version 5; a view on countries,
        // and anything on the user's own table, stop nothing.
        try database.execute(#"DROP TRIGGER "loan audit"; DROP INDEX books_by_author"#)
        let next = try #require(throws: DatabaseMigrator.UserObjectsInTheWay.self) {
            try DatabaseMigrator.builtIn.migrate(database)
        }.almanacError
        #expect(next.arguments["version"] == "5")
        #expect(next.arguments["objects"] == #"trigger "country_audit" (events)"#)
        try database.execute("DROP TRIGGER country_audit")
        try DatabaseMigrator.builtIn.migrate(database)
        #expect(
            try database.scalar(
                "SELECT count(*) FROM sqlite_schema WHERE name IN ('country_names', 'audit', 'audit_by_what')")
                == .integer(3))
    }

    /// SQLite's 12 steps: with foreign keys on, dropping the old `books` would delete every row that
    /// refers to it with ON DELETE CASCADE, the user's own included.
    @Test func rowsThatReferToARebuiltTableComeThrough() throws {
        try OldSchemaFixture.versionOne(
            path,
            userSQL: """
                CREATE TABLE loan_notes (book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE, note TEXT);
                INSERT INTO loan_notes VALUES (7, 'ask Anna');
                """)
        let database = try SQLiteDatabase(path: path)
        try DatabaseMigrator.builtIn.migrate(database)
        #expect(try database.rows("SELECT book_id, note FROM loan_notes") == [[.integer(7), .text("ask Anna")]])
        #expect(try database.rows("PRAGMA foreign_key_check").isEmpty)
        // The reference still holds: deleting the loan takes its note.
        try database.execute("DELETE FROM books WHERE id = 7")
        #expect(try database.scalar("SELECT count(*) FROM loan_notes") == .integer(0))
    }

    @Test func aMigrationThatBreaksAForeignKeyIsRolledBack() throws {
        let database = try SQLiteDatabase(path: path, mode: .create)
        let first = Migration(
            version: 1, name: "one",
            sql:
                "CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (p INTEGER REFERENCES parent (id)); INSERT INTO parent VALUES (1); INSERT INTO child VALUES (1)"
        )
        let second = Migration(
            version: 2, name: "two",
            sql:
                "CREATE TABLE parent_new (id INTEGER PRIMARY KEY); DROP TABLE parent; ALTER TABLE parent_new RENAME TO parent"
        )
        try DatabaseMigrator(migrations: [first]).migrate(database)
        #expect(throws: DatabaseError.self) { try DatabaseMigrator(migrations: [first, second]).migrate(database) }
        #expect(try database.userVersion == 1)
        #expect(try database.scalar("SELECT count(*) FROM parent") == .integer(1))
    }
}
