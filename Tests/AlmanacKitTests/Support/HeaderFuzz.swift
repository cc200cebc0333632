import Foundation

@testable import AlmanacImport
@testable import AlmanacKinds

// Shared by the header harness of Tests/Fuzz (compiled into AlmanacKit's module with -D FUZZING) and
// by the replay of its corpus in FuzzCorpusTests.
#if !FUZZING
    @testable import AlmanacKit
#endif

/// A header built from fuzz bytes, with what its import must do worked out on the side: the kind's
/// columns in any order, in upper case, padded, quoted, spelled with spaces (`Due On`), repeated;
/// unknown and empty names, `reason` columns, a byte-order mark at the start or inside a name, and
/// runs of a name up to 20,000 columns wide; then a row as wide as the header, or one wider.
///
/// The first byte picks the kind (bits 0–2, with the input's length: `ImportProbe.kind`), a byte-order mark at the start (bit 3), CRLF line ends
/// (bit 4), a data row (bit 5), a row one field too wide (bit 6) and `--skip-invalid` (bit 7). Each
/// further byte adds columns: 0x00–0x7F one of the kind's (low 4 bits) in a spelling (bits 4–6);
/// 0x80–0xBF another name (`reason`, an empty one, an unknown one, one with a mark inside); 0xC0–0xFF
/// the last column again, 2^(low 4 bits) times.
struct HeaderFuzz {
    let kind: ImportKind
    /// The options byte for `ImportProbe` (kind and `--skip-invalid`).
    let flags: UInt8
    /// The file.
    let file: [UInt8]
    /// True when the header must be accepted.
    let acceptable: Bool
    /// How many columns the header has.
    let width: Int

    /// Wide enough to pass every limit of the header mapping many times over; a million columns is
    /// `WideInputTests`' and `Bench/wide.sh`'s.
    static let widest = 20_000

    /// The columns a file of the kind may name, as the probe's database has them (animation-settings:
    /// its properties x, o); a kind's own `id` that no file carries (calendar-state's) is not one.
    static func columns(_ kind: ImportKind) -> [ImportColumn] {
        guard kind == .animationSettings else { return kind.fileColumns }
        return kind.fileColumns + [ImportColumn("x"), ImportColumn("o")]
    }

    init(_ data: UnsafeRawBufferPointer) {
        let options = data.first ?? 0
        kind = ImportProbe.kind(options, length: data.count)
        flags = (options & 7) | (options & 0x80)
        let columns = Self.columns(kind)
        var names: [String] = []
        /// The name each column stands for once normalized; nil for one that can never match.
        var meanings: [String?] = []
        func add(_ name: String, _ meaning: String?, times: Int = 1) {
            for _ in 0..<min(times, Self.widest - names.count) {
                names.append(name)
                meanings.append(meaning)
            }
        }
        for op in data.dropFirst() {
            switch op {
            case 0x00...0x7F:
                let name = columns[Int(op & 0x0F) % columns.count].name
                let spelled: String
                switch (op >> 4) & 7 {
                case 0: spelled = name
                case 1: spelled = name.uppercased()
                case 2: spelled = "  " + name + " "
                case 3: spelled = name.split(separator: "_").map { $0.capitalized }.joined(separator: " ")
                case 4: spelled = "\"" + name + "\""
                case 5: spelled = "\t" + name.uppercased() + "\t"
                case 6: spelled = "\"" + name.replacingOccurrences(of: "_", with: "  ") + " \""
                default: spelled = name
                }
                add(spelled, name)
            case 0x80...0xBF:
                switch op & 3 {
                case 0: add(op & 4 == 0 ? "reason" : " Reason", "reason")
                case 1: add("", nil)
                case 2: add("zz\(op & 0x3C)", nil)
                default: add("ti\u{FEFF}tle", nil)
                }
            default:
                guard let last = names.last else { continue }
                add(last, meanings.last ?? nil, times: 1 << Int(op & 0x0F))
            }
        }
        width = names.count
        // Columns without a name at the end are the header's to ignore (a spreadsheet's empty columns,
        // PRODUCT.md): a value under one is refused at its row, not in the header.
        let named = names.count - names.reversed().prefix { $0.isEmpty }.count
        var seen = Set<String>()
        var acceptable = named > 0
        for meaning in meanings.prefix(named) {
            guard let meaning, !seen.contains(meaning) else {
                acceptable = false
                break
            }
            seen.insert(meaning)
        }
        for column in columns where column.required && !seen.contains(column.name) { acceptable = false }
        self.acceptable = acceptable
        let end = options & 0x10 != 0 ? "\r\n" : "\n"
        // One empty name is written quoted: a blank line would not be a header (the next line would).
        let header = names == [""] ? "\"\"" : names.joined(separator: ",")
        var text = (options & 0x08 != 0 ? "\u{FEFF}" : "") + header + end
        if options & 0x20 != 0 && !names.isEmpty {
            text +=
                Array(repeating: "1", count: names.count + (options & 0x40 != 0 ? 1 : 0)).joined(separator: ",") + end
        }
        file = Array(text.utf8)
    }

    /// Imports the file through `probe`: every invariant of `ImportProbe` holds, the header is refused
    /// exactly when it must be (on line 1, with nothing committed), and it is refused with at most
    /// `HeaderMapping.listedProblems` problems, one count of the rest and the missing columns.
    static func check(_ data: UnsafeRawBufferPointer, probe: ImportProbe) -> String? {
        let header = HeaderFuzz(data)
        nonisolated(unsafe) var onLineOne: [ImportDiagnostic] = []
        let broken = header.file.withUnsafeBytes { bytes in
            probe.check(bytes, kind: header.kind, flags: header.flags) { if $0.line == 1 { onLineOne.append($0) } }
        }
        if let broken { return broken }
        if header.acceptable && !onLineOne.isEmpty {
            return "an acceptable header of \(header.width) columns was refused: \(onLineOne[0])"
        }
        if !header.acceptable && !header.file.isEmpty && onLineOne.isEmpty && header.width > 0 {
            return "a header of \(header.width) columns that must be refused was not"
        }
        if onLineOne.count > HeaderMapping.listedProblems + 1 + columns(header.kind).count {
            return "\(onLineOne.count) problems listed for one header"
        }
        return nil
    }
}
