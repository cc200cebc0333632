/// Matches a file's header to a kind's columns: any order, case- and space-insensitive, the
/// byte-order mark already gone. A `reason` column (as in a rejects file) is ignored.
struct HeaderMapping {
    /// For each column of the kind, the field that holds it, or -1.
    let fields: [Int]
    /// How many fields each record must have.
    let width: Int

    /// A header name as compared: trimmed, lower case, inner spaces as `_` (`Due On` is `due_on`).
    static func normalized(_ name: String) -> String {
        name.trimmingSpaces().lowercased().split(separator: " ", omittingEmptySubsequences: true).joined(separator: "_")
    }

    /// Maps the header record of `batch`, or returns every problem with it, each at its field.
    static func map(_ batch: RecordBatch, record: Int, columns: [ImportColumn], kind: ImportKind, file: String)
        -> (mapping: HeaderMapping?, problems: [ImportDiagnostic])
    {
        let names = batch.strings(record).map(normalized)
        let accepted = columns.map(\.name).joined(separator: ", ")
        var fields = Array(repeating: -1, count: columns.count)
        var problems: [ImportDiagnostic] = []
        func problem(_ field: Int, _ key: String, _ arguments: [String: String]) {
            let place = batch.locate(record, field: field)
            var all = arguments
            all["kind"] = kind.rawValue
            all["accepted"] = accepted
            problems.append(ImportDiagnostic(file: file, line: place.line, column: place.column, key: key, arguments: all))
        }
        for (field, name) in names.enumerated() {
            if let column = columns.firstIndex(where: { $0.name == name }) {
                if fields[column] >= 0 {
                    problem(field, "import.header.duplicate", ["column": name])
                } else {
                    fields[column] = field
                }
            } else if name != "reason" {
                problem(field, "import.header.unknown", ["column": ImportDiagnostic.shown(batch.string(record, field))])
            }
        }
        for (column, spec) in columns.enumerated() where spec.required && fields[column] < 0 {
            problem(0, "import.header.missing", ["column": spec.name])
        }
        return problems.isEmpty ? (HeaderMapping(fields: fields, width: names.count), []) : (nil, problems)
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
