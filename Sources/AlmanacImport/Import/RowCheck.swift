import AlmanacKinds
import AlmanacText
import Foundation

/// The rules of one kind as the importer runs them on the parsing thread: its columns, and how a
/// record becomes the values of an insert. Pure: no database.
protocol RowRules {
    /// The kind's columns, in the order of its insert (and of the values `check` binds).
    var columns: [ImportColumn] { get }
    /// Checks one record, binding each column's value in its place or failing on columns.
    func check(_ row: inout RowCheck)
}

/// A kind's definition as the importer runs it. The check is made where the kind is known (`init`), so
/// the compiler specializes the kind's rules for `RowCheck`; called through the generic `check`, they
/// ran unspecialized, every read a witness call and every field a closure.
struct KindRows<Kind: KindDefinition>: RowRules {
    let columns: [ImportColumn]
    private let checkRow: (inout RowCheck) -> Void

    init(context: Kind.Context) {
        columns = Kind.importColumns(context)
        checkRow = { Kind.check(&$0, context) }
    }

    func check(_ row: inout RowCheck) { checkRow(&row) }
}

/// One record of a file being checked (the importer's `RowSource`): its fields are read by column
/// straight from the batch's bytes, values are bound in their column's place, and problems are
/// reported at their line and column.
struct RowCheck: RowSource {
    let batch: RecordBatch
    let record: Int
    /// For each column of the kind, the field that holds it, or -1 when the file has no such column;
    /// `-2 - j` for a column joined from several fields, whose text is `joined[j]` in the arena.
    let mapping: [Int]
    /// The text of each joined column (`HeaderMapping.joins`), and the field its problems are placed at.
    private let joined: [(offset: Int, length: Int, field: Int)]
    let columns: [ImportColumn]
    let file: String
    /// The forms the file's days are written in.
    let dateForms: DateForms
    private(set) var failed = false
    // The hot path reads and writes through pointers taken once per row, not through the batch's
    // properties (each class property access is checked for exclusivity at run time).
    private let fields: UnsafeMutablePointer<FieldSpan>
    private var arena: UnsafeMutableRawPointer
    private let output: UnsafeMutablePointer<BindValue>
    private let width: Int
    /// Problems found in the row, listed or not.
    private var problems = 0
    /// Where the row's fields start, once more than one problem needs placing.
    private var starts: [(line: Int, column: Int)]?
    /// Where the first problem past the listed ones is.
    private var firstUnlisted: (line: Int, column: Int)?

    /// Problems one row lists; past them, one more says how many there are (a settings row has a
    /// column per property, and a message per column would make memory follow the width).
    static let listedProblems = 10

    /// A check of one record, binding into `output` (room for `width` values, one per column);
    /// `storage` is the batch's as it is now.
    init(
        batch: RecordBatch, storage: BatchStorage, record: Int, mapping: [Int], columns: [ImportColumn], file: String,
        output: UnsafeMutablePointer<BindValue>, width: Int, dateForms: DateForms = DateForms(),
        joined: [(offset: Int, length: Int, field: Int)] = []
    ) {
        self.dateForms = dateForms
        self.joined = joined
        self.batch = batch
        self.record = record
        self.mapping = mapping
        self.columns = columns
        self.file = file
        fields = storage.fields.base + storage.records[record].firstField
        arena = storage.arena.base
        self.output = output
        self.width = width
    }

    // MARK: Reading

    /// The bytes of a column's field (empty when the file has no such column).
    @inline(__always)
    func bytes(_ column: Int) -> UnsafeRawBufferPointer {
        let field = mapping[column]
        if field >= 0 {
            let span = fields[field]
            return UnsafeRawBufferPointer(start: arena + span.offset, count: span.length)
        }
        guard field < -1 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        let span = joined[-2 - field]
        return UnsafeRawBufferPointer(start: arena + span.offset, count: span.length)
    }

    /// True when the column is empty (or absent): stored as NULL.
    func isEmpty(_ column: Int) -> Bool {
        let field = mapping[column]
        if field >= 0 { return fields[field].length == 0 }
        return field == -1 || joined[-2 - field].length == 0
    }

    /// Runs `body` with the column's bytes.
    @inline(__always)
    func withBytes<T>(_ column: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T { body(bytes(column)) }

    /// The column as text.
    func text(_ column: Int) -> String { String(decoding: bytes(column), as: UTF8.self) }

    // MARK: Binding

    /// Binds a value in the column's place.
    @inline(__always)
    private mutating func bind(_ column: Int, _ value: BindValue) {
        guard column < width else { return }
        output[column] = value
    }

    /// Binds the column's text as it is in the file, or NULL when it is empty.
    mutating func bindField(_ column: Int) {
        let field = mapping[column]
        if field < -1 {
            let span = joined[-2 - field]
            return bind(column, span.length == 0 ? .null : .text(offset: span.offset, length: span.length))
        }
        bind(column, isEmpty(column) ? .null : .field(field))
    }

    mutating func bindNull(_ column: Int) { bind(column, .null) }
    mutating func bindInteger(_ column: Int, _ value: Int64) { bind(column, .integer(value)) }
    mutating func bindReal(_ column: Int, _ value: Double) { bind(column, .real(value)) }

    /// Binds text the rules computed, kept in the batch's arena until it is inserted.
    private mutating func bindText(_ column: Int, _ write: (UnsafeMutableRawPointer) -> Int, capacity: Int) {
        batch.storage.arena.reserve(capacity)
        let offset = batch.storage.arena.count
        let length = write(batch.storage.arena.base + offset)
        batch.storage.arena.commit(length)
        arena = batch.storage.arena.base  // it may have moved to grow
        bind(column, .text(offset: offset, length: length))
    }

    /// Binds a string.
    mutating func bindText(_ column: Int, _ text: String) {
        var copy = text
        copy.withUTF8 { utf8 in
            bindText(
                column,
                {
                    $0.copyMemory(from: utf8.baseAddress!, byteCount: utf8.count)
                    return utf8.count
                }, capacity: utf8.count)
        }
    }

    /// Binds the instant as UTC text (`YYYY-MM-DDTHH:MM:SSZ`), written straight into the arena.
    mutating func bindInstant(_ column: Int, _ seconds: Int64) {
        bindText(
            column,
            {
                Instant.writeUTC(seconds, to: $0)
                return 20
            }, capacity: 20)
    }

    /// The batch says so, for the file's summary.
    mutating func notedWallTime() { batch.readWallTimes = true }

    /// Binds the date as `YYYY-MM-DD`.
    mutating func bindDate(_ column: Int, _ date: LocalDate) { bindText(column, date.description) }

    // MARK: Problems

    /// Reports that a column breaks a rule, at the column's field.
    mutating func fail(_ column: Int, _ violation: RuleViolation) {
        failed = true
        problems += 1
        let mapped = mapping[column]
        let field = mapped < -1 ? joined[-2 - mapped].field : mapped
        let place = place(of: field < 0 ? 0 : field)
        if problems > Self.listedProblems {
            if firstUnlisted == nil { firstUnlisted = place }
            return
        }
        var arguments = violation.arguments
        arguments["column"] = columns[column].label
        // A rule that names another column (`loaned_column`) names it as the file does.
        for (argument, name) in arguments where argument.hasSuffix("_column") {
            if let other = columns.first(where: { $0.name == name }) { arguments[argument] = other.label }
        }
        let key: String
        if !isEmpty(column) {
            arguments["value"] = ImportDiagnostic.shown(text(column))
            key = "import.field-value"
        } else {
            key = "import.field"
        }
        batch.issues.append(
            (
                record,
                ImportDiagnostic(
                    file: file, line: place.line, column: place.column,
                    key: key, arguments: arguments, detail: violation.key)
            ))
    }

    /// Adds, when the row had more problems than it lists, one that says how many more.
    mutating func finish() {
        guard let place = firstUnlisted else { return }
        batch.issues.append(
            (
                record,
                ImportDiagnostic(
                    file: file, line: place.line, column: place.column,
                    key: "import.row.more-problems", arguments: ["limit": String(Self.listedProblems)],
                    counts: ["count": .init(problems - Self.listedProblems, "unit.more-problem")])
            ))
    }

    /// Where a field starts: found directly for a row's first problem, from one pass over the row after.
    private mutating func place(of field: Int) -> (line: Int, column: Int) {
        if let starts { return starts[field] }
        if problems == 1 { return batch.locate(record, field: field) }
        let all = batch.fieldStarts(record)
        starts = all
        return all[field]
    }
}
