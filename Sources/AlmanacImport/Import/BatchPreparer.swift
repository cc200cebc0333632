import AlmanacKinds
import AlmanacText

/// The parsing thread's second step: reads the header, then checks every record of a batch (its
/// structure, its bytes, its kind's rules) and lays out the values to insert.
final class BatchPreparer {
    let file: String
    let kind: ImportKind
    let rules: any RowRules
    /// The file's encoding as the reader settled it (for the words of an encoding error), and the
    /// forms of its days.
    private var encoding = TextEncoding.utf8
    private var dates = DateForms()
    /// True for a file reached through a link: an unknown column is named by number (`HeaderMapping`).
    let throughLink: Bool
    private(set) var mapping: HeaderMapping?
    /// The file's header as written, once read.
    private(set) var header: [String]?
    private let columns: [ImportColumn]

    /// One row's values, reused: `RowCheck` binds here and the row is appended to the batch at once.
    private let rowValues: UnsafeMutablePointer<BindValue>
    private let width: Int

    /// `--map`: the file's columns read as others, or left out.
    private let renames: [String: String]

    init(
        file: String, kind: ImportKind, rules: any RowRules, renames: [String: String] = [:], throughLink: Bool = false
    ) {
        self.renames = renames
        self.file = file
        self.throughLink = throughLink
        self.kind = kind
        self.rules = rules
        columns = rules.columns
        width = columns.count
        rowValues = .allocate(capacity: max(width, 1))
    }

    deinit { rowValues.deallocate() }

    /// Checks the batch's records. `atEnd` is true when the file has been read to its end.
    func prepare(_ batch: RecordBatch, atEnd: Bool) {
        encoding = batch.dialect.encoding
        dates = batch.dialect.dates
        batch.width = width
        batch.values.reserveCapacity(batch.recordCount * width)
        for record in 0..<batch.recordCount {
            // Every record has `width` values, so a row's values are found by its index; a column
            // the rules bind nothing to is NULL.
            for index in 0..<width { rowValues[index] = .null }
            if let mapping {
                check(batch, record, mapping)
            } else {
                batch.skipped.insert(record)
                if !readHeader(batch, record) { return }
            }
            batch.values.append(contentsOf: UnsafeBufferPointer(start: rowValues, count: width))
        }
        if atEnd && mapping == nil && batch.fatal.isEmpty {
            batch.fatal = [ImportDiagnostic(file: file, line: 1, column: 1, key: "import.error.empty-file")]
        }
    }

    private func readHeader(_ batch: RecordBatch, _ record: Int) -> Bool {
        var problems = structuralProblems(batch, batch.storage, record, expectedWidth: nil)
        if problems.isEmpty {
            let result = HeaderMapping.map(
                batch, record: record, columns: columns, kind: kind, file: file, renames: renames,
                throughLink: throughLink)
            if let found = result.mapping {
                mapping = found
                header = batch.strings(record)
                return true
            }
            problems = result.problems
        }
        batch.fatal = problems
        return false
    }

    /// Checks a record, binding its values into `rowValues`.
    private func check(_ batch: RecordBatch, _ record: Int, _ mapping: HeaderMapping) {
        // The batch's storage is read once a row (each read of a class's property is checked for
        // exclusive access at run time), and not kept past it: the rules may grow its arena.
        let storage = batch.storage
        let span = storage.records[record]
        if span.fault == .fieldTooLong {
            batch.skipped.insert(record)
            batch.fatal = structuralProblems(batch, storage, record, expectedWidth: nil)
            return
        }
        if Self.isSeparatorsOnly(span, storage.fields) {
            // A spreadsheet's empty row (`;;;`): nothing in it, so nothing is lost.
            batch.skipped.insert(record)
            return
        }
        var problems = structuralProblems(batch, storage, record, expectedWidth: mapping.width)
        if problems.isEmpty && mapping.namedWidth < mapping.width {
            problems = valuesInUnnamedColumns(batch, record, from: mapping.namedWidth)
        }
        if !problems.isEmpty {
            batch.invalid.insert(record)
            for problem in problems { batch.issues.append((record, problem)) }
            return
        }
        // Joined columns are written into the arena first: it may move as it grows.
        let joined = mapping.joins.isEmpty ? [] : join(batch, record, mapping.joins)
        var row = RowCheck(
            batch: batch, storage: batch.storage, record: record, mapping: mapping.fields, columns: mapping.shown,
            file: file, output: rowValues, width: width, dateForms: dates, joined: joined)
        rules.check(&row)
        row.finish()
        if row.failed { batch.invalid.insert(record) }
    }

    /// The text of each joined column (`--map 'Start Date+Start Time=starts_at'`), written into the
    /// batch's arena: its fields' texts, trimmed, the empty ones left out, joined by a space.
    private func join(_ batch: RecordBatch, _ record: Int, _ joins: [[Int]]) -> [(
        offset: Int, length: Int, field: Int
    )] {
        joins.map { fields in
            let parts = fields.map { batch.string(record, $0).trimmingSpaces() }.filter { !$0.isEmpty }
            var text = parts.joined(separator: " ")
            let offset = batch.storage.arena.count
            text.withUTF8 { utf8 in
                batch.storage.arena.reserve(utf8.count)
                if let source = utf8.baseAddress {
                    (batch.storage.arena.base + offset).copyMemory(from: source, byteCount: utf8.count)
                }
                batch.storage.arena.commit(utf8.count)
            }
            return (offset, text.utf8.count, fields[0])
        }
    }

    /// True for a record of empty, unquoted fields only: a line of delimiters.
    private static func isSeparatorsOnly(_ span: RecordSpan, _ fields: PlainBuffer<FieldSpan>) -> Bool {
        guard span.fault == .none, span.dropped == 0 else { return false }
        for index in span.firstField..<(span.firstField + span.fieldCount)
        where fields[index].length > 0 || fields[index].quoted {
            return false
        }
        return true
    }

    /// A value in a trailing column the header left unnamed: never dropped silently.
    private func valuesInUnnamedColumns(_ batch: RecordBatch, _ record: Int, from first: Int) -> [ImportDiagnostic] {
        for field in first..<batch.record(record).fieldCount where !batch.field(record, field).isEmpty {
            let place = batch.locate(record, field: field)
            return [
                ImportDiagnostic(
                    file: file, line: place.line, column: place.column, key: "import.error.value-in-unnamed-column",
                    arguments: [
                        "number": String(field + 1), "value": ImportDiagnostic.shown(batch.string(record, field)),
                    ])
            ]
        }
        return []
    }

    /// Parse faults, a wrong number of fields, NUL bytes and invalid text, each at its place.
    private func structuralProblems(_ batch: RecordBatch, _ storage: BatchStorage, _ record: Int, expectedWidth: Int?)
        -> [ImportDiagnostic]
    {
        let span = storage.records[record]
        func at(_ place: (line: Int, column: Int), _ key: String, _ arguments: [String: String] = [:])
            -> ImportDiagnostic
        {
            ImportDiagnostic(file: file, line: place.line, column: place.column, key: key, arguments: arguments)
        }
        switch span.fault {
        case .none: break
        case .unexpectedQuote: return [at((span.faultLine, span.faultColumn), "import.error.unexpected-quote")]
        case .textAfterQuote: return [at((span.faultLine, span.faultColumn), "import.error.text-after-quote")]
        case .unterminatedQuote: return [at((span.faultLine, span.faultColumn), "import.error.unterminated-quote")]
        case .fieldTooLong:
            return [
                at(
                    (span.faultLine, span.faultColumn), "import.error.field-too-long",
                    ["limit": String(CSVReader.maximumField >> 20) + " MiB"])
            ]
        }
        for field in 0..<span.fieldCount {
            let spanOfField = storage.fields[span.firstField + field]
            let bytes = storage.arena.bytes(spanOfField.offset, spanOfField.length)
            guard let (offset, problem) = TextCheck.firstProblem(in: bytes) else { continue }
            let place = batch.locate(record, field: field, byte: offset)
            switch problem {
            case .nul: return [at(place, "import.error.nul-byte")]
            case .byteOrderMark: return [at(place, "import.error.byte-order-mark")]
            case .invalidUTF8(let byte):
                switch encoding {
                case .utf8:
                    let key =
                        looksLikeWindows1251(batch, record)
                        ? "import.error.invalid-utf8.windows-1251" : "import.error.invalid-utf8"
                    return [at(place, key, ["byte": hex(byte)])]
                case .utf16LE, .utf16BE:
                    return [at(place, "import.error.invalid-utf16", ["encoding": encoding.rawValue])]
                default: return [at(place, "import.error.invalid-byte", ["encoding": encoding.rawValue])]
                }
            }
        }
        if let expectedWidth, span.fieldsFound != expectedWidth {
            let arguments = ["expected": String(expectedWidth), "found": String(span.fieldsFound)]
            if span.fieldsFound > expectedWidth {
                return [at(batch.locate(record, field: expectedWidth), "import.error.too-many-fields", arguments)]
            }
            var end = batch.locate(record, field: span.fieldCount)
            end.column -= 1
            return [at(end, "import.error.too-few-fields", arguments)]
        }
        return []
    }

    /// True when the record's bytes read as Cyrillic in windows-1251 (`TextEncoding.looksLikeWindows1251`).
    private func looksLikeWindows1251(_ batch: RecordBatch, _ record: Int) -> Bool {
        var counts = (high: 0, letters: 0)
        for field in 0..<batch.record(record).fieldCount {
            TextEncoding.cyrillicCounts(batch.field(record, field), into: &counts)
        }
        return TextEncoding.looksLikeWindows1251(counts)
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}
