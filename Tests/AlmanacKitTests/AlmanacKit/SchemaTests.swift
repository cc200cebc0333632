import AlmanacKit
import AlmanacStore
import CSQLite
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

/// The rules the schema itself holds: each bad row is refused by SQLite, whatever writes it.
@Suite struct SchemaTests {
    let database: Database

    init() throws {
        database = try SQLiteDatabase(path: ":memory:")
        try DatabaseMigrator.builtIn.migrate(database)
        try database.execute(
            """
            INSERT INTO holidays (key, title, color) VALUES ('christmas', 'Christmas', '#C0392B');
            INSERT INTO countries (code, name, alpha3, numeric) VALUES ('DE', 'Germany', 'DEU', '276'),
                ('FR', 'France', 'FRA', '250'), ('IT', 'Italy', 'ITA', '380'), ('ES', 'Spain', 'ESP', '724');
            INSERT INTO animation_properties (key, label, min, max, step, default_value)
                VALUES ('opacity', 'Opacity', 0, 1, 0.1, 1), ('rotation_x', 'Rotation X', -180, 180, 15, 0);
            INSERT INTO books (id, title, loaned_on, due_on) VALUES (1, 'Dune', '2025-11-30', '2026-02-28');
            """)
    }

    /// Rows that must be accepted.
    static let good: [String] = [
        "INSERT INTO doors (holiday, door, surprise) VALUES ('christmas', 1, 'Star'), ('christmas', 24, 'Tree')",
        "INSERT INTO books (title, loaned_on, due_on) VALUES ('Leap', '2023-11-30', '2024-02-29')",
        "INSERT INTO books (title, loaned_on, due_on, returned_on) VALUES ('Same day', '2025-01-31', '2025-01-31', '2025-01-31')",
        "INSERT INTO books (title, loaned_on, due_on) VALUES ('Three months', '2025-01-15', '2025-04-15')",
        "INSERT INTO events (title, starts_at, ends_at) VALUES ('Talk', '2025-12-22T16:30:00Z', '2025-12-22T17:30:00Z')",
        "INSERT INTO quiz_answers (player, answered_at, country, chosen, options) VALUES ('ann', '2025-12-01T10:00:00Z', 'DE', 'FR', 'FR|DE|IT|ES')",
        "INSERT INTO animation_settings (id, name, created_at) VALUES (1, 'wobble', '2025-12-01T10:00:00Z'); INSERT INTO animation_setting_values VALUES (1, 'opacity', 0.3), (1, 'rotation_x', -45)",
        "INSERT INTO overdue_notices (book_id, level, issued_on) VALUES (1, 7, '2026-03-07')",
    ]

    @Test("accepted", arguments: good)
    func accepts(_ sql: String) throws {
        try database.execute(sql)
    }

    /// Rows that must be refused, each with the constraint that refuses it.
    static let bad: [(sql: String, kind: DatabaseError.Kind)] = [
        ("INSERT INTO holidays (key, title) VALUES ('Christmas!', 'x')", DatabaseError.Kind.constraint(.check)),
        ("INSERT INTO holidays (key, title) VALUES ('christmas', 'again')", DatabaseError.Kind.constraint(.primaryKey)),
        ("INSERT INTO holidays (key, title, color) VALUES ('x', 'x', 'red')", DatabaseError.Kind.constraint(.check)),
        (
            "INSERT INTO holidays (key, title, color) VALUES ('x', 'x', '#12345G')",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO doors (holiday, door, surprise) VALUES ('christmas', 25, 'x')",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO doors (holiday, door, surprise) VALUES ('christmas', 0, 'x')",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO doors (holiday, door, surprise) VALUES ('easter', 1, 'x')",
            DatabaseError.Kind.constraint(.foreignKey)
        ),
        (
            "INSERT INTO doors (holiday, door, surprise) VALUES ('christmas', 'one', 'x')",
            DatabaseError.Kind.constraint(.datatype)
        ),
        (
            "INSERT INTO books (title, loaned_on, due_on) VALUES ('x', '2025-02-01', '2025-02-30')",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO books (title, loaned_on, due_on) VALUES ('x', '2025-02-10', '2025-02-01')",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO books (title, loaned_on, due_on, returned_on) VALUES ('x', '2025-01-15', '2025-02-15', '2025-01-14')",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO books (title, loaned_on, due_on) VALUES ('', '2025-01-15', '2025-02-15')",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO books (title, loaned_on, due_on) VALUES ('x', '15.01.2025', '2025-02-15')",
            DatabaseError.Kind.constraint(.check)
        ),
        ("INSERT INTO books (title, loaned_on) VALUES ('x', '2025-01-15')", DatabaseError.Kind.constraint(.notNull)),
        (
            "INSERT INTO events (title, starts_at, ends_at) VALUES ('x', '2025-12-22T16:30:00Z', '2025-12-22T16:00:00Z')",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO events (title, starts_at) VALUES ('x', '2025-12-22 16:30')",
            DatabaseError.Kind.constraint(.check)
        ),
        ("INSERT INTO countries (code, name) VALUES ('de', 'lower')", DatabaseError.Kind.constraint(.check)),
        ("INSERT INTO countries (code, name) VALUES ('DEU', 'three')", DatabaseError.Kind.constraint(.check)),
        ("INSERT INTO countries (code, name) VALUES ('DE', 'again')", DatabaseError.Kind.constraint(.primaryKey)),
        (
            "INSERT INTO countries (code, name, numeric) VALUES ('XK', 'Kosovo', '12')",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO quiz_answers (player, answered_at, country, chosen) VALUES ('ann', '2025-12-01T10:00:00Z', 'ZZ', 'DE')",
            DatabaseError.Kind.constraint(.foreignKey)
        ),
        (
            "INSERT INTO quiz_answers (player, answered_at, country, chosen, options) VALUES ('ann', '2025-12-01T10:00:00Z', 'DE', 'FR', 'DE|FR|IT')",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO quiz_answers (player, answered_at, country, chosen, options) VALUES ('ann', '2025-12-01T10:00:00Z', 'DE', 'FR', 'DE|IT|ES|IT')",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO quiz_answers (player, answered_at, country, chosen, options) VALUES ('ann', '2025-12-01T10:00:00Z', 'DE', 'FR', 'DE|DE|IT|FR')",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO animation_properties (key, label, min, max, step, default_value) VALUES ('w', 'W', 0, 1, 0, 0)",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO animation_properties (key, label, min, max, step, default_value) VALUES ('w', 'W', 1, 1, 0.1, 1)",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO animation_properties (key, label, min, max, step, default_value) VALUES ('w', 'W', 0, 1, 0.1, 1.5)",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO animation_properties (key, label, min, max, step, default_value) VALUES ('w', 'W', 0, 1, 0.25, 0.3)",
            DatabaseError.Kind.constraint(.check)
        ),
        (
            "INSERT INTO animation_settings (id, name, created_at) VALUES (2, 'a', '2025-12-01T10:00:00Z'); INSERT INTO animation_setting_values VALUES (2, 'opacity', 1.1)",
            DatabaseError.Kind.constraint(.trigger)
        ),
        (
            "INSERT INTO animation_settings (id, name, created_at) VALUES (3, 'b', '2025-12-01T10:00:00Z'); INSERT INTO animation_setting_values VALUES (3, 'rotation_x', 10)",
            DatabaseError.Kind.constraint(.trigger)
        ),
        (
            "INSERT INTO animation_settings (id, name, created_at) VALUES (4, 'c', '2025-12-01T10:00:00Z'); INSERT INTO animation_setting_values VALUES (4, 'unknown', 1)",
            DatabaseError.Kind.constraint(.foreignKey)
        ),
        (
            "INSERT INTO overdue_notices (book_id, level, issued_on) VALUES (99, 1, '2026-03-01')",
            DatabaseError.Kind.constraint(.foreignKey)
        ),
        ("INSERT INTO calendar_state (id) VALUES (2)", DatabaseError.Kind.constraint(.check)),
        ("UPDATE calendar_state SET test_mode = 2", DatabaseError.Kind.constraint(.check)),
        ("UPDATE calendar_state SET selected_holiday = 'easter'", DatabaseError.Kind.constraint(.foreignKey)),
        (
            "INSERT INTO import_log (kind, file_name, sha256, started_at) VALUES ('books', 'b.csv', 'XYZ', '2025-12-01T10:00:00Z')",
            DatabaseError.Kind.constraint(.check)
        ),
    ]

    @Test("refused", arguments: bad)
    func refuses(_ row: (sql: String, kind: DatabaseError.Kind)) throws {
        let error = try #require(throws: DatabaseError.self) {
            try database.transaction { try database.execute(row.sql) }
        }
        #expect(error.kind == row.kind, "\(error)")
    }

    @Test func deletingAHolidayDeletesItsDoorsAndUnselectsIt() throws {
        try database.execute(
            """
            INSERT INTO doors (holiday, door, surprise) VALUES ('christmas', 1, 'Star');
            UPDATE calendar_state SET selected_holiday = 'christmas';
            DELETE FROM holidays WHERE key = 'christmas';
            """)
        #expect(try database.scalar("SELECT count(*) FROM doors") == .integer(0))
        #expect(try database.scalar("SELECT selected_holiday FROM calendar_state") == .null)
    }

    @Test func correctIsDerivedFromTheAnswer() throws {
        try database.execute(
            """
            INSERT INTO quiz_answers (player, answered_at, country, chosen) VALUES
                ('ann', '2025-12-01T10:00:00Z', 'DE', 'DE'), ('ann', '2025-12-01T10:01:00Z', 'DE', 'FR')
            """)
        #expect(try database.rows("SELECT correct FROM quiz_answers ORDER BY id") == [[.integer(1)], [.integer(0)]])
    }
}
