import AlmanacKinds
import AlmanacOutput
import CCSV
import Foundation

/// Writes CSV in the import format: fields quoted (by libcsv's `csv_write`) only when they hold the
/// delimiter, a quote, a line break or outer spaces; NULL as an empty field. Output is buffered.
final class CSVWriter {
    private let output: OutputWriter
    private let delimiter: UInt8
    /// The form of the file (its titles and days, for the exporter); plain for a rejects file.
    let sheet: SheetForm
    private var buffer: [UInt8] = []
    private var atLineStart = true
    /// Turns the UTF-8 written into the file's encoding (a rejects file keeps its input's), or nil.
    private let encode: (([UInt8]) -> [UInt8])?

    /// Writes to `output` (standard output, or a file an `OutputGuard` let the run write). `prefix`
    /// comes first (a byte-order mark, Excel's `sep=` line); `encoding` is what the bytes are written in.
    init(
        _ output: OutputWriter, delimiter: UInt8 = 44, prefix: String = "", encoding: TextEncoding = .utf8,
        sheet: SheetForm = .plain
    ) {
        self.output = output
        self.delimiter = delimiter
        self.sheet = sheet
        encode = encoding.encoder()
        buffer.reserveCapacity(1 << 16)
        buffer.append(contentsOf: prefix.utf8)
    }

    /// Writes UTF-8 to `output` in a spreadsheet's form: its delimiter, and its byte-order mark first.
    convenience init(_ output: OutputWriter, sheet: SheetForm) {
        self.init(output, delimiter: sheet.delimiter, prefix: sheet.prefix, sheet: sheet)
    }

    /// Writes the buffer on, in the file's encoding.
    private func send() throws {
        try output.write(encode?(buffer) ?? buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes one field; nil is NULL (an empty field).
    func field(_ bytes: UnsafeRawBufferPointer?) {
        if !atLineStart { buffer.append(delimiter) }
        atLineStart = false
        guard let bytes else { return }
        if needsQuotes(bytes) {
            let size = csv_write(nil, 0, bytes.baseAddress, bytes.count)
            let start = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: size))
            buffer.withUnsafeMutableBytes { out in
                _ = csv_write(out.baseAddress! + start, size, bytes.baseAddress, bytes.count)
            }
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes one text field; nil is NULL.
    func field(_ text: String?) {
        guard var text else { return field(nil as UnsafeRawBufferPointer?) }
        text.withUTF8 { field(UnsafeRawBufferPointer($0)) }
    }

    /// Ends the record.
    func endRecord() throws {
        buffer.append(10)
        atLineStart = true
        if buffer.count >= 1 << 16 { try send() }
    }

    /// Writes a whole record.
    func record(_ fields: [String?]) throws {
        for value in fields { field(value) }
        try endRecord()
    }

    /// Sends the buffered bytes on, and flushes the output.
    func flush() throws {
        try send()
        try output.flush()
    }

    private func needsQuotes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.isEmpty { return true }  // '' is not NULL: keep it visible as ""
        if bytes.first == 32 || bytes.last == 32 || bytes.first == 9 || bytes.last == 9 { return true }
        for byte in bytes where byte == delimiter || byte == 34 || byte == 10 || byte == 13 { return true }
        return false
    }
}
