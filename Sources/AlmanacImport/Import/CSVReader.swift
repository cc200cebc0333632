import AlmanacKinds
import AlmanacText
import CCSV
import Foundation

#if FUZZING
    /// The fuzz build compiles AlmanacKit's sources alone with swiftc (Tests/Fuzz/fuzz.sh), without
    /// swift-crypto; no invariant it checks reads the digest, so it is left empty there.
    struct SHA256 {
        mutating func update(bufferPointer: UnsafeRawBufferPointer) {}
        func finalize() -> [UInt8] { [] }
    }
#else
    import Crypto
#endif

/// A streaming CSV reader on libcsv in strict mode. It reads large chunks, feeds the parser one
/// physical line at a time (so every field knows its line), and fills `RecordBatch`es; memory stays
/// the size of a chunk and a batch, however long the file and however wide its records.
final class CSVReader {
    static let chunkSize = 1 << 20
    /// The longest field accepted. Memory must not follow the file, and a field this long is nearly
    /// always a quote that was never closed.
    static let maximumField = 8 << 20
    /// A batch also ends after this many bytes of fields, so long rows do not make batches large.
    static let batchBytes = 4 << 20
    /// ... and after this many fields, so wide rows do not either.
    static let batchFields = 1 << 16
    /// Fields a row keeps past its header's width, so that a rejects file has the whole of a row with
    /// a stray delimiter or two; a row wider still is cut there (it is refused all the same).
    static let fieldsPastHeader = 255
    let input: InputFile
    var transcoder: Transcoder?
    /// The encoding `--encoding` gave, or nil to go by the byte-order mark (else UTF-8).
    let givenEncoding: TextEncoding?
    /// Watches a file read in an 8-bit encoding for being UTF-8 (nil: not watched, or `--encoding NAME!`).
    var mislabelled: MislabelledUTF8?
    /// The delimiter `--delimiter` gave, or nil to find it (`DelimiterSniffer`).
    let givenDelimiter: UInt8?
    /// How many of a header's names name a column, for the sniffer.
    let recognized: ([String]) -> Int
    /// Whether a header's name names a column of days, and `--date-format`, for the dates' form.
    let isDateColumn: ((String) -> Bool)?
    let datePattern: DateForms.Pattern?
    let context: UnsafeMutablePointer<ParseContext>
    let parser: UnsafeMutablePointer<csv_parser>
    let chunk: UnsafeMutableRawPointer
    /// The chunk's size: `chunkSize`, or less for a smaller file (small imports allocate little).
    let chunkCapacity: Int
    var text = UnsafeRawBufferPointer(start: nil, count: 0)
    var position = 0
    var atStart = true
    var finished = false
    /// After a fault the rest of its line is skipped into the faulty record's last field.
    var skippingLine = false
    /// Where the next LF and CR are in the chunk (-1: not looked for yet).
    var nextLF = -1, nextCR = -1
    /// True when the last chunk ended with a CR.
    var crEndedChunk = false
    var hash = SHA256()

    /// What was decided about the file's form (its encoding, its delimiter), once its first chunk is read.
    var dialect: FileDialect
    /// Bytes read from the file so far.
    var bytesRead = 0
    /// The SHA-256 of the file's bytes, once it has been read to the end.
    var digest: String?

    /// A reader of `input`; its first record (the header) keeps at most `headerFields` fields. Nil
    /// for `delimiter` or `encoding` finds them from the file; `recognized` counts the names of a
    /// header that name a column, for finding the delimiter.
    init(
        input: InputFile, delimiter: UInt8?, encoding: TextEncoding?, headerFields: Int,
        recognized: @escaping ([String]) -> Int = { _ in 0 }, isDateColumn: ((String) -> Bool)? = nil,
        datePattern: DateForms.Pattern? = nil, encodingForced: Bool = false
    ) {
        self.isDateColumn = isDateColumn
        self.datePattern = datePattern
        self.input = input
        givenEncoding = encoding
        mislabelled = encoding?.isSingleByte == true && !encodingForced ? MislabelledUTF8() : nil
        givenDelimiter = delimiter
        self.recognized = recognized
        dialect = FileDialect(delimiter: delimiter ?? 44)
        parser = .allocate(capacity: 1)
        context = .allocate(capacity: 1)
        context.initialize(to: ParseContext(headerFields: headerFields))
        chunkCapacity = min(Self.chunkSize, max(input.size.map { $0 + 1 } ?? Self.chunkSize, 4096))
        chunk = .allocate(byteCount: chunkCapacity, alignment: 16)
        csv_init(parser, UInt8(CSV_STRICT))
        csv_set_delim(parser, dialect.delimiter)
        csv_set_space_func(parser, almanac_csv_no_space)
        csv_set_blk_size(parser, entryBlock)
        csv_set_realloc_func(parser, cappedRealloc)
    }

    deinit {
        csv_free(parser)
        context.pointee.storage.free()
        context.deinitialize(count: 1)
        context.deallocate()
        parser.deallocate()
        chunk.deallocate()
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
            let storage = context.pointee.storage
            let full =
                storage.records.count >= limit || storage.arena.count >= Self.batchBytes
                || storage.fields.count >= Self.batchFields
            if full && !context.pointee.recordOpen && !skippingLine { return true }
        }
    }

    func readChunk() throws -> Bool {
        var count = try input.read(into: chunk, count: chunkCapacity)
        // The byte-order mark is looked for in the first three bytes, even from a slow pipe.
        // To find the delimiter, the first chunk is a whole sample: read until it is full.
        var complete = false
        while atStart && count > 0 && (count < 3 || givenDelimiter == nil) && count < chunkCapacity {
            let more = try input.read(into: chunk + count, count: chunkCapacity - count)
            if more == 0 {
                complete = true
                break
            }
            count += more
        }
        if count == 0 {
            // Half a UTF-16 unit or a lone surrogate at the very end is reported, not lost.
            guard let rest = transcoder?.finish(), rest.count > 0 else { return false }
            setText(rest)
            return true
        }
        var raw = UnsafeRawBufferPointer(start: chunk, count: count)
        bytesRead += count
        hash.update(bufferPointer: raw)
        guard atStart else {
            try refuseIfUTF8(raw)
            setText(transcoder?.convert(raw) ?? raw)
            return true
        }
        atStart = false
        raw = try chooseEncoding(raw)
        try refuseIfUTF8(raw)
        setText(transcoder?.convert(raw) ?? raw)
        position = try chooseDelimiter(complete: complete)
        chooseDateForms(complete: complete)
        return true
    }

    /// One past the next line break in the chunk (LF, CRLF or a lone CR), or nil when the chunk ends
    /// first. Where each byte comes next is remembered, so every byte is searched once (memchr).
    func nextLineEnd() -> Int? {
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

    /// Feeds bytes to the parser; returns how many it consumed (fewer after a fault).
    func parse(_ start: UnsafeRawPointer, _ length: Int) -> Int {
        context.pointee.beginCall(start, length)
        let consumed = csv_parse(parser, start, length, onField, onRecord, context)
        if consumed == length { context.pointee.endCall() }
        return consumed
    }

    func feedLine() {
        let start = text.baseAddress! + position
        if crEndedChunk {
            crEndedChunk = false
            if position == 0 && text[0] == 10 {
                // The LF of a CRLF split between chunks: the line ended with its CR.
                if !skippingLine { _ = parse(start, 1) }
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
            if lineEnded {
                endLine()
                skippingLine = false
            }
            return
        }
        let consumed = parse(start, length)
        if consumed < length && csv_error(parser) == CSV_EPARSE {
            recordParseFault(start: start, consumed: consumed, length: length, lineEnded: lineEnded)
        } else if consumed < length || context.pointee.fieldTooLong {
            stopAtLongField()
        } else if lineEnded {
            endLine()
        } else {
            context.pointee.lineCharacters += TextCheck.characterCount(
                UnsafeRawBufferPointer(start: start, count: length))
        }
    }

    func endLine() {
        context.pointee.line += 1
        context.pointee.lineCharacters = 0
    }

    /// A field longer than `maximumField`: its record is closed as faulty, with the field left out,
    /// and reading ends. It either ended (and was left out) or could not (the buffer stopped growing).
    func stopAtLongField() {
        if !context.pointee.fieldTooLong {
            let place = context.pointee.fieldStart()
            let quoted = context.pointee.fieldIsQuoted
            let offset = context.pointee.storage.arena.count
            context.pointee.closeFaultyRecord(.fieldTooLong, at: place, fieldFrom: offset, quoted: quoted)
        } else if context.pointee.recordOpen {
            context.pointee.endRecord()
        }
        finished = true
        text = UnsafeRawBufferPointer(start: nil, count: 0)
        position = 0
    }

    /// The length of a line without its LF, CRLF or CR.
    func lineContentLength(_ start: UnsafeRawPointer, _ length: Int) -> Int {
        var end = length
        if end > 0 && start.load(fromByteOffset: end - 1, as: UInt8.self) == 10 { end -= 1 }
        if end > 0 && start.load(fromByteOffset: end - 1, as: UInt8.self) == 13 { end -= 1 }
        return end
    }

    /// libcsv stopped at a byte strict mode refuses: a quote inside an unquoted field, or text after a
    /// quoted field's closing quote. The record keeps the fields read so far and, as its last field,
    /// the field in progress with the rest of the line, so a rejects file loses nothing; parsing
    /// resumes on the next line.
    func recordParseFault(start: UnsafeRawPointer, consumed: Int, length: Int, lineEnded: Bool) {
        let column =
            context.pointee.lineCharacters
            + TextCheck.characterCount(UnsafeRawBufferPointer(start: start, count: consumed)) + 1
        let quoted = context.pointee.fieldIsQuoted
        let offset = context.pointee.storage.arena.count
        if quoted { context.pointee.storage.arena.append("\"", 1) }
        // csv_fini hands over what the parser holds of the field (a quoted one without its closing
        // quote) and makes the parser ready for the next line.
        _ = csv_fini(parser, onFaultyField, nil, context)
        if quoted { context.pointee.storage.arena.append("\"", 1) }
        context.pointee.storage.arena.append(start + consumed, lineContentLength(start, length) - consumed)
        context.pointee.closeFaultyRecord(
            quoted ? .textAfterQuote : .unexpectedQuote, at: (context.pointee.line, column),
            fieldFrom: offset, quoted: false)
        if lineEnded { endLine() } else { skippingLine = true }
    }

    func appendToLastField(_ start: UnsafeRawPointer, _ length: Int) {
        let index = context.pointee.storage.fields.count - 1
        context.pointee.storage.arena.append(start, length)
        context.pointee.storage.fields[index].length += length
    }

    /// A digest as lowercase hexadecimal, as `sha256sum` prints it.
    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in digest { out += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: out, as: UTF8.self)
    }

    func finish() {
        finished = true
        digest = Self.hex(hash.finalize())
        // The last record may not end with a line break: csv_fini hands over its last field, and a
        // quoted one that is never closed is a fault (`ParseContext.addField`).
        context.pointee.beginCall(nil, 0)
        context.pointee.finishing = true
        _ = csv_fini(parser, onField, onRecord, context)
        context.pointee.finishing = false
        context.pointee.endRecord()
        if context.pointee.fieldTooLong { stopAtLongField() }
    }
}
