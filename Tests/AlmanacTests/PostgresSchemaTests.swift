import Foundation
import TestSupport
import Testing

/// The two dialects of the schema (`Schema/` and `Schema/postgresql/`) hold the same tables, columns
/// (in order, of matching types), primary keys, foreign keys (with their actions), CHECKs and indexes,
/// read from each engine's own catalog after `almanac init`.
@Suite(.enabled(if: PostgresTestServer.url != nil, "no PostgreSQL server: run make test, or set ALMANAC_TEST_POSTGRES"))
struct PostgresSchemaTests {
    let dir: Workdir
    let server: String

    init() throws {
        dir = try Workdir(mapsNames: false)
        let name = dir.serverDatabase("schema")
        try PostgresTestServer.admin("CREATE DATABASE \(name)")
        dir.madeDatabases.insert(name)
        server = PostgresTestServer.url(database: name)
        #expect(try dir.run(["--db", server, "init"]).status == 0)
        #expect(try dir.run(["--db", "s.db", "init"]).status == 0)
    }

    /// Rows of a query on one store, as CSV lines after the header.
    func rows(_ database: String, _ sql: String) throws -> [String] {
        let out = try dir.run(["--db", database, "query", sql, "--format", "csv"])
        #expect(out.status == 0, "\(out.stderr)")
        return out.stdout.split(separator: "\r\n").dropFirst().map(String.init)
    }

    /// A PostgreSQL type as the SQLite type its column has: dates and instants are SQLite's text.
    static func sqliteType(_ type: String) -> String {
        switch type {
        case "bigint", "integer", "smallint": "INTEGER"
        case "double precision", "real": "REAL"
        case "text", "date", "timestamp with time zone": "TEXT"
        default: type
        }
    }

    @Test func tablesAndColumnsAreTheSame() throws {
        let sqlite = try rows(
            "s.db",
            """
            SELECT m.name, p.name, p.type, p.pk > 0 FROM sqlite_schema AS m, pragma_table_xinfo(m.name) AS p
            WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite%' ORDER BY 1, p.cid
            """)
        let postgres = try rows(
            server,
            """
            SELECT c.table_name, c.column_name, c.data_type,
                   CASE WHEN EXISTS (SELECT 1 FROM information_schema.key_column_usage k
                                     JOIN information_schema.table_constraints t USING (constraint_schema, constraint_name)
                                     WHERE t.constraint_type = 'PRIMARY KEY' AND k.table_name = c.table_name
                                       AND k.column_name = c.column_name) THEN 1 ELSE 0 END
            FROM information_schema.columns AS c
            WHERE c.table_schema = current_schema()
              AND c.table_name IN (SELECT tablename FROM pg_tables WHERE schemaname = current_schema())
            ORDER BY 1, c.ordinal_position
            """
        ).map { line in
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[2] = Self.sqliteType(fields[2])
            return fields.joined(separator: ",")
        }
        #expect(sqlite.count > 50)
        #expect(postgres == sqlite)
    }

    @Test func foreignKeysAreTheSame() throws {
        let sqlite = try rows(
            "s.db",
            """
            SELECT m.name, f."from", f."table", f."to", f.on_update, f.on_delete
            FROM sqlite_schema AS m, pragma_foreign_key_list(m.name) AS f
            WHERE m.type = 'table' ORDER BY 1, 2
            """)
        let postgres = try rows(
            server,
            """
            SELECT k.table_name, k.column_name, u.table_name, u.column_name, r.update_rule, r.delete_rule
            FROM information_schema.referential_constraints AS r
            JOIN information_schema.key_column_usage AS k USING (constraint_schema, constraint_name)
            JOIN information_schema.constraint_column_usage AS u
              ON u.constraint_schema = r.unique_constraint_schema AND u.constraint_name = r.unique_constraint_name
            WHERE k.table_schema = current_schema() ORDER BY 1, 2
            """)
        #expect(sqlite.count >= 6)
        #expect(postgres == sqlite)
    }

    @Test func checksAndIndexesAreTheSame() throws {
        // CHECKs per table (SQLite's are in the table's SQL; one per CHECK keyword), and the indexes a
        // migration made (not those behind a key), by name and table.
        let sqliteChecks = try rows(
            "s.db",
            """
            SELECT name, (length(sql) - length(replace(sql, 'CHECK', ''))) / 5 FROM sqlite_schema
            WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY 1
            """)
        let postgresChecks = try rows(
            server,
            """
            SELECT t.tablename, (SELECT count(*) FROM pg_constraint AS c
                                 WHERE c.conrelid = (quote_ident(t.tablename))::regclass AND c.contype = 'c')
            FROM pg_tables AS t WHERE t.schemaname = current_schema() ORDER BY 1
            """)
        #expect(postgresChecks == sqliteChecks)
        let sqliteIndexes = try rows(
            "s.db",
            "SELECT name, tbl_name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY 1")
        let postgresIndexes = try rows(
            server,
            """
            SELECT i.indexname, i.tablename FROM pg_indexes AS i
            WHERE i.schemaname = current_schema()
              AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE c.conname = i.indexname)
            ORDER BY 1
            """)
        #expect(sqliteIndexes.count >= 5)
        #expect(postgresIndexes == sqliteIndexes)
    }
}
