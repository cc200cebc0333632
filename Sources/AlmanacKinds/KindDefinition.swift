import AlmanacStore

/// One kind of data, defined once: its table, its columns (`Column`) and its rules (`check`). The
/// importer, the exporter, the add and edit commands and the listings all derive what they need from
/// this: the insert and its `--on-conflict` key, the export's query and header, the header a file
/// must have, the columns a listing shows and the SQL that reads them. Its type is all there is of it
/// (no instances), shared by every thread.
package protocol KindDefinition: SendableMetatype {
    /// The columns, in the order of the table's insert and the export.
    associatedtype Column: KindColumn
    /// What the rules need besides the row (today's date, the user's zone).
    associatedtype Context

    /// The kind's name on the command line.
    static var kind: ImportKind { get }
    /// The table its rows go into.
    static var table: String { get }
    /// The order an export writes rows in (so an import into an empty table gives the same rowids).
    static var exportOrder: String { get }
    /// The kinds whose rows this kind's rows refer to (by foreign key) or its rules read: the registry
    /// lists them before it, so `import DIR` loads them first (`KindRegistryTests`). None by default.
    static var refersTo: [ImportKind] { get }
    /// Checks one row, binding each column's value or failing the columns that break a rule.
    static func check<Row: RowSource>(_ row: inout Row, _ context: Context)

    // What an import needs of the kind besides its rules (`KindDefinition+Import.swift` has the defaults).

    /// The context of the rules in an import (the zone, today, the properties in the database).
    static func importContext(_ run: ImportRun) throws -> Context
    /// The columns of the kind's files in insert order, as header matching sees them: its own, and
    /// those the context adds after them (a saved setting's property keys).
    static func importColumns(_ context: Context) -> [ImportColumn]
    /// What the database's refusal of a row means in the kind's words (a door that is there already,
    /// a holiday that is not), or nil for the database's own; `field` gives a column's text as the row
    /// has it. The importer adds the column's name and value to the arguments.
    static func refusal(_ constraint: DatabaseError.Constraint, field: (Int) -> String, database: Database) throws
        -> RowRefusal?
    /// True when the importer's rules check exactly what the table's CHECK constraints do, so SQLite
    /// need not evaluate those again for its bulk rows (`Importer.withChecksSkipped`; `CheckBypassTests`
    /// holds the two together, reading the CHECKs from the schema). False by default.
    static var checkedByTheImporter: Bool { get }
    /// True when the table is a view whose trigger writes the rows (`last_ids`): SQLite counts no
    /// changes for them, so the importer writes each alone and counts it written. False by default.
    static var isView: Bool { get }
    /// The rows every database has from the start (the countries, the snowman's properties), or nil.
    static var reference: ReferenceRows? { get }
    /// The columns the kind's files have after its own, one per key the database holds, and where
    /// their values go (a saved setting's property values), or nil.
    static var keyedValues: KeyedValues? { get }
    /// What the kind's rows must keep with the rest of the database as they are written (a property
    /// and the saved settings), or nil.
    static func writeRules(_ database: Database) -> WriteRules?
    /// True when the kind's files may also be iCalendar files (`import events FILE.ics`, `export
    /// events --format ics`). False by default.
    static var hasCalendarFiles: Bool { get }
    /// Columns a file may give but the rules otherwise decide from others, each with those others: an
    /// edit that changes one of those leaves the column to be decided again (an event's `all_day`
    /// follows its start and end). None by default.
    static var decidedBy: [Column: [Column]] { get }
}

extension KindDefinition {
    package static var exportOrder: String { "rowid" }
    package static var hasCalendarFiles: Bool { false }
    package static var decidedBy: [Column: [Column]] { [:] }

    /// `exportOrder` for the store's dialect (`rowid` is SQLite's insertion order).
    package static func exportOrder(_ dialect: SQLDialect) -> String {
        exportOrder == "rowid" ? dialect.insertionOrder : exportOrder
    }
    package static var refersTo: [ImportKind] { [] }

    /// The columns' specs, in order.
    package static var specs: [ColumnSpec] { Column.allCases.map(\.spec) }

    /// The columns a CSV file of the kind has (and header matching accepts), in export order.
    package static var fileColumns: [Column] { Column.allCases.filter { $0.spec.header != nil } }

    /// The columns that identify a row for `--on-conflict`.
    package static var keyColumns: [Column] { Column.allCases.filter { $0.spec.isKey } }

    /// `a, b, c`: the SQL names of columns, for a SELECT that reads them by `Selection`.
    package static func sqlList(_ columns: [Column]) -> String { columns.map(\.spec.name).joined(separator: ", ") }

    /// The INSERT for one row (or `rows` rows, taking parameters ?1, ?2, … in row order) under a
    /// conflict policy. `replace` updates the row in place (an upsert) rather than deleting it, so
    /// rows that refer to it (a holiday's doors, a setting's values) are kept, with the id SQLite
    /// gave it when that is not its key; `created_at`-like columns the rules fill when the file has
    /// none are kept from the row there.
    package static func insertSQL(_ policy: ConflictPolicy, rows: Int = 1) -> String {
        let columns = specs
        let tuples = (0..<rows).map { row in
            "(" + (1...columns.count).map { "?\(row * columns.count + $0)" }.joined(separator: ", ") + ")"
        }
        var sql =
            "INSERT INTO \(table) (\(columns.map(\.name).joined(separator: ", "))) VALUES \(tuples.joined(separator: ", "))"
        let key = keyColumns.map(\.spec.name)
        guard !key.isEmpty else { return sql }
        switch policy {
        case .fail: break
        case .skip: sql += " ON CONFLICT (\(key.joined(separator: ", "))) DO NOTHING"
        case .replace:
            let updates = columns.filter { !$0.isKey && $0.type != .id }.map { "\($0.name) = excluded.\($0.name)" }
            sql +=
                " ON CONFLICT (\(key.joined(separator: ", "))) DO "
                + (updates.isEmpty ? "NOTHING" : "UPDATE SET " + updates.joined(separator: ", "))
        }
        return sql
    }

    /// The UPDATE of every column but the key, for the row whose key is bound after them.
    package static var updateSQL: String {
        let columns = specs.filter { !$0.isKey }
        let sets = columns.enumerated().map { "\($1.name) = ?\($0 + 1)" }.joined(separator: ", ")
        let key = keyColumns.enumerated().map { "\($1.spec.name) = ?\(columns.count + $0 + 1)" }.joined(
            separator: " AND ")
        return "UPDATE \(table) SET \(sets) WHERE \(key)"
    }

    /// The export's query: each column of the file as the file writes it, in `exportOrder`.
    package static func exportSQL(_ dialect: SQLDialect) -> String {
        let selected = fileColumns.map { $0.spec.exportExpression(dialect) ?? $0.spec.name }.joined(separator: ", ")
        return "SELECT \(selected) FROM \(table) ORDER BY \(exportOrder(dialect))"
    }
}

/// What to do with a row whose key is already in the database (`--on-conflict`).
public enum ConflictPolicy: String, CaseIterable, Sendable {
    /// The row is an error (the default).
    case fail
    /// The row is left out; the database keeps its own.
    case skip
    /// The row replaces the one in the database.
    case replace
}

/// Columns of a kind chosen for a SELECT, read back by name: the list is written from the columns and
/// each column's place in the result is looked up from the same list, never counted by hand.
package struct Selection<Column: KindColumn> {
    /// The columns, in the order selected.
    package let columns: [Column]
    /// For each column of the kind, its place in the result, or -1.
    @usableFromInline package let places: [Int32]

    /// A selection of `columns` (every column of the kind by default).
    package init(_ columns: [Column] = Column.allCases) {
        self.columns = columns
        var places = [Int32](repeating: -1, count: Column.allCases.count)
        for (place, column) in columns.enumerated() { places[column.rawValue] = Int32(place) }
        self.places = places
    }

    /// `a, b, c`, qualified by `table.` when given.
    package func sql(_ table: String? = nil) -> String {
        columns.map { (table.map { $0 + "." } ?? "") + $0.spec.name }.joined(separator: ", ")
    }

    /// The place of a column in the result. Inlinable: the worlds read a row's columns through it in
    /// their listings' loops, from another module.
    @inlinable package subscript(_ column: Column) -> Int32 { places[column.rawValue] }
}
