@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit

/// The delimiter sniffer's invariants on any bytes (`make fuzz`, HARNESS=sniffer; replayed by
/// `SnifferFuzzTests`): it never fails, names only a candidate and only one that splits the header;
/// and a clean table built from the same bytes (a known header, fields holding no delimiter, quote or
/// line break, every line as wide as the header, any line ends) is always found with its delimiter,
/// after a `sep=` line or not, cut short by the sample or not.
enum SnifferFuzz {
    static let names = ["id", "title", "author", "borrower", "loaned_on", "due_on", "returned_on"]

    /// Nil when every invariant holds, else what broke.
    static func check(_ data: UnsafeRawBufferPointer) -> String? {
        guard data.count > 1 else { return nil }
        let flags = data[0]
        let body = UnsafeRawBufferPointer(rebasing: data[1...])
        let known = HeaderMapping.recognizer(names.map { ImportColumn($0) })
        for complete in [true, false] {
            if let found = DelimiterSniffer.sniff(body, complete: complete, recognized: known) {
                guard DelimiterSniffer.candidates.contains(found) else { return "found \(found), not a candidate" }
                let shape = DelimiterSniffer.shape(of: body, delimiter: found, complete: complete)
                guard shape.headerFields > 1 else { return "found \(found), which does not split the header" }
            }
        }
        if let sep = DelimiterSniffer.sepLine(body), sep.length > body.count || sep.length < 5 {
            return "sep= line of \(sep.length) bytes"
        }
        // A clean table: 2...7 known columns, fields from the input's bytes with every special byte left out.
        let delimiter = DelimiterSniffer.candidates[Int(flags & 3)]
        let width = 2 + Int(flags >> 2 & 7) % 6
        let lineEnd: [UInt8] = flags & 0x20 != 0 ? [13, 10] : [10]
        var table = flags & 0x40 != 0 ? Array("sep=".utf8) + [delimiter] + lineEnd : []
        table += Array(names.prefix(width).joined(separator: String(UnicodeScalar(delimiter))).utf8) + lineEnd
        let cells = body.split(separator: 0xFE, omittingEmptySubsequences: false).map { cell in
            cell.filter { !DelimiterSniffer.candidates.contains($0) && $0 != 34 && $0 != 10 && $0 != 13 }
        }
        var row: [[UInt8]] = []
        func endRow() {
            table += row.joined(separator: [delimiter]) + lineEnd
            row = []
        }
        for cell in cells {
            row.append(cell)
            if row.count == width { endRow() }
        }
        if !row.isEmpty {
            row += Array(repeating: [], count: width - row.count)
            endRow()
        }
        let found = table.withUnsafeBytes { text -> UInt8? in
            if let sep = DelimiterSniffer.sepLine(text) { return sep.delimiter }
            return DelimiterSniffer.sniff(text, complete: flags & 0x80 == 0, recognized: known)
        }
        return found == delimiter
            ? nil
            : "a clean table with \(UnicodeScalar(delimiter).escaped(asASCII: true)) was read with \(found.map { String($0) } ?? "none")"
    }
}
