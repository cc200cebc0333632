import Foundation

@testable import AlmanacKinds

// Shared by the renderer harness of Tests/Fuzz (compiled into AlmanacKit's module with -D FUZZING)
// and by the replay of its corpus in RendererFuzzTests.
#if !FUZZING
    @testable import AlmanacKit
    @testable import AlmanacOutput
    @testable import AlmanacText
#endif

/// A table built from fuzz bytes and written through a `TableWriter` in every format, with the
/// invariants each output must keep checked on the text itself.
///
/// Byte 0: bits 0–2 the columns (1–8), bit 3 an empty-result sentence, bit 4 colour, bit 5 a
/// column hidden when empty, bits 6–7 the memory held before `table` spills and `markdown` streams
/// (none to speak of, 64 bytes, 1 KiB, all). Byte 1: the terminal's width (0: a pipe, else 1–255).
/// Then each byte is a cell, row after row: its low 4 bits pick the kind (text, NULL, numbers, a date,
/// an instant, a count, a tag, a section heading), the high 4 bits the text, from `pieces`, run
/// together with the next bytes' pieces while they have bit 3 set.
struct RendererFuzz {
    let head: Table.Head
    /// Section headings (nil) and rows, in order.
    let records: [[Table.Cell]?]
    let headings: [String]
    let styling: Styling
    let width: Int?
    let heldBytes: Int

    /// The bits of text tables meet: scripts of every width, marks, joiners, flags, controls of
    /// every kind, the characters each format escapes, and long runs.
    static let pieces = [
        "", "a", "Ёлка", "日本語", "🇯🇵", "👩‍👩‍👧", "e\u{301}", "\u{1B}[2J", "\u{7}\u{0}", "\n", "\r\n", "\t", "|", "\"", ",",
        "\\",
        "\u{85}\u{9F}", "\u{2028}", "\u{202E}abc", "\u{200B}", "한국어", "…", String(repeating: "x", count: 70),
        "Ω\u{FE0F}",
    ]

    init(_ bytes: [UInt8]) {
        let first = bytes.first ?? 0
        let columnCount = Int(first & 7) + 1
        width = bytes.count > 1 && bytes[1] != 0 ? Int(bytes[1]) : nil
        styling = Styling(isEnabled: first & 0x10 != 0)
        heldBytes = [0, 64, 1024, Int.max][Int(first >> 6)]
        let columns = (0..<columnCount).map { index in
            Table.Column(
                key: "c\(index)", title: Self.pieces[(index * 7 + Int(first)) % Self.pieces.count] + "\(index)",
                alignment: index == 2 ? .right : nil, hiddenWhenEmpty: first & 0x20 != 0 && index == columnCount - 1)
        }
        head = Table.Head(
            columns: columns, summaryUnit: "unit.row", empty: first & 0x08 != 0 ? Table.Sentence("query.none") : nil)
        var records: [[Table.Cell]?] = []
        var headings: [String] = []
        var row: [Table.Cell] = []
        var index = 2
        while index < bytes.count {
            var text = Self.pieces[Int(bytes[index] >> 4) % Self.pieces.count]
            let kind = bytes[index] & 0x0F
            while bytes[index] & 0x08 != 0, index + 1 < bytes.count, kind < 2 {
                index += 1
                text += Self.pieces[Int(bytes[index] >> 4) % Self.pieces.count]
            }
            index += 1
            let number = Int64(text.utf8.count) * (kind % 2 == 0 ? 1 : -1) * 997
            switch kind {
            case 0, 1, 8, 9: row.append(.text(text))
            case 2: row.append(.null)
            case 3: row.append(.integer(number))
            case 4: row.append(.identifier(number))
            case 5: row.append(.real(Double(number) / 7))
            case 6: row.append(.percent(Double(number) / 1e4))
            case 7: row.append(.bool(number % 2 == 0))
            case 10: row.append(.date(LocalDate(dayNumber: Int(number % 2_000_000))))
            case 11: row.append(.instant(Date(timeIntervalSince1970: TimeInterval(number * 3601))))
            case 12: row.append(.count(number, unit: ["unit.row", "unit.book", "unit.day"][Int(abs(number) % 3)]))
            case 13:
                row.append(
                    .tag(Table.Tag(value: text, label: text + "!", symbol: number % 2 == 0 ? "✗" : nil, role: .alert)))
            case 14:
                records.append(nil)
                headings.append(text)
            default: row.append(.text(text + text))
            }
            if row.count == columnCount {
                records.append(row)
                row = []
            }
        }
        if !row.isEmpty { records.append(row) }
        self.records = records
        self.headings = headings
    }

    var rows: [[Table.Cell]] { records.compactMap { $0 } }

    /// The output in a format, written as a streamed listing is.
    func render(_ format: OutputFormat, heldBytes: Int? = nil) throws -> String {
        var renderer = Renderer(
            format: format, localizer: .english, today: LocalDate("2025-12-22"), styling: styling,
            width: format == .table ? width : nil)
        renderer.heldBytes = heldBytes ?? self.heldBytes
        let writer = try TableWriter(renderer, head: head, output: nil)
        var heading = headings.makeIterator()
        for record in records {
            if let record { try writer.row(record) } else { try writer.section(heading.next()!) }
        }
        try writer.finish()
        return writer.text
    }

    /// The first invariant broken, or nil.
    func check() throws -> String? {
        let box = try render(.table)
        if box != (try render(.table, heldBytes: .max)) {
            return "the box read back from its spool differs from the box held"
        }
        let frame = box.split(separator: "\n").filter { $0.first.map { "┌├│└".contains($0) } ?? false }
        let widths = Set(frame.map { DisplayWidth.of(Self.withoutColour(String($0))) })
        if widths.count > 1 { return "box lines of different widths \(widths)" }
        for format in [OutputFormat.table, .markdown, .tsv] {
            let text = Self.withoutColour(try render(format))
            // The line breaks, and in tsv the tabs between cells, are the format's own.
            let own: Set<Unicode.Scalar> = format == .tsv ? ["\n", "\t"] : ["\n"]
            if let raw = text.unicodeScalars.first(where: {
                (TerminalText.isControl($0.value) || TerminalText.isBidiControl($0.value)) && !own.contains($0)
            }) {
                return "\(format) lets U+\(String(raw.value, radix: 16)) through"
            }
        }
        if rows.isEmpty && head.empty != nil {
            for format in [OutputFormat.table, .markdown] where try render(format) != "No rows.\n" {
                return "\(format): no sentence"
            }
        }
        return try checkMachines()
    }

    /// csv, tsv and json read back to the cells' plain values.
    private func checkMachines() throws -> String? {
        let expected = rows.map { row in head.columns.indices.map { row[safe: $0] } }
        let csv = CSVLines.parse(try render(.csv))
        if csv != [head.columns.map(\.key)] + expected.map({ $0.map { Renderer.plainText($0) ?? "" } }) {
            return "csv does not read back"
        }
        let tsv = try render(.tsv).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        if tsv.count != rows.count + 1
            || tsv.contains(where: { $0.filter { $0 == "\t" }.count != head.columns.count - 1 })
        {
            return "tsv is not one line per row"
        }
        let json = try render(.json)
        guard let objects = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]],
            objects.count == rows.count
        else {
            return "json is not an array of one object per row"
        }
        for (object, row) in zip(objects, expected) {
            for (index, cell) in row.enumerated() {
                guard case .text(let text) = cell else { continue }
                if object[head.columns[index].key] as? String != text {
                    return "json changes text \(text.debugDescription)"
                }
            }
        }
        return nil
    }

    /// Text without the colour codes `Styling` writes.
    static func withoutColour(_ text: String) -> String {
        var text = text
        for code in ["\u{1B}[31m", "\u{1B}[33m", "\u{1B}[32m", "\u{1B}[2m", "\u{1B}[0m"] {
            text = text.replacingOccurrences(of: code, with: "")
        }
        return text
    }
}

/// An RFC 4180 reader of the renderer's own CSV (CRLF records, quoted fields), for the round trip.
enum CSVLines {
    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var position = 0
        let bytes = Array(text.utf8)
        while position < bytes.count {
            let byte = bytes[position]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        position += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
            } else if byte == UInt8(ascii: "\"") {
                quoted = true
            } else if byte == UInt8(ascii: ",") {
                record.append(String(decoding: field, as: UTF8.self))
                field = []
            } else if byte == 13, position + 1 < bytes.count, bytes[position + 1] == 10 {
                record.append(String(decoding: field, as: UTF8.self))
                records.append(record)
                record = []
                field = []
                position += 1
            } else {
                field.append(byte)
            }
            position += 1
        }
        return records
    }
}
