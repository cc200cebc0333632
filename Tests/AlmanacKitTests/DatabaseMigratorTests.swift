import AlmanacKit
import Foundation
import Testing

@Suite struct DatabaseMigratorTests {
    static let expectedTables = [
        "animation_properties", "animation_setting_values", "animation_settings", "books", "calendar_state",
        "countries", "doors", "events", "holidays", "import_log", "overdue_notices", "quiz_answers",
        "schema_migrations",
    ]

    @Test func builtInMigrationsAreNumberedFromOne() {
        let versions = DatabaseMigrator.builtIn.migrations.map(\.version)
        #expect(versions.first == 1)
        #expect(versions == Array(1...versions.count), "migrations must be numbered 1, 2, 3... without gaps")
        #expect(DatabaseMigrator.builtIn.migrations.first?.name == "initial")
    }

    @Test func migratesAnEmptyDatabaseToTheLatestSchema() throws {
        let database = try Database(path: ":memory:")
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
        let database = try Database(path: ":memory:")
        try DatabaseMigrator.builtIn.migrate(database)
        let schemaBefore = try database.rows("SELECT sql FROM sqlite_schema ORDER BY name")
        let outcome = try DatabaseMigrator.builtIn.migrate(database)
        #expect(outcome.applied.isEmpty)
        #expect(outcome.fromVersion == outcome.toVersion)
        #expect(try database.rows("SELECT sql FROM sqlite_schema ORDER BY name") == schemaBefore)
        #expect(try database.scalar("SELECT count(*) FROM schema_migrations") == .integer(Int64(DatabaseMigrator.builtIn.migrations.count)))
    }

    @Test func appliesOnlyPendingMigrationsInOrder() throws {
        let database = try Database(path: ":memory:")
        let first = Migration(version: 1, name: "one", sql: "CREATE TABLE a (x)")
        let second = Migration(version: 2, name: "two", sql: "CREATE TABLE b (y); INSERT INTO b VALUES (1)")
        try DatabaseMigrator(migrations: [first]).migrate(database)
        let outcome = try DatabaseMigrator(migrations: [second, first]).migrate(database)
        #expect(outcome.applied == [second])
        #expect(outcome.fromVersion == 1 && outcome.toVersion == 2)
        #expect(try database.userVersion == 2)
    }

    @Test func failedMigrationLeavesTheDatabaseAtThePreviousVersion() throws {
        let database = try Database(path: ":memory:")
        let good = Migration(version: 1, name: "good", sql: "CREATE TABLE a (x)")
        let bad = Migration(version: 2, name: "bad", sql: "CREATE TABLE b (y); INSERT INTO missing VALUES (1)")
        #expect(throws: DatabaseError.self) { try DatabaseMigrator(migrations: [good, bad]).migrate(database) }
        #expect(try database.userVersion == 1)
        #expect(try database.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'b'") == .integer(0))
    }

    @Test func refusesASchemaNewerThanItKnows() throws {
        let database = try Database(path: ":memory:")
        try DatabaseMigrator.builtIn.migrate(database)
        try database.execute("PRAGMA user_version = 99")
        let error = try #require(throws: AlmanacError.self) { try DatabaseMigrator.builtIn.migrate(database) }
        #expect(error.failure == .invalidData)
        #expect(error.key == "error.schema-newer")
        #expect(error.arguments["found"] == "99")
    }

    @Test func refusesANewerMigrationRecord() throws {
        let database = try Database(path: ":memory:")
        try DatabaseMigrator.builtIn.migrate(database)
        try database.run("INSERT INTO schema_migrations VALUES (500, 'future', '2030-01-01T00:00:00Z')")
        #expect(throws: AlmanacError.self) { try DatabaseMigrator.builtIn.migrate(database) }
    }

    @Test func schemaHasTheIndexesReportsNeed() throws {
        let database = try Database(path: ":memory:")
        try DatabaseMigrator.builtIn.migrate(database)
        let indexes = Set(try database.rows("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL").compactMap { $0[0].textValue })
        #expect(indexes.isSuperset(of: ["books_open_by_due", "events_by_start", "quiz_answers_by_player", "quiz_answers_by_country"]))
        let partial = try database.scalar("SELECT sql FROM sqlite_schema WHERE name = 'books_open_by_due'")?.textValue ?? ""
        #expect(partial.contains("WHERE returned_on IS NULL"))
        // The borrower rides along, so loans-by-borrower reads the index alone (migration 6).
        let columns = try database.rows("SELECT name FROM pragma_index_info('books_open_by_due') ORDER BY seqno").compactMap { $0[0].textValue }
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
            let database = try Database(path: path)
            #expect(try database.scalar("SELECT count(*) FROM schema_migrations") == .integer(Int64(DatabaseMigrator.builtIn.migrations.count)))
        }
    }
}
