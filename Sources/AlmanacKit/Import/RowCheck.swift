import Foundation

/// One column of a kind's CSV format.
public struct ImportColumn: Hashable, Sendable {
    /// The header name (`due_on`).
    public let name: String
    /// True when every row must give a value.
    public let required: Bool

    /// A column.
    public init(_ name: String, required: Bool = false) {
        self.name = name
        self.required = required
    }
}

/// The rules of one kind: its columns, and how a record becomes the values of an insert.
/// They run on the parsing thread, so they are pure: no database.
protocol RowRules {
    /// The columns, in the order export writes them.
    var columns: [ImportColumn] { get }
    /// How many values `check` binds per row.
    var width: Int { get }
    /// Checks one record, binding values in parameter order or failing on columns.
    func check(_ row: inout RowCheck)
}

/// One record being checked: read its fields by column, bind values, report problems at their place.
struct RowCheck {
    let batch: RecordBatch
    let record: Int
    /// For each column of the kind, the field that holds it, or -1 when the file has no such column.
    let mapping: [Int]
    let columns: [ImportColumn]
    let file: String
    private(set) var failed = false
    // The hot path reads and writes through pointers taken once per row, not through the batch's
    // properties (each class property access is checked for exclusivity at run time).
    private let fields: UnsafeMutablePointer<FieldSpan>
    private var arena: UnsafeMutableRawPointer
    private let output: UnsafeMutablePointer<BindValue>
    private let width: Int
    /// How many values have been bound.
    private(set) var bound = 0
    /// Problems found in the row, listed or not.
    private var problems = 0
    /// Where the row's fields start, once more than one problem needs placing.
    private var starts: [(line: Int, column: Int)]?
    /// Where the first problem past the listed ones is.
    private var firstUnlisted: (line: Int, column: Int)?

    /// Problems one row lists; past them, one more says how many there are (a settings row has a
    /// column per property, and a message per column would make memory follow the width).
    static let listedProblems = 10

    /// A check of one record, binding into `output` (room for `width` values).
    init(batch: RecordBatch, record: Int, mapping: [Int], columns: [ImportColumn], file: String,
         output: UnsafeMutablePointer<BindValue>, width: Int) {
        self.batch = batch
        self.record = record
        self.mapping = mapping
        self.columns = columns
        self.file = file
        let storage = batch.storage
        fields = storage.fields.base + storage.records[record].firstField
        arena = storage.arena.base
        self.output = output
        self.width = width
    }

    // MARK: Reading

    /// The bytes of a column's field (empty when the file has no such column).
    func bytes(_ column: Int) -> UnsafeRawBufferPointer {
        let field = mapping[column]
        guard field >= 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        let span = fields[field]
        return UnsafeRawBufferPointer(start: arena + span.offset, count: span.length)
    }

    /// True when the column is empty (or absent): stored as NULL.
    func isEmpty(_ column: Int) -> Bool {
        let field = mapping[column]
        return field < 0 || fields[field].length == 0
    }

    /// The column as text.
    func text(_ column: Int) -> String { String(decoding: bytes(column), as: UTF8.self) }

    // MARK: Binding

    /// Binds a value (the next parameter).
    mutating func bind(_ value: BindValue) {
        guard bound < width else { return }
        output[bound] = value
        bound += 1
    }

    /// Binds the column's text as it is in the file, or NULL when it is empty.
    mutating func bindField(_ column: Int) {
        bind(isEmpty(column) ? .null : .field(mapping[column]))
    }

    /// Binds text the rules computed, kept in the batch's arena until it is inserted.
    mutating func bindText(_ write: (UnsafeMutableRawPointer) -> Int, capacity: Int) {
        batch.storage.arena.reserve(capacity)
        let offset = batch.storage.arena.count
        let length = write(batch.storage.arena.base + offset)
        batch.storage.arena.commit(length)
        arena = batch.storage.arena.base  // it may have moved to grow
        bind(.text(offset: offset, length: length))
    }

    /// Binds a string.
    mutating func bindText(_ text: String) {
        var copy = text
        copy.withUTF8 { utf8 in
            bindText({ $0.copyMemory(from: utf8.baseAddress!, byteCount: utf8.count); return utf8.count }, capacity: utf8.count)
        }
    }

    // MARK: Problems

    /// Reports that a column breaks a rule, at the column's field.
    mutating func fail(_ column: Int, _ violation: RuleViolation) {
        failed = true
        problems += 1
        let field = mapping[column]
        let place = place(of: field < 0 ? 0 : field)
        if problems > Self.listedProblems {
            if firstUnlisted == nil { firstUnlisted = place }
            return
        }
        var arguments = violation.arguments
        arguments["column"] = columns[column].name
        let key: String
        if field >= 0 && !batch.field(record, field).isEmpty {
            arguments["value"] = ImportDiagnostic.shown(text(column))
            key = "import.field-value"
        } else {
            key = "import.field"
        }
        batch.issues.append((record, ImportDiagnostic(file: file, line: place.line, column: place.column,
            key: key, arguments: arguments, detail: violation.key)))
    }

    /// Adds, when the row had more problems than it lists, one that says how many more.
    mutating func finish() {
        guard let place = firstUnlisted else { return }
        batch.issues.append((record, ImportDiagnostic(file: file, line: place.line, column: place.column,
            key: "import.row.more-problems", arguments: ["limit": String(Self.listedProblems)],
            counts: ["count": .init(problems - Self.listedProblems, "unit.more-problem")])))
    }

    /// Where a field starts: found directly for a row's first problem, from one pass over the row after.
    private mutating func place(of field: Int) -> (line: Int, column: Int) {
        if let starts { return starts[field] }
        if problems == 1 { return batch.locate(record, field: field) }
        let all = batch.fieldStarts(record)
        starts = all
        return all[field]
    }

    /// Fails when a required column is empty; true when it has a value.
    mutating func require(_ column: Int) -> Bool {
        if isEmpty(column) {
            fail(column, RuleViolation("rule.required"))
            return false
        }
        return true
    }

    // MARK: Typed fields

    /// The column as a date, failing when it is not `YYYY-MM-DD` or the day does not exist.
    mutating func date(_ column: Int) -> LocalDate? {
        if let date = LocalDate(bytes: bytes(column)) { return date }
        fail(column, RuleViolation("rule.not-a-date"))
        return nil
    }

    /// The column as an instant (seconds since the epoch), failing when it is not an ISO 8601 date-time
    /// or falls outside the years 1 to 9999 in UTC.
    mutating func instant(_ column: Int, zone: Zone) -> Int64? {
        if let seconds = Instant.seconds(iso8601: bytes(column), zone: zone) { return seconds }
        let outside = Instant.isOutsideStorableYears(iso8601: bytes(column), zone: zone)
        fail(column, RuleViolation(outside ? "rule.datetime-out-of-range" : "rule.not-a-datetime"))
        return nil
    }

    /// The column as a whole number.
    mutating func integer(_ column: Int) -> Int64? {
        let bytes = self.bytes(column)
        var value: Int64 = 0
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { index = 1 }
        guard index < bytes.count, bytes.count - index <= 18 else {
            fail(column, RuleViolation("rule.not-an-integer"))
            return nil
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 48 && byte <= 57 else {
                fail(column, RuleViolation("rule.not-an-integer"))
                return nil
            }
            value = value * 10 + Int64(byte - 48)
            index += 1
        }
        return negative ? -value : value
    }

    /// Binds the column as a row id, or NULL when it is empty so that SQLite assigns one.
    mutating func bindOptionalID(_ column: Int) {
        if isEmpty(column) {
            bind(.null)
        } else if let id = integer(column) {
            bind(.integer(id))
        }
    }

    /// The column as an exact decimal number.
    mutating func decimal(_ column: Int) -> DecimalNumber? {
        if let number = DecimalNumber(text(column)) { return number }
        fail(column, RuleViolation("rule.not-a-number"))
        return nil
    }

    /// Binds the instant as UTC text (`YYYY-MM-DDTHH:MM:SSZ`).
    mutating func bindInstant(_ seconds: Int64) {
        bindText({ Instant.writeUTC(seconds, to: $0); return 20 }, capacity: 20)
    }

    /// Binds the date as `YYYY-MM-DD`.
    mutating func bindDate(_ date: LocalDate) { bindText(date.description) }
}
