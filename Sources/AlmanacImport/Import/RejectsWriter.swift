import AlmanacKinds
import AlmanacOutput
import Foundation

/// Writes an input file's invalid rows as CSV: the file's own header plus `reason`, each row's
/// fields as read and the problems found in it. Fixed, the file imports again (`reason` is ignored).
final class RejectsWriter {
    private let file: OutputFile
    private let writer: CSVWriter
    private let width: Int
    /// Where the rows go, as the user will read it.
    let path: String

    /// Starts the rejects file of one input: a temporary file beside `target`, put in place by `publish()`.
    /// It is written in the input's form (`dialect`): its delimiter, its encoding and byte-order mark,
    /// its `sep=` line, so the program it came from opens it as it opened the input.
    init(target: OutputTarget, header: [String], delimiter: UInt8, dialect: FileDialect? = nil) throws {
        file = try target.open()
        var prefix = dialect?.byteOrderMark == true ? "\u{FEFF}" : ""
        if dialect?.sepLine == true { prefix += "sep=" + String(decoding: [delimiter], as: UTF8.self) + "\r\n" }
        writer = CSVWriter(file.writer, delimiter: delimiter, prefix: prefix, encoding: dialect?.encoding ?? .utf8)
        path = target.shown
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

    /// Every row written and the file closed, still under the temporary name: an import's rejects
    /// files are put on the disk together before the COMMIT (`OutputFile.synchronize`) and take
    /// their names after it (`OutputFile.publish`), however many inputs it reads.
    func close() throws {
        try writer.flush()
        try file.close()
    }

    /// The file being written.
    var output: OutputFile { file }

    /// Claims the rejects file of every input, before anything is written: `--rejects` itself for
    /// one input; for several, one file each, named after the input (`rejects.csv` and `books.csv`
    /// give `rejects-books.csv`; inputs of one name in different folders take their folders too,
    /// `rejects-a-books.csv`, and the same file twice is numbered).
    static func claim(_ base: String, inputs: [String], outputs: inout OutputGuard) throws -> [OutputTarget] {
        let paths = self.paths(base, inputs: inputs)
        guard inputs.count > 1 else { return [try outputs.claim(base, option: "--rejects")] }
        return try zip(paths, inputs).map { path, input in
            try outputs.claim(path, option: "--rejects", derived: (base, input == "-" ? "<stdin>" : input))
        }
    }

    /// The rejects file's name for each input, in order; distinct for distinct inputs.
    static func paths(_ base: String, inputs: [String]) -> [String] {
        guard inputs.count > 1 else { return inputs.map { _ in base } }
        let (folder, name) = FileLocation.split(base)
        let prefix = base.contains("/") ? (folder == "/" ? "/" : folder + "/") : ""
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let ext = dot.map { String(name[$0...]) } ?? ".csv"
        // Each input's path from the root, its extension dropped: as many trailing parts are used as
        // keep the names apart.
        let parts: [[String]] = inputs.map { input in
            guard input != "-" else { return ["stdin"] }
            let path = (try? FileLocation.resolve(input).path) ?? input
            var components = path.split(separator: "/").map(String.init)
            if let last = components.popLast() {
                let cut = last.lastIndex(of: ".").flatMap { $0 == last.startIndex ? nil : $0 }
                components.append(cut.map { String(last[..<$0]) } ?? last)
            }
            return components.isEmpty ? ["input"] : components
        }
        var taken = parts.map { _ in 1 }
        func label(_ index: Int) -> String { parts[index].suffix(taken[index]).joined(separator: "-") }
        while true {
            let groups = Dictionary(grouping: inputs.indices, by: label).values.filter { $0.count > 1 }
            guard !groups.isEmpty else { break }
            var grew = false
            for group in groups {
                for index in group where taken[index] < parts[index].count {
                    taken[index] += 1
                    grew = true
                }
            }
            guard grew else { break }
        }
        var labels = inputs.indices.map(label)
        for group in Dictionary(grouping: inputs.indices, by: { labels[$0] }).values where group.count > 1 {
            for (number, index) in group.sorted().enumerated() { labels[index] += "-\(number + 1)" }
        }
        return labels.map { prefix + stem + "-" + $0 + ext }
    }
}
