import Foundation
import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacQuiz
@testable import AlmanacText
@testable import AlmanacViews

/// A query's rows are written from SQLite's memory (`StreamedCell`) without a string per value: the
/// output must be byte for byte what the same rows give as cells, in every format, whatever the text
/// holds (invalid UTF-8, controls, bidirectional controls, pipes, quotes, separators, dates and
/// instants that are and are not one), also once markdown writes on as rows come and a box spools.
@Suite struct StreamedRowsTests {
    /// Hostile and ordinary values, under names that make them dates (`*_on`), instants (`*_at`),
    /// identifiers (`id`) or plain text.
    static let sql = """
        SELECT column1 AS id, column2 AS title, column3 AS due_on, column4 AS starts_at, column5 AS note FROM (VALUES
          (1, 'plain', '2025-06-01', '2025-06-01T10:00:00Z', 'x'),
          (2, 'Мария Иванова, "vol. 2"', '2025-6-1', '2025-06-01 10:00:00', 'a|b'),
          (3, CAST(x'41ff42c0af' AS TEXT), '2024-02-30', '2025-06-01T10:00:00', CAST(x'e2808ae280aee281a6d89ce2808d' AS TEXT)),
          (4, 'tab' || char(9) || 'and' || char(10) || 'line' || char(13), '0000-01-01', 'soon', char(27) || '[2J'),
          (5, 'back\\slash ' || char(133) || ' next ' || char(8232) || ' sep', NULL, NULL, ''),
          (6, '東京 🇯🇵 é', '9999-12-31', '1970-01-01T00:00:00Z', x'00ff'),
          (7, NULL, 20250601, 1.5, -42),
          (-9223372036854775808, 'last', '2025-12-22 ', ' 2025-01-01T00:00:00Z', 'ok'))
        """

    static func rows(_ session: ReportSession) throws -> ResultRows {
        try session.query(sql, arguments: [])
    }

    static let formats: [OutputFormat] = [.csv, .tsv, .json, .markdown, .table, .html]

    @Test(arguments: formats, [Int.max, 0])
    func streamedRowsAreWrittenAsTheirCells(_ format: OutputFormat, heldBytes: Int) throws {
        for locale in ["en", "ru"] {
            let session = try ReportSession(settings: FixtureDatabase.settings(locale))
            var renderer = Renderer(
                format: format, localizer: session.settings.localizer, today: LocalDate("2025-12-22"), width: nil)
            renderer.heldBytes = heldBytes
            // Many rows, so that markdown writes on past its window and a box spools to its file.
            let copies = 3

            let streamed = try TableWriter(renderer, head: Self.rows(session).head, output: nil)
            for _ in 0..<copies {
                try Self.rows(session).forEachStreamed { try streamed.row(streamed: $0) }
            }
            try streamed.finish()

            let cells = try TableWriter(renderer, head: Self.rows(session).head, output: nil)
            for _ in 0..<copies {
                // swift-format-ignore: ReplaceForEachWithForLoop
                try Self.rows(session).forEach { try cells.row($0) }
            }
            try cells.finish()

            #expect(streamed.text == cells.text, "\(format) in \(locale), held \(heldBytes)")
            #expect(streamed.rowCount == 8 * copies)
        }
    }

    /// `books list` without a text filter reads its loans as statement rows (`LoanTable.Rows.row(_:into:)`);
    /// the output is that of the same loans read whole, in every format and language.
    @Test(arguments: formats, [Int.max, 0])
    func loanRowsAreWrittenAsTheirLoans(_ format: OutputFormat, heldBytes: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "almanac-streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("loans.db").path
        try Store.create(path).execute(
            """
            INSERT INTO books (id, title, author, borrower, loaned_on, due_on, returned_on) VALUES
              (1, 'Мастер и Маргарита', 'Михаил Булгаков', 'Аня', '2025-10-01', '2025-11-29', NULL),
              (2, CAST(x'41ff42' AS TEXT), 'a|b', CAST(x'c0af' AS TEXT), '2025-12-01', '2025-12-19', '2025-12-02'),
              (3, 'tab' || char(9) || 'line' || char(10) || 'end', char(27) || '[2J', 'ノルウェイの森 🇯🇵', '2025-12-10', '2025-12-24', NULL),
              (4, 'C1 ' || char(133) || ' sep ' || char(8232), NULL, NULL, '2025-01-01', '2025-02-01', NULL),
              (5, 'quote "and", comma', 'back\\slash', '', '2025-12-01', '2026-01-15', NULL)
            """)
        let store = try LoanStore.openForReading(path)
        for locale in ["en", "ru"] {
            let settings = FixtureDatabase.settings(locale)
            var renderer = Renderer(
                format: format, localizer: settings.localizer, today: FixtureDatabase.today, width: nil)
            renderer.heldBytes = heldBytes
            for filter in [LoanFilter(), LoanFilter(openOnly: true), LoanFilter(overdueOnly: true, limit: 2)] {
                let rows = LoanTable.Rows(today: FixtureDatabase.today, localizer: settings.localizer)
                let head = LoanTable.head(settings.localizer)
                let streamed = try TableWriter(renderer, head: head, output: nil)
                var cells: [StreamedCell] = []
                try store.forEachLoanRow(filter, today: FixtureDatabase.today) { statement in
                    cells.removeAll()
                    try rows.row(statement, into: &cells)
                    try streamed.row(streamed: cells)
                }
                try streamed.finish()
                let whole = try TableWriter(renderer, head: head, output: nil)
                try store.forEachLoan(filter, today: FixtureDatabase.today) { try whole.row(rows.row($0)) }
                try whole.finish()
                #expect(streamed.text == whole.text, "\(format) in \(locale), \(filter)")
                #expect(streamed.rowCount == whole.rowCount && whole.rowCount > 0)
            }
        }
    }

    /// `isValidUTF8` says yes exactly when `String(decoding:)` would change nothing.
    @Test func utf8IsCheckedAsStringsRepairIt() {
        var random = SeededRandom(seed: 2025)
        let pieces: [[UInt8]] = [
            [0x41], [0xC2, 0x85], [0xD0, 0x9C], [0xE2, 0x80, 0xA8], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
            [0xF0, 0x9F, 0x87, 0xAF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF],
            [0xE0, 0x80, 0xAF],
            [0xF0, 0x80, 0x80, 0xAF], [0x80], [0xBF], [0xFE], [0xFF], [0xE2, 0x82], [0xF0, 0x9F, 0x87], [0x00], [0x7F],
            // Runs of two-byte characters, read four at a time, and what may break one: a lone lead,
            // an overlong C0/C1 lead, the largest two-byte value.
            [0xD0, 0x9C, 0xD0, 0xB0, 0xD1, 0x80, 0xD0, 0xB8, 0xD1, 0x8F], [0xCE, 0xA9, 0xCE, 0xB1], [0xDF, 0xBF],
            [0xD0],
            [0xC1, 0xBF], [0xC0, 0x80], [0xD1, 0xC0],
        ]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.below(25) { bytes += pieces[random.below(pieces.count)] }
            if random.below(4) == 0 { bytes += Array(repeating: UInt8(ascii: "a"), count: random.below(21)) }
            let repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
            let valid = bytes.withUnsafeBufferPointer(isValidUTF8)
            #expect(valid == (repaired == bytes), "\(bytes)")
        }
    }
}

@Suite struct ByteScanTests {
    /// Pieces of text that the word-at-a-time scans must see wherever they fall in a word.
    static let pieces: [String] = [
        "a", "Zq", "|", "<", ">", "\"", "\\", "\t", "\n", "\u{7F}", "\u{1B}", "\u{85}", "é", "Ж", "я", "ё",
        "\u{2028}", "\u{2029}", "—", "…", "→", "\u{301}", "\u{483}", "ω", "字", "🇯🇵", "        ", "0123456789",
        "Мария", "Иванова", "ѐѿ", "ҁ", "Ωμέγα",
    ]

    static func randomText(_ random: inout SeededRandom) -> String {
        (0..<random.below(30)).map { _ in pieces[random.below(pieces.count)] }.joined()
    }

    /// The eight-bytes-at-a-time JSON check finds exactly what the byte-by-byte one finds.
    @Test func jsonAttentionIsFoundWhereverItFalls() {
        var random = SeededRandom(seed: 11)
        for _ in 0..<20_000 {
            var bytes = Array(Self.randomText(&random).utf8)
            if random.below(3) == 0 { bytes.append(UInt8(random.below(256))) }
            let wordwise = bytes.withUnsafeBufferPointer(Renderer.needsJSONAttention)
            let bytewise = bytes.contains {
                $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2
            }
            #expect(wordwise == bytewise, "\(bytes)")
        }
    }

    /// The eight-bytes-at-a-time csv check finds exactly what the byte-by-byte one finds, for the
    /// comma and for another delimiter.
    @Test func csvQuotingIsFoundWhereverItFalls() {
        var random = SeededRandom(seed: 14)
        let separators = [",", ";", "\r", "\r\n"]
        for _ in 0..<20_000 {
            var text = Self.randomText(&random)
            if random.below(3) == 0 { text.insert(contentsOf: separators[random.below(4)], at: text.startIndex) }
            if random.below(3) == 0 { text += separators[random.below(4)] }
            let bytes = Array(text.utf8)
            for delimiter in [UInt8(ascii: ","), UInt8(ascii: ";")] {
                let wordwise = bytes.withUnsafeBufferPointer { DelimitedFormat.needsQuotes($0, delimiter) }
                let bytewise = bytes.contains { $0 == delimiter || $0 == 0x22 || $0 == 10 || $0 == 13 }
                #expect(wordwise == bytewise, "\(bytes)")
            }
        }
    }

    /// `simpleWidth` refusing markdown's `|`, `<` and `>` is nil exactly when the text has one or is
    /// not simple, and any width it gives is the width of the text's characters.
    @Test func simpleWidthRefusesPipesAndCountsCharacters() {
        var random = SeededRandom(seed: 12)
        for _ in 0..<20_000 {
            var text = Self.randomText(&random)
            let refusing = text.withUTF8 { DisplayWidth.simpleWidth(utf8: $0, refusing: .markdown) }
            let plain = text.withUTF8 { DisplayWidth.simpleWidth(utf8: $0) }
            #expect(
                refusing == (text.contains(where: { "|<>".contains($0) }) ? nil : plain), "\(text.debugDescription)")
            if let plain { #expect(plain == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text.debugDescription)") }
        }
    }

    /// The output buffer grows past its first size in small and large writes and keeps every byte
    /// in order; numbers are written as `String` writes them.
    @Test func byteOutputGrowsAndKeepsOrder() {
        var out = ByteOutput(writer: nil)
        var expected: [UInt8] = []
        var random = SeededRandom(seed: 13)
        let numbers: [Int64] = [0, -1, 7, 10, -10, 99, 100, 1_000_000, .max, .min]
        for round in 0..<3_000 {
            switch random.below(5) {
            case 0:
                let number = numbers[random.below(numbers.count)]
                out.append(decimal: number)
                expected += String(number).utf8
            case 1:
                let spaces = random.below(90) - 10
                out.pad(spaces)
                expected += Array(repeating: UInt8(ascii: " "), count: max(0, spaces))
            case 2:
                let text = Self.randomText(&random)
                out.append(text)
                expected += text.utf8
            case 3:
                out.append(UInt8(truncatingIfNeeded: round))
                expected.append(UInt8(truncatingIfNeeded: round))
            default:
                let long = [UInt8](
                    repeating: UInt8(truncatingIfNeeded: round),
                    count: random.below(3) == 0 ? 100_000 : random.below(300))
                out.append(long)
                expected += long
            }
        }
        out.write { $0 += "written aside".utf8 }
        expected += "written aside".utf8
        #expect(out.count == expected.count)
        #expect(out.bytes == expected)
    }
}

@Suite struct ShownCellsTests {
    /// The span of days whose shown cells are kept in place is 1900 to 2100.
    @Test func theDatesKeptInPlaceAre1900To2100() {
        #expect(ShownCells.firstDay == LocalDate(year: 1900, month: 1, day: 1)!.dayNumber)
        #expect(ShownCells.firstDay + ShownCells.dayCount - 1 == LocalDate(year: 2100, month: 12, day: 31)!.dayNumber)
    }
}
