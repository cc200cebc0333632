import AlmanacKinds
import AlmanacText
import CCSV
import Foundation

/// How `CSVReader` decides a file's encoding, delimiter and date forms from its first chunk.
extension CSVReader {
    /// Settles the form of the file's days: `--date-format`, else the order of slashed dates the
    /// sample shows in the header's date columns (`DateOrderSniffer`), else nothing beyond ISO and dots.
    func chooseDateForms(complete: Bool) {
        if let datePattern {
            dialect.dates.pattern = datePattern
            dialect.datesSource = .given
            return
        }
        let sample = UnsafeRawBufferPointer(rebasing: text[position...])
        guard let isDateColumn, let base = sample.baseAddress, memchr(base, 47, sample.count) != nil else { return }
        let header = DelimiterSniffer.shape(of: sample, delimiter: dialect.delimiter, complete: complete).names
        let dateFields = Set(header.indices.filter { isDateColumn(header[$0]) })
        if let order = DateOrderSniffer.order(
            sample, delimiter: dialect.delimiter, dateFields: dateFields, complete: complete)
        {
            dialect.dates.slashOrder = order
            dialect.datesSource = .sniffed
        }
    }

    func setText(_ bytes: UnsafeRawBufferPointer) {
        text = bytes
        position = 0
        nextLF = -1
        nextCR = -1
    }

    /// Settles the encoding from the file's first bytes: a byte-order mark decides it (and is left
    /// out), unless `--encoding` names another; without either it is UTF-8. Returns the bytes after the mark.
    func chooseEncoding(_ start: UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer {
        let announced = TextEncoding.announced(by: start)
        if let announced, let given = givenEncoding, given != announced {
            throw AlmanacError(
                .invalidData, "import.error.encoding-conflict",
                ["path": input.displayName, "found": announced.rawValue, "given": given.rawValue])
        }
        let encoding = announced ?? givenEncoding ?? .utf8
        dialect.encoding = encoding
        dialect.encodingSource = givenEncoding != nil ? .given : announced != nil ? .byteOrderMark : .assumed
        dialect.byteOrderMark = announced != nil
        transcoder = encoding.transcoder()
        return UnsafeRawBufferPointer(rebasing: start[(announced?.byteOrderMark?.count ?? 0)...])
    }

    /// Refuses a file that `--encoding` names an 8-bit encoding for, when its text is UTF-8: it would
    /// be stored as mojibake (`MislabelledUTF8`). `--encoding NAME!` reads it as NAME all the same.
    func refuseIfUTF8(_ raw: UnsafeRawBufferPointer) throws {
        guard let sample = mislabelled?.look(at: raw, as: dialect.encoding) else { return }
        throw AlmanacError(
            .invalidData, "import.error.encoding-is-utf8",
            [
                "path": input.displayName, "encoding": dialect.encoding.rawValue, "utf8": sample.utf8,
                "stored": sample.stored,
            ])
    }

    /// Settles the delimiter from the start of the text: Excel's `sep=X` line (left out, and checked
    /// against `--delimiter`), else `--delimiter`, else what the sniffer finds, else a comma. Returns
    /// where the text to parse starts.
    func chooseDelimiter(complete: Bool) throws -> Int {
        var start = 0
        if let sep = DelimiterSniffer.sepLine(text) {
            let named = ImportOptions.delimiterName(sep.delimiter)
            guard DelimiterSniffer.candidates.contains(sep.delimiter) else {
                throw AlmanacError(
                    .invalidData, "import.error.sep-line-unknown", ["path": input.displayName, "value": named])
            }
            if let given = givenDelimiter, given != sep.delimiter {
                throw AlmanacError(
                    .invalidData, "import.error.sep-line-conflict",
                    ["path": input.displayName, "value": named, "given": ImportOptions.delimiterName(given)])
            }
            dialect.delimiter = sep.delimiter
            dialect.delimiterSource = givenDelimiter == nil ? .sepLine : .given
            dialect.sepLine = true
            start = sep.length
            context.pointee.line = 2
        } else if let givenDelimiter {
            dialect.delimiter = givenDelimiter
        } else if let found = DelimiterSniffer.sniff(text, complete: complete, recognized: recognized) {
            dialect.delimiter = found
            dialect.delimiterSource = .sniffed
        } else {
            dialect.delimiter = 44
            dialect.delimiterSource = .assumed
        }
        csv_set_delim(parser, dialect.delimiter)
        return start
    }
}
