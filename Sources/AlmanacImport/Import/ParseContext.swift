import AlmanacKinds
import Foundation

/// What the libcsv callbacks work on: a plain struct behind an `UnsafeMutablePointer`, since errors
/// cannot be thrown through C; faults are recorded here and checked after each call.
///
/// Only what csv(3) documents is used: the callbacks' arguments, the bytes `csv_parse` consumed,
/// `csv_error` and `csv_fini`. Where a field starts in the file and whether it was quoted are worked
/// out from the bytes fed, by the CSV rules csv(3) states: a field is quoted when its first character
/// is a quote (no character counts as a space here), and a quoted field is then its text between two
/// quotes with each of its own quotes doubled; an unquoted field is its text as it is.
struct ParseContext {
    /// A placeholder: `CSVReader.fill` swaps the batch's storage in while it parses.
    var storage = BatchStorage(small: true)
    /// The physical line being fed to the parser (lines are fed one at a time). A line ends at LF,
    /// CRLF or a lone CR, as libcsv ends records, even when a file mixes them.
    var line = 1
    /// Characters of the current physical line fed in earlier calls (a line may span two chunks).
    var lineCharacters = 0
    /// The fields a record keeps; later ones are counted, not kept. A row wider than its header is
    /// refused, so a row keeps its header's width and `CSVReader.fieldsPastHeader` more (for a rejects
    /// file); the header's own limit is the reader's, from the kind.
    var fieldLimit: Int
    private var headerRead = false

    /// True between a record's first field and its end.
    private(set) var recordOpen = false
    private var recordFirstField = 0
    /// Fields of the record found so far, kept or not.
    private var recordFields = 0
    /// True when a field of the header past the ones kept has a name (is not blank).
    private var namedPastKept = false
    private var recordLine = 1
    private var fault = ParseFault.none, faultLine = 0, faultColumn = 0

    /// The bytes of the `csv_parse` call in progress, and where in them the next field starts.
    private var call: UnsafePointer<UInt8>?
    private var callLength = 0
    private var next = 0
    /// A field that began in an earlier call and is still open: quoted or not, the bytes of it fed
    /// so far, and where it starts.
    private var carried = false, carriedQuoted = false
    private var carriedBytes = 0, carriedLine = 0, carriedColumn = 0
    /// True while `csv_fini` hands over the last field, which may be a quoted one never closed.
    var finishing = false
    /// Set when a field longer than `CSVReader.maximumField` ended; reading stops after the call.
    private(set) var fieldTooLong = false

    init(headerFields: Int) {
        fieldLimit = headerFields
    }

    // MARK: Calls

    /// Starts a call of `csv_parse` on `count` bytes.
    mutating func beginCall(_ bytes: UnsafeRawPointer?, _ count: Int) {
        call = bytes?.assumingMemoryBound(to: UInt8.self)
        callLength = count
        next = 0
    }

    /// Ends a call that consumed all its bytes: a field that began in it and is still open (a quoted
    /// field going on to the next line, or a line that goes on in the next chunk) is carried over.
    mutating func endCall() {
        if carried {
            carriedBytes += callLength
            return
        }
        guard next < callLength, let call else { return }
        let first = call[next]
        // A line break left over (the LF of a CRLF) opens no field.
        guard first != 10 && first != 13 else { return }
        let place = fieldStart()
        carried = true
        carriedQuoted = first == 34
        carriedBytes = callLength - next
        (carriedLine, carriedColumn) = place
    }

    /// Where the field being read starts: its line and 1-based character column.
    func fieldStart() -> (line: Int, column: Int) {
        if carried { return (carriedLine, carriedColumn) }
        let before = UnsafeRawBufferPointer(start: call, count: min(next, callLength))
        return (line, lineCharacters + TextCheck.characterCount(before) + 1)
    }

    /// True when the field being read started with a quote.
    var fieldIsQuoted: Bool {
        if carried { return carriedQuoted }
        guard let call, next < callLength else { return false }
        return call[next] == 34
    }

    // MARK: Fields and records

    /// One field from libcsv: `length` bytes of text at `data`.
    mutating func addField(_ data: UnsafeRawPointer?, _ length: Int) {
        // Most fields start and end in one call, inside a record already open.
        guard !carried, recordOpen, length <= CSVReader.maximumField, next < callLength, let call else {
            return addFieldAtAnEdge(data, length)
        }
        let quoted = call[next] == 34
        next += (quoted ? length + 2 + Self.quotes(in: data, length) : length) + 1  // the field, then its delimiter
        recordFields += 1
        guard recordFields <= fieldLimit else { return notePastKept(data, length) }
        let offset = storage.arena.append(data, length)
        storage.fields.append(FieldSpan(offset: offset, length: length, quoted: quoted))
    }

    /// A record's first field, a field carried from an earlier call, one handed over by `csv_fini`
    /// or one too long.
    private mutating func addFieldAtAnEdge(_ data: UnsafeRawPointer?, _ length: Int) {
        let quoted = fieldIsQuoted
        let written = quoted ? length + 2 + Self.quotes(in: data, length) : length
        let tooLong = length > CSVReader.maximumField
        let start = carried || tooLong ? fieldStart() : (line, 0)
        if tooLong {
            // Left out; reading stops after this call (see `CSVReader.feedLine`).
            setFault(.fieldTooLong, at: start)
            fieldTooLong = true
        }
        if carried {
            // At the end of the file a quoted field may end without its closing quote: then fewer
            // bytes were fed than a closed one takes.
            if finishing && quoted && carriedBytes != written { setFault(.unterminatedQuote, at: start) }
            next = written - carriedBytes + 1
            carried = false
        } else {
            next += written + 1  // the field, then its delimiter
        }
        if !recordOpen { openRecord(line: start.line) }
        let kept = tooLong ? 0 : length
        recordFields += 1
        guard recordFields <= fieldLimit else { return notePastKept(data, kept) }
        let offset = storage.arena.append(data, kept)
        storage.fields.append(FieldSpan(offset: offset, length: kept, quoted: quoted))
    }

    /// A header's field past the ones kept is counted, and looked at once: whether it has a name (so
    /// that unnamed columns at the end of a very wide header are still a spreadsheet's empty ones).
    private mutating func notePastKept(_ data: UnsafeRawPointer?, _ length: Int) {
        guard !headerRead, !namedPastKept, let data else { return }
        let bytes = UnsafeRawBufferPointer(start: data, count: length)
        namedPastKept = bytes.contains { $0 != 32 && $0 != 9 }
    }

    /// Ends the record being read, if one is.
    mutating func endRecord() {
        // One line is fed per call, so no field starts after a record's end in the same call.
        next = callLength
        guard recordOpen else { return }
        let kept = storage.fields.count - recordFirstField
        storage.records.append(
            RecordSpan(
                firstField: recordFirstField, fieldCount: kept, line: recordLine,
                dropped: recordFields - kept, namedPastKept: namedPastKept, fault: fault, faultLine: faultLine,
                faultColumn: faultColumn))
        recordOpen = false
        fault = .none
        if !headerRead {
            headerRead = true
            fieldLimit = recordFields + 1 + CSVReader.fieldsPastHeader
        }
    }

    private mutating func openRecord(line: Int) {
        recordOpen = true
        recordFirstField = storage.fields.count
        recordFields = 0
        namedPastKept = false
        recordLine = line
    }

    private mutating func setFault(_ kind: ParseFault, at place: (line: Int, column: Int)) {
        guard fault == .none else { return }
        fault = kind
        (faultLine, faultColumn) = place
    }

    /// Closes the record being read as faulty at `place`. Its last field is the arena's bytes from
    /// `offset` on, kept whatever the record's width (the fault is in it). The field being read is
    /// over: nothing is carried to the next call.
    mutating func closeFaultyRecord(
        _ kind: ParseFault, at place: (line: Int, column: Int), fieldFrom offset: Int, quoted: Bool
    ) {
        if !recordOpen { openRecord(line: fieldStart().line) }
        storage.fields.append(FieldSpan(offset: offset, length: storage.arena.count - offset, quoted: quoted))
        recordFields += 1
        setFault(kind, at: place)
        carried = false
        endRecord()
    }

    /// The quotes in a field's text: each was doubled in the file.
    static func quotes(in data: UnsafeRawPointer?, _ length: Int) -> Int {
        guard var from = data, length > 0 else { return 0 }
        var count = 0
        var left = length
        while left > 0, let found = memchr(from, 34, left) {
            count += 1
            let step = UnsafeRawPointer(found) - from + 1
            from += step
            left -= step
        }
        return count
    }
}
