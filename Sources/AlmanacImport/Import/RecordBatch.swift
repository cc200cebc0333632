import AlmanacKinds
import Foundation

/// A growable buffer of plain values in raw memory, for the parser's C callbacks: no reference
/// counting and no copy-on-write on the hot path. Its owner frees it.
struct PlainBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    // Inlined into the parser's callbacks, with the rare growth kept out of line.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    var last: Element? { count > 0 ? base[count - 1] : nil }
    mutating func removeAll() { count = 0 }
    func free() { base.deallocate() }
}

/// Bytes appended end to end; fields are found again by offset, since the memory may move as it grows.
struct ByteArena {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(byteCount: self.capacity, alignment: 8)
    }

    /// Appends bytes and returns the offset they start at (inlined into the parser's callbacks).
    @discardableResult @inline(__always)
    mutating func append(_ bytes: UnsafeRawPointer?, _ length: Int) -> Int {
        let offset = count
        reserve(length)
        if length > 0, let bytes { (base + count).copyMemory(from: bytes, byteCount: length) }
        count += length
        return offset
    }

    /// Makes room for `length` more bytes and returns where they go; `commit` makes them part of the arena.
    @inline(__always)
    mutating func reserve(_ length: Int) {
        if count + length > capacity { grow(to: count + length) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        var size = capacity * 2
        while size < needed { size *= 2 }
        let bigger = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        bigger.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = bigger
        capacity = size
    }

    /// Adds `length` bytes already written at `base + count` (after `reserve`).
    mutating func commit(_ length: Int) { count += length }

    /// The bytes at an offset.
    func bytes(_ offset: Int, _ length: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + offset, count: length)
    }

    mutating func removeAll() { count = 0 }
    func free() { base.deallocate() }
}

/// Where one field's text lies in the arena, and whether it was quoted in the file.
struct FieldSpan: BitwiseCopyable {
    var offset: Int
    var length: Int
    var quoted: Bool
}

/// A structural fault the parser met inside a record.
enum ParseFault: UInt8, BitwiseCopyable {
    case none = 0
    /// A quote inside a field that did not start with one (`ab"c`).
    case unexpectedQuote
    /// Something other than a delimiter or line end right after a closing quote (`"ab"c`).
    case textAfterQuote
    /// A quoted field still open at the end of the file.
    case unterminatedQuote
    /// A field longer than `CSVReader.maximumField`; reading stops there.
    case fieldTooLong
}

/// One record: its fields, the physical line it starts on, and a fault if the parser stopped in it.
struct RecordSpan: BitwiseCopyable {
    var firstField: Int
    /// The fields kept (see `ParseContext.fieldLimit`).
    var fieldCount: Int
    var line: Int
    /// Fields past the ones kept, counted only.
    var dropped = 0
    /// True when one of them has a name (a header's; false for every other record).
    var namedPastKept = false
    var fault: ParseFault = .none
    /// Where the fault is: the offending character, or the start of the field it concerns.
    var faultLine = 0
    var faultColumn = 0

    /// Every field the record has, kept or not.
    var fieldsFound: Int { fieldCount + dropped }
}

/// What the parser fills: fields and records in raw memory.
struct BatchStorage {
    var arena: ByteArena
    var fields: PlainBuffer<FieldSpan>
    var records: PlainBuffer<RecordSpan>

    /// Room for a batch's usual records; each part doubles when a batch needs more, and batches are
    /// reused, so a long import grows them once. `small` is a placeholder's few bytes.
    init(small: Bool = false) {
        arena = ByteArena(capacity: small ? 64 : 1 << 16)
        fields = PlainBuffer(capacity: small ? 16 : 1 << 12)
        records = PlainBuffer(capacity: small ? 16 : 1 << 9)
    }

    mutating func removeAll() {
        arena.removeAll()
        fields.removeAll()
        records.removeAll()
    }

    func free() {
        arena.free()
        fields.free()
        records.free()
    }
}

/// A value to bind to one parameter of an insert.
enum BindValue {
    case null
    /// The text of a field of the record, straight from the arena.
    case field(Int)
    /// Text the rules computed (a normalized instant), stored in the arena.
    case text(offset: Int, length: Int)
    case integer(Int64)
    case real(Double)
}

/// A batch of records on its way from the parsing thread to the inserting one: the parsed fields,
/// the values each row binds, and the problems found in rows.
final class RecordBatch: @unchecked Sendable {
    var storage = BatchStorage()
    /// `width` values per record, in parameter order.
    var values = ContiguousArray<BindValue>()
    var width = 0
    /// Problems found, by record index, in file order.
    var issues: [(record: Int, diagnostic: ImportDiagnostic)] = []
    /// Records that are not rows (the header); they are skipped by the inserter.
    var skipped = IndexSet()
    /// Records with a problem; they are not inserted.
    var invalid = IndexSet()
    /// Bytes of the file read when the batch was filled, for progress.
    var bytesRead = 0
    /// True for the last batch of a file.
    var isLast = false
    /// The file's form as the reader settled it (its delimiter, for a rejects file).
    var dialect = FileDialect(delimiter: 44)
    /// A problem that stops the whole file (a bad header, an empty file).
    var fatal: [ImportDiagnostic] = []
    /// True when a row's date and time without an offset was read in the user's zone.
    var readWallTimes = false

    deinit { storage.free() }

    func reset() {
        storage.removeAll()
        values.removeAll(keepingCapacity: true)
        issues.removeAll(keepingCapacity: true)
        skipped = IndexSet()
        invalid = IndexSet()
        fatal.removeAll()
        isLast = false
        readWallTimes = false
    }

    var recordCount: Int { storage.records.count }
    func record(_ index: Int) -> RecordSpan { storage.records[index] }

    /// The bytes of a record's field.
    func field(_ record: Int, _ field: Int) -> UnsafeRawBufferPointer {
        let span = storage.fields[storage.records[record].firstField + field]
        return storage.arena.bytes(span.offset, span.length)
    }

    /// The text of a record's field (invalid UTF-8 is replaced, for messages only).
    func string(_ record: Int, _ field: Int) -> String { String(decoding: self.field(record, field), as: UTF8.self) }

    /// Every field of a record as text.
    func strings(_ record: Int) -> [String] { (0..<storage.records[record].fieldCount).map { string(record, $0) } }

    /// The line and 1-based character column where a field starts in the file (at its opening quote),
    /// or where byte `offset` of its text is.
    func locate(_ record: Int, field target: Int, byte offset: Int? = nil) -> (line: Int, column: Int) {
        let span = storage.records[record]
        var place = FieldWalker(line: span.line)
        for index in 0..<min(target, span.fieldCount) {
            place.pass(storage.fields[span.firstField + index], storage.arena)
        }
        if let offset, target < span.fieldCount {
            let field = storage.fields[span.firstField + target]
            place.enter(field, storage.arena, upTo: offset)
        }
        return (place.line, place.column)
    }

    /// Where each kept field of a record starts, and where one more would, in one pass: for placing
    /// many problems in one record (`locate` walks the fields before its target each time).
    func fieldStarts(_ record: Int) -> [(line: Int, column: Int)] {
        let span = storage.records[record]
        var place = FieldWalker(line: span.line)
        var starts: [(line: Int, column: Int)] = []
        starts.reserveCapacity(span.fieldCount + 1)
        for index in 0..<span.fieldCount {
            starts.append((place.line, place.column))
            place.pass(storage.fields[span.firstField + index], storage.arena)
        }
        starts.append((place.line, place.column))
        return starts
    }
}

/// Walks a record's text from the field texts, which is exact because quoted fields are written back
/// with their quotes doubled and nothing else differs: line breaks (LF, CRLF or CR) start lines, and
/// columns count characters.
private struct FieldWalker {
    var line: Int
    var column = 1

    init(line: Int) { self.line = line }

    /// Moves past a whole field and its delimiter.
    mutating func pass(_ field: FieldSpan, _ arena: ByteArena) {
        enter(field, arena, upTo: field.length)
        column += field.quoted ? 2 : 1  // the closing quote, then the delimiter
    }

    /// Moves from a field's start to byte `offset` of its text.
    mutating func enter(_ field: FieldSpan, _ arena: ByteArena, upTo offset: Int) {
        if field.quoted { column += 1 }
        var previous: UInt8 = 0
        for byte in arena.bytes(field.offset, min(offset, field.length)) {
            if byte == 13 || (byte == 10 && previous != 13) {
                line += 1
                column = 1
            } else if byte != 10 && byte & 0xC0 != 0x80 {
                column += field.quoted && byte == 34 ? 2 : 1
            }
            previous = byte
        }
    }
}
