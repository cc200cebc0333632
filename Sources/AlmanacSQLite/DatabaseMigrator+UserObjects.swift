import AlmanacStore
import Foundation

/// A user's own views, triggers and indexes, met before a migration rebuilds a table they depend on.
///
/// A migration that rebuilds a table (SQLite's 12-step procedure: make the new table, copy, drop the
/// old, rename) takes the old table's triggers and indexes with it, and its rename fails on any view
/// or trigger that reads a table dropped at that moment ("error in view my_view: no such table").
/// Such objects are found before anything changes, so the migration is refused whole, naming them.
extension DatabaseMigrator {
    /// The refusal: the migration to `version` would break `blockers`, objects of the user's.
    public struct UserObjectsInTheWay: Error, Equatable {
        /// The database's path.
        public let path: String
        /// The first migration they stop.
        public let version: Int
        /// What stops it.
        public let blockers: [Blocker]
    }

    /// One object of the user's that a pending migration would break.
    public struct Blocker: Sendable, Equatable {
        /// `view`, `trigger` or `index`.
        public let type: String
        /// Its name.
        public let name: String
        /// The rebuilt tables it is on or reads.
        public let tables: [String]
    }

    /// Refuses (`UserObjectsInTheWay`) to migrate `database` past `version` while objects of the user's depend on a
    /// table a pending migration rebuilds, naming the first such migration, the objects and what to do.
    func refuseUserObjects(_ database: Database, from version: Int) throws {
        let pending = migrations.filter { $0.version > version }
        guard pending.contains(where: { !Self.rebuiltTables($0.sql).isEmpty }) else { return }
        let own = try DatabaseMigrator(migrations: migrations.filter { $0.version <= version }).objectNames()
        let objects = try database.rows(
            "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE type IN ('view', 'trigger', 'index')"
        )
        .compactMap { row -> (type: String, name: String, table: String, sql: String)? in
            guard let type = row[0].textValue, let name = row[1].textValue, !name.hasPrefix("sqlite_"),
                !own.contains(type + " " + name)
            else { return nil }
            return (type, name, row[2].textValue ?? "", row[3].textValue ?? "")
        }
        guard !objects.isEmpty else { return }
        for migration in pending {
            let rebuilt = Self.rebuiltTables(migration.sql)
            let blockers = objects.compactMap { object -> Blocker? in
                var tables = Set(Self.identifiers(object.sql)).intersection(rebuilt)
                if object.type != "view" && rebuilt.contains(object.table.lowercased()) {
                    tables.insert(object.table.lowercased())
                }
                return tables.isEmpty ? nil : Blocker(type: object.type, name: object.name, tables: tables.sorted())
            }
            guard !blockers.isEmpty else { continue }
            throw UserObjectsInTheWay(path: database.path, version: migration.version, blockers: blockers)
        }
    }

    /// `type name` of every object these migrations make, from an empty database in memory.
    func objectNames() throws -> Set<String> {
        let scratch = try SQLiteDatabase(path: ":memory:")
        try migrate(scratch)
        return Set(
            try scratch.rows("SELECT type, name FROM sqlite_schema").map {
                ($0[0].textValue ?? "") + " " + ($0[1].textValue ?? "")
            })
    }

    /// The tables a migration drops (and makes again), lower case: `DROP TABLE [IF EXISTS] [main.]name`,
    /// temporary tables aside.
    static func rebuiltTables(_ sql: String) -> Set<String> {
        let code = sql.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "--").map { String(line[..<$0.lowerBound]) } ?? String(line) }.joined(
                separator: "\n")
        let words = identifiers(code)
        var tables: Set<String> = []
        var index = 0
        while index + 2 < words.count {
            defer { index += 1 }
            guard words[index] == "drop", words[index + 1] == "table" else { continue }
            var next = index + 2
            if words[next] == "if", next + 2 < words.count, words[next + 1] == "exists" { next += 2 }
            if words[next] == "temp" || words[next] == "temporary" { continue }
            if words[next] == "main", next + 1 < words.count { next += 1 }
            tables.insert(words[next])
        }
        return tables
    }

    /// The words and quoted names of SQL text, lower case and unquoted (`"My View"` is `my view`);
    /// string literals are skipped. What a view or trigger reads is among them.
    static func identifiers(_ sql: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var literal = false
        for character in sql {
            if literal {
                if character == "'" { literal = false }
                continue
            }
            if let open = quote {
                let close: Character = open == "[" ? "]" : open
                if character == close {
                    words.append(current.lowercased())
                    current = ""
                    quote = nil
                } else {
                    current.append(character)
                }
                continue
            }
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
                continue
            }
            if !current.isEmpty { words.append(current.lowercased()) }
            current = ""
            if character == "'" {
                literal = true
            } else if character == "\"" || character == "`" || character == "[" {
                quote = character
            }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}
