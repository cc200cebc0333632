import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// Control characters from data are shown, never sent raw: every C0 and C1 code point and DEL,
/// through `TerminalText` and through every renderer; CSV keeps the bytes and JSON escapes.
@Suite struct TerminalTextTests {
    /// Every code point that must not reach a terminal raw: C0, DEL and C1.
    static let controls: [UInt32] = Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F)

    static func notation(_ value: UInt32, _ layout: TerminalText.Layout = .escaped) -> String {
        switch value {
        case 0x09: return layout == .cell ? " " : "\\t"
        case 0x0A, 0x0D: return layout == .cell ? "↵" : (value == 0x0A ? "\\n" : "\\r")
        default: return "\\x" + String(value, radix: 16, uppercase: true).leftPadded(to: 2)
        }
    }

    static func text(_ value: UInt32) -> String { "a" + String(Unicode.Scalar(value)!) + "é[2J" }

    @Test(arguments: controls)
    func everyControlIsShownInOneNotation(_ value: UInt32) {
        let text = Self.text(value)
        for layout in [TerminalText.Layout.escaped, .reversible, .cell] {
            let shown = TerminalText.escaped(text, layout)
            #expect(shown == "a" + Self.notation(value, layout) + "é[2J", "\(layout)")
            #expect(!shown.unicodeScalars.contains { TerminalText.isControl($0.value) })
        }
    }

    /// The bidirectional controls, and printable neighbours that share their first bytes.
    static let bidiControls: [UInt32] = [0x61C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069)
    static let bidiNeighbours: [UInt32] = [
        0x61B, 0x61D, 0x200B, 0x200D, 0x2010, 0x2029, 0x202F, 0x2065, 0x206A, 0x2190, 0x20AC,
    ]

    @Test(arguments: bidiControls)
    func everyBidirectionalControlIsShownInEveryLayoutAndRenderer(_ value: UInt32) {
        let text = "a" + String(Unicode.Scalar(value)!) + "b"
        let notation = "\\u" + String(value, radix: 16, uppercase: true).leftPadded(to: 4)
        #expect(TerminalText.isBidiControl(value))
        for layout in [TerminalText.Layout.escaped, .reversible, .cell] {
            #expect(TerminalText.escaped(text, layout) == "a" + notation + "b", "\(layout)")
            #expect(
                TerminalText.escaped(text + "\n" + text, layout).unicodeScalars.allSatisfy {
                    !TerminalText.isBidiControl($0.value)
                })
        }
        let table = Table(
            columns: [Table.Column(key: "t", title: "T")], rows: [[.text(text)], [.text(text + "|" + text)]])
        for format in [OutputFormat.table, .markdown, .tsv] {
            let out = Renderer(format: format, localizer: .english).render(table)
            #expect(out.contains("a" + notation + "b"), "\(format)")
            #expect(!out.unicodeScalars.contains { TerminalText.isBidiControl($0.value) }, "\(format)")
        }
        #expect(Renderer(format: .csv, localizer: .english).render(table).contains(text), "CSV keeps the bytes")
    }

    /// The byte-level form reads a bidirectional control only from a whole three-byte sequence: E2 80
    /// followed by `.` (2E, which is not a continuation byte) is not U+202E, and the `.` stays.
    @Test func aCutSequenceIsNotReadAsABidirectionalControl() {
        for bytes: [UInt8] in [[0x61, 0xE2, 0x80, 0x2E, 0x62], [0x61, 0xE2, 0x2E, 0xAE, 0x62], [0xE2, 0x80]] {
            var out: [UInt8] = []
            bytes.withUnsafeBufferPointer { TerminalText.append($0, to: &out, .escaped) }
            #expect(out == bytes, "\(bytes)")
        }
    }

    @Test(arguments: bidiNeighbours)
    func printableNeighboursOfTheBidirectionalControlsAreKept(_ value: UInt32) {
        let text = "a" + String(Unicode.Scalar(value)!) + "b 👨‍👩‍👧 «ё»"
        #expect(!TerminalText.isBidiControl(value))
        for layout in [TerminalText.Layout.escaped, .reversible, .cell] {
            #expect(TerminalText.escaped(text, layout) == text, "\(layout)")
        }
    }

    @Test func printableTextIsLeftAsItIsAndTSVDoublesBackslashes() {
        let text = "Ёлка \\ 日本 🇯🇵 \u{A0}\u{A1}ÿ"
        #expect(TerminalText.escaped(text) == text)
        #expect(TerminalText.escaped(text, .cell) == text)
        #expect(TerminalText.escaped(text, .reversible) == "Ёлка \\\\ 日本 🇯🇵 \u{A0}\u{A1}ÿ")
        #expect(TerminalText.escaped("a\r\nb\rc\nd", .cell) == "a↵b↵c↵d")
    }

    @Test(arguments: controls)
    func everyRendererShowsTheControlEscapedOrKeepsItWhereTheFormatDoes(_ value: UInt32) {
        let text = Self.text(value)
        let table = Table(
            columns: [Table.Column(key: "t", title: "T" + String(Unicode.Scalar(value)!))], rows: [[.text(text)]])
        func render(_ format: OutputFormat) -> String {
            Renderer(format: format, localizer: .english).render(table)
        }
        for format in [OutputFormat.table, .markdown, .tsv] {
            let out = render(format)
            let raw = out.unicodeScalars.filter { TerminalText.isControl($0.value) && $0 != "\n" }
            #expect(raw.isEmpty, "\(format): \(raw.map(\.value))")
        }
        #expect(render(.tsv).contains("a" + Self.notation(value, .reversible) + "é[2J"))
        if value != 0x0A && value != 0x0D && value != 0x09 {
            #expect(render(.table).contains("a" + Self.notation(value) + "é[2J"))
            #expect(render(.markdown).contains("a" + Self.notation(value) + "é[2J"))
        }
        #expect(render(.csv).contains(text), "CSV keeps the bytes")
        let json = render(.json)
        #expect(!json.unicodeScalars.contains { TerminalText.isControl($0.value) && $0 != "\n" })
        let decoded = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: String]]
        #expect(decoded?.first?["t"] == text, "JSON escapes and reads back")
    }

    @Test(arguments: controls)
    func anImportErrorQuotesTheValueEscaped(_ value: UInt32) {
        let shown = ImportDiagnostic.shown("2025" + String(Unicode.Scalar(value)!) + "[2J-01-01")
        #expect(shown == "2025" + Self.notation(value) + "[2J-01-01")
    }

    @Test func aLongValueIsCutBeforeItIsEscaped() {
        let shown = ImportDiagnostic.shown(String(repeating: "\u{1B}", count: 70))
        #expect(shown == String(repeating: "\\x1B", count: 60) + "…")
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
