import AlmanacKinds
import AlmanacStore
import Foundation

/// The inserting thread's work: binds a prepared row's values straight from the batch and runs the
/// INSERT, turning the database's refusals (a key already there, an unknown holiday) into located
/// diagnostics.
final class RowInserter {
    /// What became of one row.
    enum Outcome {
        case inserted
        /// Left out by `--on-conflict skip`.
        case skipped
        case failed(ImportDiagnostic)
    }

    let database: Database
    let kind: ImportKind
    let definition: any KindDefinition.Type
    let statement: Statement
    let valuesStatement: Statement?
    /// Prepared when the first full group comes: a small file never needs it, and its many
    /// parameters make it the costliest statement to compile.
    var groupStatement: Statement?
    let groupSQL: String?
    /// For a kind with keyed values: the keys of the file's columns after the kind's own.
    let keys: [String]
    let policy: ConflictPolicy
    /// For a kind with write rules (a property, which must keep the saved settings valid).
    let writeRules: WriteRules?
    /// For kinds with reference data under `fail`: the upsert that replaces a row still as `init`
    /// loaded it (`ReferenceLoad`): such a row is no conflict, it gives way to the file's row.
    let yielding: Statement?
    /// For those kinds, the keys this import has written: a row it wrote is the file's, not the
    /// reference row, so the same key again is a duplicate.
    var written: Set<[SQLValue]> = []
    /// For kinds with ids: the column, and an upper bound on the largest id the table has given
    /// (`IDRoom`), raised by the rows inserted, read again from the database near the top.
    let idColumn: Int?
    var idTop: Int64 = 0
    /// True where the store takes rows as a stream (`Database.streamRows`: PostgreSQL's COPY) and
    /// every row is a plain new one: then a batch's valid rows go in as one stream, and a refused
    /// stream is taken back and its rows inserted one by one, to place the refusal.
    let streams: Bool
    /// True where a refused statement spoils the transaction until rolled back to a savepoint
    /// (PostgreSQL): each statement that may be refused runs in one.
    let guardsStatements: Bool

    init(database: Database, kind: ImportKind, policy: ConflictPolicy, keys: [String] = []) throws {
        self.database = database
        self.kind = kind
        definition = kind.definition
        self.keys = keys
        self.policy = policy
        guardsStatements = database.dialect == .postgresql
        writeRules = definition.writeRules(database)
        idColumn = definition.specs.firstIndex { $0.type == .id }
        if idColumn != nil { idTop = try IDRoom.lastGiven(kind.table, database) }
        let hasReference = definition.reference != nil && policy == .fail
        yielding = hasReference ? try database.prepare(definition.insertSQL(.replace)) : nil
        if let keyed = definition.keyedValues, let idColumn {
            // The row's id is needed for its values: RETURNING gives it, also after an upsert.
            statement = try database.prepare(
                definition.insertSQL(policy) + " RETURNING \(definition.specs[idColumn].name)")
            valuesStatement = try database.prepare(
                "INSERT INTO \(keyed.table) (\(keyed.rowColumn), \(keyed.keyColumn), \(keyed.valueColumn)) VALUES (?1, ?2, ?3)"
                    + " ON CONFLICT (\(keyed.rowColumn), \(keyed.keyColumn)) DO UPDATE SET \(keyed.valueColumn) = excluded.\(keyed.valueColumn)"
            )
            groupSQL = nil
        } else {
            // A reference row gives way only when its key is met: such a row is inserted alone.
            statement = try database.prepare(definition.insertSQL(hasReference ? .skip : policy))
            // A row with write rules is checked against the database alone (and property files are
            // short); a view's trigger counts no changes.
            groupSQL =
                writeRules != nil || definition.isView || hasReference
                ? nil : definition.insertSQL(policy, rows: Self.groupSize)
            valuesStatement = nil
        }
        streams = groupSQL != nil && policy == .fail && database.dialect == .postgresql
    }

    /// How many valid rows wait to go in together: a whole batch's for a stream, else `groupSize`.
    var pendingLimit: Int { streams ? Int.max : Self.groupSize }

    /// Runs `body` in a savepoint where a refusal would spoil the transaction, else as it is.
    func guarded<T>(_ name: String, _ body: () throws -> T) throws -> T {
        guardsStatements ? try database.savepoint(name, body) : try body()
    }

    /// Inserts record `record` of the batch; `values` are the batch's values (read once per batch).
    func insert(
        _ batch: RecordBatch, _ values: UnsafeBufferPointer<BindValue>, record: Int, mapping: [Int],
        columns: [ImportColumn], file: String
    ) throws -> Outcome {
        let first = record * batch.width
        guard try hasIDRoom(values, batch, records: CollectionOfOne(record)) else {
            let column = idColumn ?? 0
            let place = batch.locate(record, field: column < mapping.count ? max(mapping[column], 0) : 0)
            return .failed(
                ImportDiagnostic(
                    file: file, line: place.line, column: place.column, key: "import.error.ids-used-up",
                    arguments: ["column": columns[column].label, "kind": kind.rawValue, "last": String(RowID.last)]))
        }
        defer { raiseIDTop(values, batch, records: CollectionOfOne(record)) }
        do {
            if valuesStatement != nil {
                // A row and its values are several rows; a refused value must take the row with it.
                return try database.savepoint("values") { try insertWithValues(batch, values, record, first) }
            }
            if let writeRules {
                return try database.savepoint("checked") {
                    try insertChecked(
                        batch, values, record, writeRules, mapping: mapping, columns: columns, file: file)
                }
            }
            try guarded("row") {
                try bindRow(statement, batch, values, record: record, firstParameter: 1)
                try statement.step()
                statement.reset()
            }
            // A view's trigger (the last ids) writes rows SQLite does not count as changes.
            if database.changes > 0 || definition.isView {
                if yielding != nil { written.insert(key(values, batch, record)) }
                return .inserted
            }
            return try giveWay(batch, values, record: record, mapping: mapping, columns: columns, file: file)
        } catch let error as DatabaseError where error.isConstraintViolation {
            statement.reset()
            valuesStatement?.reset()
            yielding?.reset()
            return .failed(try describe(error, batch, record, mapping, columns, file))
        }
    }

    /// A row whose key is there already, under `skip`, or under `fail` for a kind with reference data:
    /// there it replaces the row when that is still the reference row `init` loaded, and is refused
    /// as a row that exists otherwise.
    func giveWay(
        _ batch: RecordBatch, _ values: UnsafeBufferPointer<BindValue>, record: Int, mapping: [Int],
        columns: [ImportColumn], file: String
    ) throws -> Outcome {
        guard let yielding else { return .skipped }
        let key = key(values, batch, record)
        let existing = try stored(key)
        if let existing, !written.contains(key), existing == ReferenceLoad.row(kind, key: key) {
            try guarded("reference") {
                try bindRow(yielding, batch, values, record: record, firstParameter: 1)
                try yielding.step()
                yielding.reset()
            }
            written.insert(key)
            return .inserted
        }
        guard policy == .fail else { return .skipped }
        return .failed(
            try describe(
                DatabaseError(kind: .constraint(.primaryKey), message: "exists", sql: "", path: database.path),
                batch, record, mapping, columns, file))
    }

    /// How many rows `insertGroup` takes: one statement per group saves SQLite's per-statement work
    /// (measured: a million rows insert in half the time).
    static let groupSize = 16

    /// Inserts `groupSize` valid records with one statement. Returns the rows inserted and skipped, or
    /// nil when the database refused one of them: nothing was inserted then, and the caller inserts the
    /// rows one by one to find and place the refusal.
    func insertGroup(_ batch: RecordBatch, _ values: UnsafeBufferPointer<BindValue>, records: ArraySlice<Int>) throws
        -> (inserted: Int, skipped: Int)?
    {
        if streams { return try stream(batch, values, records: records) }
        guard records.count == Self.groupSize, let groupSQL else { return nil }
        if groupStatement == nil { groupStatement = try database.prepare(groupSQL) }
        guard let group = groupStatement, try hasIDRoom(values, batch, records: records) else { return nil }
        do {
            for (offset, record) in records.enumerated() {
                try bindRow(group, batch, values, record: record, firstParameter: Int32(offset * batch.width + 1))
            }
            try guarded("group") {
                try group.step()
                group.reset()
            }
            let changed = database.changes
            raiseIDTop(values, batch, records: records)
            return (changed, records.count - changed)
        } catch let error as DatabaseError where error.isConstraintViolation {
            group.reset()
            return nil
        }
    }

    /// The largest id bound among `records` and how many leave theirs to SQLite.
    func ids(_ values: UnsafeBufferPointer<BindValue>, _ batch: RecordBatch, _ records: some Collection<Int>) -> (
        largest: Int64, empty: Int
    ) {
        guard let idColumn else { return (0, 0) }
        var largest: Int64 = 0
        var empty = 0
        for record in records {
            switch values[record * batch.width + idColumn] {
            case .integer(let id): largest = max(largest, id)
            case .null: empty += 1
            default: break
            }
        }
        return (largest, empty)
    }

    /// True when SQLite can give an id to each of `records` that leaves its id empty. Far from the top
    /// the bound says so at once; near it, the database says how many ids the table has given.
    func hasIDRoom(_ values: UnsafeBufferPointer<BindValue>, _ batch: RecordBatch, records: some Collection<Int>) throws
        -> Bool
    {
        let (largest, empty) = ids(values, batch, records)
        guard empty > 0 else { return true }
        if max(idTop, largest) <= RowID.last - Int64(empty) { return true }
        idTop = try IDRoom.lastGiven(kind.table, database)
        return max(idTop, largest) <= RowID.last - Int64(empty)
    }

    /// Raises the bound past the ids `records` took (an upper bound: a row refused or skipped counts too).
    func raiseIDTop(_ values: UnsafeBufferPointer<BindValue>, _ batch: RecordBatch, records: some Collection<Int>) {
        let (largest, empty) = ids(values, batch, records)
        let top = max(idTop, largest)
        idTop = top > RowID.last - Int64(empty) ? RowID.last : top + Int64(empty)
    }

    /// Forgets the bound values: they point into a batch that is about to be reused.
    func releaseBindings() {
        statement.clearBindings()
        groupStatement?.clearBindings()
        yielding?.clearBindings()
    }

    /// Binds one row's values. Text is bound in place, straight from the batch's arena: the
    /// batch stays untouched until its rows are inserted and `releaseBindings` has run.
    func bindRow(
        _ target: Statement, _ batch: RecordBatch, _ values: UnsafeBufferPointer<BindValue>,
        record: Int, firstParameter: Int32
    ) throws {
        let fields = batch.storage.fields.base + batch.storage.records[record].firstField
        let arena = batch.storage.arena.base
        let first = record * batch.width
        for index in 0..<batch.width {
            let parameter = firstParameter + Int32(index)
            switch values[first + index] {
            case .null: try target.bindNull(at: parameter)
            case .field(let field):
                let span = fields[field]
                try target.bindTextInPlace(
                    UnsafeRawBufferPointer(start: arena + span.offset, count: span.length), at: parameter)
            case .text(let offset, let length):
                try target.bindTextInPlace(UnsafeRawBufferPointer(start: arena + offset, count: length), at: parameter)
            case .integer(let number): try target.bind(number, at: parameter)
            case .real(let number): try target.bind(number, at: parameter)
            }
        }
    }

    /// A row's key, as SQL sees it.
    func key(_ values: UnsafeBufferPointer<BindValue>, _ batch: RecordBatch, _ record: Int) -> [SQLValue] {
        let specs = definition.specs
        return specs.indices.filter { specs[$0].isKey }.map { value(values[record * batch.width + $0], batch, record) }
    }

    /// The stored row with this key (all the kind's columns), or nil when there is none.
    func stored(_ key: [SQLValue]) throws -> [SQLValue]? {
        let specs = definition.specs
        let keyColumns = specs.indices.filter { specs[$0].isKey }
        return try database.rows(
            "SELECT \(specs.map(\.name).joined(separator: ", ")) FROM \(kind.table) WHERE "
                + keyColumns.enumerated().map { "\(specs[$1].name) = ?\($0 + 1)" }.joined(separator: " AND "), key
        ).first
    }

    /// A bound value as SQL sees it.
    func value(_ value: BindValue, _ batch: RecordBatch, _ record: Int) -> SQLValue {
        switch value {
        case .null: return .null
        case .field(let field): return .text(batch.string(record, field))
        case .text(let offset, let length):
            return .text(String(decoding: batch.storage.arena.bytes(offset, length), as: UTF8.self))
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        }
    }

    func bind(_ value: BindValue, at index: Int32, to statement: Statement, _ batch: RecordBatch, _ record: Int) throws
    {
        switch value {
        case .null: try statement.bindNull(at: index)
        case .field(let field): try statement.bindText(batch.field(record, field), at: index)
        case .text(let offset, let length): try statement.bindText(batch.storage.arena.bytes(offset, length), at: index)
        case .integer(let number): try statement.bind(number, at: index)
        case .real(let number): try statement.bind(number, at: index)
        }
    }

    /// A database refusal as a diagnostic at the column it concerns.
    func describe(
        _ error: DatabaseError, _ batch: RecordBatch, _ record: Int, _ mapping: [Int],
        _ columns: [ImportColumn], _ file: String
    ) throws -> ImportDiagnostic {
        func at(_ column: Int, _ key: String, _ arguments: [String: String]) -> ImportDiagnostic {
            let field = column < mapping.count ? mapping[column] : -1
            let place = batch.locate(record, field: max(field, 0))
            var all = arguments
            all["column"] = columns[column].label
            all["value"] = field >= 0 ? ImportDiagnostic.shown(batch.string(record, field)) : ""
            return ImportDiagnostic(file: file, line: place.line, column: place.column, key: key, arguments: all)
        }
        func value(_ column: Int) -> String { mapping[column] >= 0 ? batch.string(record, mapping[column]) : "" }
        if case .constraint(let constraint) = error.kind,
            let refusal = try definition.refusal(constraint, field: value, database: database)
        {
            return at(refusal.column, refusal.key, refusal.arguments)
        }
        let place = batch.locate(record, field: 0)
        return ImportDiagnostic(
            file: file, line: place.line, column: place.column,
            key: "import.error.database-rule", arguments: ["reason": error.message])
    }
}
