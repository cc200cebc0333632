import AlmanacKinds
import AlmanacStore
import Foundation

/// The rows every database starts with (PRODUCT.md, "Every world, from the command line"), which
/// each kind's definition gives (`KindDefinition.reference`): the 249 ISO 3166-1 countries and the
/// snowman's animation properties, which `init` loads, and the rows the schema itself makes (the
/// calendars' state, the library's settings).
/// A row still as loaded (every column as built in: nothing tells it from one imported with the same
/// values, which loses nothing) gives way to the first row of an imported file with its key
/// (`RowInserter`), so the reference data never stands in the way of a file, and `init` then
/// `import DIR` moves a database.
public enum ReferenceLoad {
    /// How many rows one load added, of each kind it loads.
    public struct Added: Sendable, Equatable {
        /// One kind's rows added: `name` is what `init`'s message calls them (`countries`), counted in
        /// `unit` (`unit.country`).
        public struct Count: Sendable, Equatable {
            public let name: String
            public let unit: String
            public let rows: Int
        }

        /// The kinds `init` loads, in registry order.
        public var counts: [Count] = []

        /// Nothing added.
        public init() {}

        /// The rows added of the kind `init`'s message calls `name` (0 when none).
        public subscript(name: String) -> Int { counts.first { $0.name == name }?.rows ?? 0 }

        /// True when nothing was added.
        public var isEmpty: Bool { counts.allSatisfy { $0.rows == 0 } }
    }

    /// Inserts every reference row `init` loads whose key the database lacks, in one transaction;
    /// rows there already, changed or not, stay as they are, so loading again changes nothing.
    @discardableResult
    public static func load(into database: Database) throws -> Added {
        try database.transaction(.immediate) {
            var added = Added()
            for kind in KindRegistry.kinds {
                guard let reference = kind.definition.reference, let loaded = reference.loaded else { continue }
                let rows = try insert(reference.rows, into: database, kind: kind)
                added.counts.append(Added.Count(name: loaded.name, unit: loaded.unit, rows: rows))
            }
            return added
        }
    }

    /// The kinds with reference rows.
    static var kinds: [ImportKind] { KindRegistry.kinds.filter { $0.definition.reference != nil } }

    /// The reference row of `kind` whose key columns hold `key`, in the order of its definition's
    /// columns, or nil.
    static func row(_ kind: ImportKind, key: [SQLValue]) -> [SQLValue]? { rowsByKey[kind]?[key] }

    /// Each kind's reference rows by the values of its key columns.
    private static let rowsByKey: [ImportKind: [[SQLValue]: [SQLValue]]] = Dictionary(
        uniqueKeysWithValues: kinds.map { kind in
            let specs = kind.definition.specs
            let key = specs.indices.filter { specs[$0].isKey }
            let rows = kind.definition.reference?.rows ?? []
            return (
                kind,
                Dictionary(rows.map { row in (key.map { row[$0] }, row) }, uniquingKeysWith: { first, _ in first })
            )
        })

    private static func insert(_ rows: [[SQLValue]], into database: Database, kind: ImportKind) throws -> Int {
        let statement = try database.prepare(kind.definition.insertSQL(.skip))
        let rules = kind.definition.writeRules(database)
        var added = 0
        for row in rows {
            try statement.bind(row)
            _ = try statement.step()
            statement.reset()
            guard database.changes > 0 else { continue }
            added += 1
            // As an import's would (a property added gives saved settings its default).
            try rules?.didWrite(row)
        }
        return added
    }
}
