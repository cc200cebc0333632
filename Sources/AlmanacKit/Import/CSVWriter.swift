import CCSV
import Foundation

/// Writes CSV in the import format: fields quoted (by libcsv's `csv_write`) only when they hold the
/// delimiter, a quote, a line break or outer spaces; NULL as an empty field. Output is buffered.
final class CSVWriter {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let delimiter: UInt8
    private var buffer: [UInt8] = []
    private var atLineStart = true
    /// Where the output goes, for error messages.
    let path: String

    /// Writes to standard output.
    init(standardOutputDelimiter delimiter: UInt8 = 44) {
        descriptor = 1
        ownsDescriptor = false
        self.delimiter = delimiter
        path = "<stdout>"
        buffer.reserveCapacity(1 << 16)
    }

    /// Creates (or truncates) a file.
    init(path: String, delimiter: UInt8 = 44) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw AlmanacError(.cannotCreate, "export.error.cannot-create", ["path": path, "reason": String(cString: strerror(errno))])
        }
        ownsDescriptor = true
        self.delimiter = delimiter
        self.path = path
        buffer.reserveCapacity(1 << 16)
    }

    deinit {
        try? flush()
        if ownsDescriptor { close(descriptor) }
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
            buffer.withUnsafeMutableBytes { out in _ = csv_write(out.baseAddress! + start, size, bytes.baseAddress, bytes.count) }
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
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes a whole record.
    func record(_ fields: [String?]) throws {
        for value in fields { field(value) }
        try endRecord()
    }

    /// Sends the buffered bytes to the file.
    func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw AlmanacError(.ioError, "export.error.write-failed", ["path": path, "reason": String(cString: strerror(errno))])
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func needsQuotes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.isEmpty { return true }  // '' is not NULL: keep it visible as ""
        if bytes.first == 32 || bytes.last == 32 || bytes.first == 9 || bytes.last == 9 { return true }
        for byte in bytes where byte == delimiter || byte == 34 || byte == 10 || byte == 13 { return true }
        return false
    }
}
