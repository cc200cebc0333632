import AlmanacKinds
import AlmanacOutput
import AlmanacSQLite
import AlmanacStore
import AlmanacText
import Foundation

/// What a file at a database path holds, as far as Almanac must know before SQLite writes to it:
/// read from the file's header by hand, then, for an SQLite file, from its schema. Every command
/// but `init` needs an Almanac database (one with `schema_migrations`); `init` also takes an empty
/// file or an SQLite database without tables. Another program's database is never migrated
/// silently, and a file that is not SQLite is never touched.
enum DatabaseContent: Equatable {
    /// A file of no bytes: SQLite would make it a new database.
    case empty
    /// An SQLite database; `wal` when its header says write-ahead log (every Almanac database
    /// where the file system allows it), so a read-write connection changes nothing of it on opening.
    case sqlite(wal: Bool)
    /// A file that does not start with SQLite's header.
    case notSQLite
    /// A file this user cannot read: opening it says why.
    case unreadable

    /// The first bytes of every SQLite database file.
    static let magic = Array("SQLite format 3\0".utf8)
    /// The header's "file format write version" byte: 1 rollback journal, 2 WAL.
    static let writeVersionOffset = 18

    /// Reads the header of the file at `path`, through SQLite (`SQLiteDatabase.header(ofFileAt:count:)`):
    /// this process may hold a connection to the same file (`serve`), whose locks a descriptor of
    /// our own would release when it closed.
    static func read(_ path: String) -> DatabaseContent {
        // Read only when it is a regular file: a FIFO would wait for a writer. `stat` never waits.
        if let kind = FileLocation.kind(of: path), kind != .regular { return .notSQLite }
        guard let head = SQLiteDatabase.header(ofFileAt: path, count: 100) else { return .unreadable }
        if head.isEmpty { return .empty }
        guard head.count == 100, Array(head.prefix(magic.count)) == magic else { return .notSQLite }
        return .sqlite(wal: head[writeVersionOffset] == 2)
    }

    /// The tables and views of a database's own, not SQLite's, by name.
    static func tables(of database: Database) throws -> [String] {
        try database.rows(
            """
            SELECT name FROM sqlite_schema
            WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            ORDER BY name
            """
        ).compactMap { $0.first?.textValue }
    }

    /// Refuses a database that Almanac did not make: one without `schema_migrations`. With no table
    /// at all it is a database not made yet (exit 66, create it with `init`); with tables of its own,
    /// another program's (exit 65, named with what it holds).
    static func requireAlmanac(_ database: Database, path: String) throws {
        // The usual case costs one lookup in the schema; the list of tables only a refusal.
        if try database.scalar("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'") != nil
        {
            return
        }
        let tables = try tables(of: database)
        if tables.isEmpty { throw AlmanacError(.missingInput, "database.error.not-initialized", ["path": path]) }
        throw AlmanacError(.invalidData, "database.error.foreign-in-use", ["path": path, "tables": shown(tables)])
    }

    /// A list of table names for a message: the first five and "…" beyond six.
    static func shown(_ tables: [String]) -> String {
        tables.count > 6 ? tables.prefix(5).joined(separator: ", ") + ", …" : tables.joined(separator: ", ")
    }
}
