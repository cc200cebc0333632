@testable import AlmanacKit
import Foundation
import Testing

/// A query's rows are written from SQLite's memory (`StreamedCell`) without a string per value: the
/// output must be byte for byte what the same rows give as cells, in every format, whatever the text
/// holds (invalid UTF-8, controls, pipes, quotes, separators, dates and instants that are and are not
/// one), also once markdown writes on as rows come and a box spools.
@Suite struct StreamedRowsTests {
    /// Hostile and ordinary values, under names that make them dates (`*_on`), instants (`*_at`),
    /// identifiers (`id`) or plain text.
    static let sql = """
        SELECT column1 AS id, column2 AS title, column3 AS due_on, column4 AS starts_at, column5 AS note FROM (VALUES
          (1, 'plain', '2025-06-01', '2025-06-01T10:00:00Z', 'x'),
          (2, 'Мария Иванова, "vol. 2"', '2025-6-1', '2025-06-01 10:00:00', 'a|b'),
          (3, CAST(x'41ff42c0af' AS TEXT), '2024-02-30', '2025-06-01T10:00:00', CAST(x'e2808a' AS TEXT)),
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
            var renderer = Renderer(format: format, localizer: session.settings.localizer, today: LocalDate("2025-12-22"), width: nil)
            renderer.heldBytes = heldBytes
            renderer.spoolBytes = heldBytes
            // Many rows, so that markdown writes on past its window and a box spools to its file.
            let copies = 3

            let streamed = try TableWriter(renderer, head: Self.rows(session).head, output: nil)
            for _ in 0..<copies {
                try Self.rows(session).forEachStreamed { try streamed.row(streamed: $0) }
            }
            try streamed.finish()

            let cells = try TableWriter(renderer, head: Self.rows(session).head, output: nil)
            for _ in 0..<copies { try Self.rows(session).forEach { try cells.row($0) } }
            try cells.finish()

            #expect(streamed.text == cells.text, "\(format) in \(locale), held \(heldBytes)")
            #expect(streamed.rowCount == 8 * copies)
        }
    }

    /// `isValidUTF8` says yes exactly when `String(decoding:)` would change nothing.
    @Test func utf8IsCheckedAsStringsRepairIt() {
        var random = SeededRandom(seed: 2025)
        let pieces: [[UInt8]] = [[0x41], [0xC2, 0x85], [0xD0, 0x9C], [0xE2, 0x80, 0xA8], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
            [0xF0, 0x9F, 0x87, 0xAF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF],
            [0xF0, 0x80, 0x80, 0xAF], [0x80], [0xBF], [0xFE], [0xFF], [0xE2, 0x82], [0xF0, 0x9F, 0x87], [0x00], [0x7F]]
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
