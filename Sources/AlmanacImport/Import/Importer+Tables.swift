import AlmanacKinds
import Foundation

extension Importer {
    /// An index dropped for a bulk load and the SQL that makes it again.
    struct DroppedIndex {
        let name: String
        let sql: String
    }

    /// Building secondary indexes once after the rows is several times faster than keeping them up to
    /// date row by row (each row lands on a random index page): done into an empty table, and into a
    /// table the file will more than double (about 100 bytes a row is assumed; a file of unknown size
    /// counts only into an empty table). Dropped and made again inside the import's transaction, so a
    /// failed import leaves them as they were.
    func dropIndexesForBulkLoad(_ kind: ImportKind, fileSize: Int?) throws -> [DroppedIndex] {
        // PostgreSQL's COPY keeps the indexes as `psql \copy` does: other sessions read them meanwhile.
        guard database.dialect == .sqlite else { return [] }
        guard case .integer(0)? = try database.scalar("SELECT EXISTS (SELECT 1 FROM \(kind.table))") else {
            // Counting stops past the rows the file is expected to bring: a large table is not scanned.
            guard let fileSize, fileSize >= 1 << 20,
                case .integer(let rows)? = try database.scalar(
                    "SELECT count(*) FROM (SELECT 1 FROM \(kind.table) LIMIT \(fileSize / 100 + 1))"),
                Int(rows) <= fileSize / 100
            else { return [] }
            return try dropIndexes(kind)
        }
        return try dropIndexes(kind)
    }

    /// True when the kind's table has indexes of its own (not its key's) that are kept during the load.
    func hasSecondaryIndexes(_ kind: ImportKind) throws -> Bool {
        guard database.dialect == .sqlite else { return false }
        guard
            case .integer(let count)? = try database.scalar(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
                [.text(kind.table)])
        else { return false }
        return count > 0
    }

    /// The indexes of a table an import may drop and build again: made by CREATE INDEX (origin `c`)
    /// and not UNIQUE. A unique index, one behind a UNIQUE or PRIMARY KEY constraint (origin `u`,
    /// `pk`) enforces a rule while rows go in, so it stays.
    func rebuildableIndexes(_ table: String) throws -> [DroppedIndex] {
        var indexes: [DroppedIndex] = []
        for row in try database.rows(
            "SELECT name, \"unique\", origin FROM pragma_index_list(?) ORDER BY name", [.text(table)])
        {
            guard case .text(let name) = row[0], case .integer(0) = row[1], case .text("c") = row[2],
                case .text(let sql)? = try database.scalar(
                    "SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?", [.text(name)])
            else { continue }
            indexes.append(DroppedIndex(name: name, sql: sql))
        }
        return indexes
    }

    private func dropIndexes(_ kind: ImportKind) throws -> [DroppedIndex] {
        let indexes = try rebuildableIndexes(kind.table)
        for index in indexes {
            try database.execute("DROP INDEX \"\(index.name.replacingOccurrences(of: "\"", with: "\"\""))\"")
        }
        return indexes
    }

    /// Makes the dropped indexes again, exactly as they were written.
    func recreate(_ indexes: [DroppedIndex]) throws {
        // A large index sort keeps a cache-sized run in memory for each of its helper threads and one
        // for this one (`SQLITE_LIMIT_WORKER_THREADS`): a 2 MiB cache keeps the three within what
        // the import's one 4 MiB run took, so its memory stays as flat as the file grows.
        try withPageCache(kib: 2048) {
            for index in indexes { try database.execute(index.sql) }
        }
    }

    /// Runs `body` with a page cache of `kib` KiB, then puts back the size it replaced.
    func withPageCache<T>(kib: Int, _ body: () throws -> T) throws -> T {
        guard database.dialect == .sqlite else { return try body() }
        guard case .integer(let before)? = try database.scalar("PRAGMA cache_size") else { return try body() }
        try database.execute("PRAGMA cache_size = -\(kib)")
        defer { try? database.execute("PRAGMA cache_size = \(before)") }
        return try body()
    }

    /// Runs `body` with SQLite's CHECK constraints skipped when the kind's rows are checked by the
    /// importer's own rules (books and events: evaluating their date CHECKs again would cost a third of
    /// the inserting thread's time), and turns them back on however it ends. Only the bulk rows go in
    /// with them off: the import log, rebuilt indexes and every other kind are written with them on.
    func withChecksSkipped<T>(for kind: ImportKind, _ body: () throws -> T) throws -> T {
        guard kind.checkedByTheImporter, database.dialect == .sqlite else { return try body() }
        try database.execute("PRAGMA ignore_check_constraints = ON")
        let result: T
        do {
            result = try body()
        } catch {
            try? database.execute("PRAGMA ignore_check_constraints = OFF")
            throw error
        }
        try database.execute("PRAGMA ignore_check_constraints = OFF")
        return result
    }
}
