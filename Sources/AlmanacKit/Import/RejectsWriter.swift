import Foundation

/// Writes an input file's invalid rows as CSV: the file's own header plus `reason`, each row's
/// fields as read and the problems found in it. Fixed, the file imports again (`reason` is ignored).
final class RejectsWriter {
    private let writer: CSVWriter
    private let width: Int
    /// Where the rows go.
    let path: String

    init(path: String, header: [String], delimiter: UInt8) throws {
        writer = try CSVWriter(path: path, delimiter: delimiter)
        self.path = path
        width = header.count
        try writer.record(header + ["reason"])
    }

    /// Writes one rejected record with its reasons.
    func write(_ batch: RecordBatch, record: Int, reasons: [String]) throws {
        let span = batch.record(record)
        for field in 0..<span.fieldCount {
            let bytes = batch.field(record, field)
            writer.field(bytes.isEmpty ? nil : bytes)
        }
        for _ in span.fieldCount..<max(width, span.fieldCount) { writer.field(nil as String?) }
        writer.field(reasons.joined(separator: "; "))
        try writer.endRecord()
    }

    /// Sends everything to the file.
    func close() throws { try writer.flush() }

    /// The rejects file for one input when several are imported: `rejects.csv` and `books.csv` give
    /// `rejects-books.csv`.
    static func path(_ base: String, input: String, shared: Bool) -> String {
        guard shared else { return base }
        let url = URL(fileURLWithPath: base)
        let stem = url.deletingPathExtension().lastPathComponent
        let inputStem = input == "-" ? "stdin" : URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
        let ext = url.pathExtension.isEmpty ? "csv" : url.pathExtension
        return url.deletingLastPathComponent().appendingPathComponent("\(stem)-\(inputStem).\(ext)").path
    }
}
