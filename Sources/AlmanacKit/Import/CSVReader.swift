import CCSV
import Foundation

/// What the libcsv callbacks work on: a plain struct behind an `UnsafeMutablePointer`, since errors
/// cannot be thrown through C; faults are recorded here and checked after each call.
struct ParseContext {
    var parser: UnsafeMutablePointer<csv_parser>
    /// A placeholder: `CSVReader.fill` swaps the batch's storage in while it parses.
    var storage = BatchStorage(small: true)
    /// The physical line being fed to the parser (lines are fed one at a time). A line ends at LF,
    /// CRLF or a lone CR, as libcsv ends records, even when a file mixes them.
    var line = 1
    /// True between a record's first field and its end.
    var recordOpen = false
    var recordFirstField = 0
    var recordLine = 1

    /// Starts a record at its first field. A quoted first field may span lines; it ends on the line
    /// being fed, so it began as many lines earlier as it holds line breaks.
    mutating func openRecord(firstFieldText bytes: UnsafeRawBufferPointer, quoted: Bool) {
        recordOpen = true
        recordFirstField = storage.fields.count
        recordLine = line - (quoted ? Self.lineBreaks(in: bytes) : 0)
    }

    /// The line breaks in text: each CR, and each LF not right after a CR.
    static func lineBreaks(in bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0, previous: UInt8 = 0
        for byte in bytes {
            if byte == 13 || (byte == 10 && previous != 13) { count += 1 }
            previous = byte
        }
        return count
    }

    mutating func addField(_ data: UnsafeMutableRawPointer?, _ length: Int) {
        // libcsv keeps its state in locals during a call, so `parser.quoted` is stale here. A quoted
        // field leaves its closing quote in the entry buffer just past the text; everything a field
        // writes is zeroed after it (and new buffer memory is zeroed), so a quote there is this field's.
        let size = parser.pointee.entry_size
        var quoted = false
        if let data {
            quoted = length < size && data.load(fromByteOffset: length, as: UInt8.self) == 34
        }
        if !recordOpen { openRecord(firstFieldText: UnsafeRawBufferPointer(start: data, count: length), quoted: quoted) }
        let offset = storage.arena.append(data, length)
        storage.fields.append(FieldSpan(offset: offset, length: length, quoted: quoted))
        if let data { memset(data, 0, min(length + 1, size)) }
    }

    mutating func endRecord() {
        if !recordOpen { return }
        storage.records.append(RecordSpan(firstField: recordFirstField, fieldCount: storage.fields.count - recordFirstField, line: recordLine))
        recordOpen = false
    }
}

private let onField: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = { data, length, context in
    context!.assumingMemoryBound(to: ParseContext.self).pointee.addField(data, length)
}

private let onRecord: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { _, context in
    context!.assumingMemoryBound(to: ParseContext.self).pointee.endRecord()
}

/// How much libcsv's entry buffer grows at a time.
private let entryBlock = 1 << 16

/// libcsv grows its entry buffer by `entryBlock` bytes with this; the new bytes are zeroed (see
/// `ParseContext.addField`).
private let zeroingRealloc: @convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer? = { old, size in
    guard let memory = realloc(old, size) else { return nil }
    let grown = min(size, entryBlock)
    memset(memory + (size - grown), 0, grown)
    return memory
}

/// A streaming CSV reader on libcsv in strict mode. It reads large chunks, feeds the parser one
/// physical line at a time (so every field knows its line), and fills `RecordBatch`es; memory stays
/// the size of a chunk and a batch, however long the file.
final class CSVReader {
    static let chunkSize = 1 << 20
    /// The longest field accepted. Memory must not follow the file, and a field this long is nearly
    /// always a quote that was never closed.
    static let maximumField = 8 << 20
    /// A batch also ends after this many bytes of fields, so long rows do not make batches large.
    static let batchBytes = 4 << 20
    private let input: InputFile
    private let delimiter: UInt8
    private let transcoder: Transcoder?
    private let context: UnsafeMutablePointer<ParseContext>
    private let parser: UnsafeMutablePointer<csv_parser>
    private let chunk: UnsafeMutableRawPointer
    /// The chunk's size: `chunkSize`, or less for a smaller file (small imports allocate little).
    private let chunkCapacity: Int
    private var text = UnsafeRawBufferPointer(start: nil, count: 0)
    private var position = 0
    private var atStart = true
    private var finished = false
    /// Characters of the current physical line already fed (a line may span two chunks).
    private var lineCharacters = 0
    /// After a fault the rest of its line is skipped into the faulty record's last field.
    private var skippingLine = false
    /// Where the next LF and CR are in the chunk (-1: not looked for yet).
    private var nextLF = -1, nextCR = -1
    /// True when the last chunk ended with a CR.
    private var crEndedChunk = false
    private var hash = SHA256()

    /// Bytes read from the file so far.
    private(set) var bytesRead = 0
    /// The SHA-256 of the file's bytes, once it has been read to the end.
    private(set) var digest: String?

    init(input: InputFile, delimiter: UInt8, encoding: TextEncoding) {
        self.input = input
        self.delimiter = delimiter
        transcoder = encoding.transcoder()
        parser = .allocate(capacity: 1)
        context = .allocate(capacity: 1)
        context.initialize(to: ParseContext(parser: parser))
        chunkCapacity = min(Self.chunkSize, max(input.size.map { $0 + 1 } ?? Self.chunkSize, 4096))
        chunk = .allocate(byteCount: chunkCapacity, alignment: 16)
        resetParser(first: true)
    }

    deinit {
        csv_free(parser)
        context.pointee.storage.free()
        context.deinitialize(count: 1)
        context.deallocate()
        parser.deallocate()
        chunk.deallocate()
    }

    private func resetParser(first: Bool = false) {
        if !first { csv_free(parser) }
        csv_init(parser, UInt8(CSV_STRICT | CSV_STRICT_FINI))
        csv_set_delim(parser, delimiter)
        csv_set_space_func(parser, almanac_csv_no_space)
        csv_set_blk_size(parser, entryBlock)
        csv_set_realloc_func(parser, zeroingRealloc)
    }

    /// Fills `batch` with whole records until it holds about `records` of them or the file ends.
    /// Returns false once the file has been read to the end (the batch may still hold records).
    func fill(_ batch: RecordBatch, records limit: Int) throws -> Bool {
        swap(&batch.storage, &context.pointee.storage)
        defer {
            swap(&batch.storage, &context.pointee.storage)
            batch.bytesRead = bytesRead
        }
        while true {
            if position == text.count {
                if finished { return false }
                if try !readChunk() {
                    finish()
                    return false
                }
                continue
            }
            feedLine()
            let full = context.pointee.storage.records.count >= limit || context.pointee.storage.arena.count >= Self.batchBytes
            if full && !context.pointee.recordOpen && !skippingLine { return true }
        }
    }

    private func readChunk() throws -> Bool {
        var count = try input.read(into: chunk, count: chunkCapacity)
        // The byte-order mark is looked for in the first three bytes, even from a slow pipe.
        while atStart && count > 0 && count < 3 {
            let more = try input.read(into: chunk + count, count: chunkCapacity - count)
            if more == 0 { break }
            count += more
        }
        if count == 0 { return false }
        let raw = UnsafeRawBufferPointer(start: chunk, count: count)
        bytesRead += count
        hash.update(raw)
        text = transcoder?.convert(raw) ?? raw
        position = 0
        nextLF = -1
        nextCR = -1
        if atStart {
            atStart = false
            if text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF { position = 3 }
        }
        return true
    }

    /// One past the next line break in the chunk (LF, CRLF or a lone CR), or nil when the chunk ends
    /// first. Where each byte comes next is remembered, so every byte is searched once (memchr).
    private func nextLineEnd() -> Int? {
        func find(_ byte: UInt8) -> Int {
            memchr(text.baseAddress! + position, Int32(byte), text.count - position).map {
                UnsafeRawPointer($0) - text.baseAddress!
            } ?? text.count
        }
        if nextLF < position { nextLF = find(10) }
        if nextCR < position { nextCR = find(13) }
        if nextLF < nextCR { return nextLF + 1 }
        guard nextCR < text.count else { return nil }
        guard nextCR + 1 < text.count else {
            // A CR that ends the chunk: an LF that starts the next one belongs to it.
            crEndedChunk = true
            return nextCR + 1
        }
        return text[nextCR + 1] == 10 ? nextCR + 2 : nextCR + 1
    }

    private func feedLine() {
        let start = text.baseAddress! + position
        if crEndedChunk {
            crEndedChunk = false
            if position == 0 && text[0] == 10 {
                // The LF of a CRLF split between chunks: the line ended with its CR.
                if !skippingLine { _ = csv_parse(parser, start, 1, onField, onRecord, context) }
                position = 1
                return
            }
        }
        let end = nextLineEnd()
        let lineEnded = end != nil
        let length = (end ?? text.count) - position
        position += length
        if skippingLine {
            appendToLastField(start, !lineEnded ? length : lineContentLength(start, length))
            if lineEnded { endLine(); skippingLine = false }
            return
        }
        let consumed = csv_parse(parser, start, length, onField, onRecord, context)
        if parser.pointee.entry_pos > Self.maximumField {
            // Stop here: the record is closed as faulty with its field left out, and reading ends.
            // The line break just fed is inside the field, so it counts before the field's start is found.
            if lineEnded { endLine() }
            if !context.pointee.recordOpen {
                let entry = UnsafeRawBufferPointer(start: parser.pointee.entry_buf, count: parser.pointee.entry_pos)
                context.pointee.openRecord(firstFieldText: entry, quoted: parser.pointee.quoted != 0)
            }
            parser.pointee.entry_pos = 0
            closeFaultyRecord(.fieldTooLong, line: 0, column: 0, rest: UnsafeRawBufferPointer(start: nil, count: 0))
            finished = true
            text = UnsafeRawBufferPointer(start: nil, count: 0)
            position = 0
            return
        }
        if consumed < length {
            recordParseFault(start: start, consumed: consumed, length: length, lineEnded: lineEnded)
        } else if lineEnded {
            endLine()
        } else {
            lineCharacters += TextCheck.characterCount(UnsafeRawBufferPointer(start: start, count: length))
        }
    }

    private func endLine() {
        context.pointee.line += 1
        lineCharacters = 0
    }

    /// The length of a line without its LF, CRLF or CR.
    private func lineContentLength(_ start: UnsafeRawPointer, _ length: Int) -> Int {
        var end = length
        if end > 0 && start.load(fromByteOffset: end - 1, as: UInt8.self) == 10 { end -= 1 }
        if end > 0 && start.load(fromByteOffset: end - 1, as: UInt8.self) == 13 { end -= 1 }
        return end
    }

    /// libcsv stopped at a byte strict mode refuses. The record keeps the fields read so far and, as
    /// its last field, the field in progress with the rest of the line, so a rejects file loses nothing;
    /// parsing resumes on the next line.
    private func recordParseFault(start: UnsafeRawPointer, consumed: Int, length: Int, lineEnded: Bool) {
        let column = lineCharacters + TextCheck.characterCount(UnsafeRawBufferPointer(start: start, count: consumed)) + 1
        let byte = start.load(fromByteOffset: consumed, as: UInt8.self)
        let fault: ParseFault = byte == UInt8(ascii: "\"") && parser.pointee.quoted == 0 ? .unexpectedQuote : .textAfterQuote
        let rest = UnsafeRawBufferPointer(start: start + consumed, count: lineContentLength(start, length) - consumed)
        closeFaultyRecord(fault, line: context.pointee.line, column: column, rest: rest)
        resetParser()
        if lineEnded { endLine() } else { skippingLine = true }
    }

    private func closeFaultyRecord(_ fault: ParseFault, line: Int, column: Int, rest: UnsafeRawBufferPointer) {
        let entry = UnsafeRawBufferPointer(start: parser.pointee.entry_buf, count: parser.pointee.entry_pos)
        let quoted = parser.pointee.quoted != 0
        if !context.pointee.recordOpen { context.pointee.openRecord(firstFieldText: entry, quoted: quoted) }
        var storage = context.pointee.storage
        let offset = storage.arena.count
        if quoted && fault != .unterminatedQuote && fault != .fieldTooLong { storage.arena.append("\"", 1) }
        storage.arena.append(entry.baseAddress, entry.count)
        storage.arena.append(rest.baseAddress, rest.count)
        storage.fields.append(FieldSpan(offset: offset, length: storage.arena.count - offset,
            quoted: fault == .unterminatedQuote || (fault == .fieldTooLong && quoted)))
        context.pointee.storage = storage
        context.pointee.endRecord()
        let last = context.pointee.storage.records.count - 1
        context.pointee.storage.records[last].fault = fault
        context.pointee.storage.records[last].faultLine = line
        context.pointee.storage.records[last].faultColumn = column
    }

    private func appendToLastField(_ start: UnsafeRawPointer, _ length: Int) {
        let index = context.pointee.storage.fields.count - 1
        context.pointee.storage.arena.append(start, length)
        context.pointee.storage.fields[index].length += length
    }

    private func finish() {
        finished = true
        digest = hash.finalize()
        if csv_fini(parser, onField, onRecord, context) != 0 {
            // A quoted field was still open: it ran to the end of the file.
            closeFaultyRecord(.unterminatedQuote, line: 0, column: 0, rest: UnsafeRawBufferPointer(start: nil, count: 0))
        }
        context.pointee.endRecord()
    }
}
