import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// The encodings spreadsheets write: UTF-8 with or without a byte-order mark, UTF-16 in either byte
/// order (Excel's "Unicode text"), windows-1251 and windows-1252; each read into the same rows, and
/// errors placed at their character whatever the bytes.
@Suite struct TextEncodingTests {
    static let title = "Снежная королева № 1 — «Ёлка» café"

    /// The books file every case holds, as text.
    static func text(_ delimiter: String = ",") -> String {
        "title\(delimiter)author\(delimiter)due_on\r\n\"\(title)\"\(delimiter)Андерсен\(delimiter)2025-12-20\r\n"
    }

    static func utf16(_ text: String, bigEndian: Bool, mark: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            bytes += bigEndian ? pair.reversed() : pair
        }
        return bytes
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let given: TextEncoding?
        let found: TextEncoding
        let source: FileDialect.Source
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "UTF-8", bytes: Array(text().utf8), given: nil, found: .utf8, source: .assumed),
        Case(
            name: "UTF-8 with a byte-order mark", bytes: [0xEF, 0xBB, 0xBF] + Array(text().utf8), given: nil,
            found: .utf8,
            source: .byteOrderMark),
        Case(
            name: "UTF-16LE by its mark (Excel's Unicode text)", bytes: utf16(text(), bigEndian: false), given: nil,
            found: .utf16LE,
            source: .byteOrderMark),
        Case(
            name: "UTF-16BE by its mark", bytes: utf16(text(), bigEndian: true), given: nil, found: .utf16BE,
            source: .byteOrderMark),
        Case(
            name: "UTF-16LE without a mark, as given", bytes: utf16(text(), bigEndian: false, mark: false),
            given: .utf16LE,
            found: .utf16LE, source: .given),
        Case(
            name: "UTF-16BE with its mark, as given", bytes: utf16(text(), bigEndian: true), given: .utf16BE,
            found: .utf16BE,
            source: .given),
    ]

    @Test(arguments: cases)
    func readsTheSameRows(_ example: Case) throws {
        let fixture = try ImportFixture()
        fixture.options.encoding = example.given
        try fixture.write("books.csv", bytes: example.bytes)
        let outcome = try fixture.run([(.books, "books.csv")])
        #expect(outcome.diagnostics == [])
        #expect(try fixture.rows("SELECT title, author FROM books") == [[Self.title, "Андерсен"]])
        #expect(outcome.report.files.first?.dialect?.encoding == example.found)
        #expect(outcome.report.files.first?.dialect?.encodingSource == example.source)
    }

    @Test func windows1252HasItsOwnCharactersAbove0x7F() throws {
        let fixture = try ImportFixture()
        fixture.options.encoding = .windows1252
        // "Œuvre – “€5”" in windows-1252.
        let text: [UInt8] = [0x8C, 0x75, 0x76, 0x72, 0x65, 0x20, 0x96, 0x20, 0x93, 0x80, 0x35, 0x94]
        try fixture.write("books.csv", bytes: Array("title,due_on\n".utf8) + text + Array(",2025-12-20\n".utf8))
        #expect(try fixture.run([(.books, "books.csv")]).diagnostics == [])
        #expect(try fixture.rows("SELECT title FROM books") == [["Œuvre – “€5”"]])
        fixture.options.encoding = .windows1252
        try fixture.write("bad.csv", bytes: Array("title,due_on\nab".utf8) + [0x81] + Array(",2025-12-20\n".utf8))
        #expect(
            try fixture.run([(.books, "bad.csv")]).diagnostics == [
                "bad.csv:2:3: error: a byte that is not a windows-1252 character"
            ])
    }

    /// Chunks split UTF-16 units and surrogate pairs anywhere: every split reads the same.
    @Test func utf16SplitAnywhereReadsTheSame() throws {
        let text = "a🎄Ж,b\n"
        let bytes = Self.utf16(text, bigEndian: false, mark: false)
        for cut in 0...bytes.count {
            let transcoder = try #require(TextEncoding.utf16LE.transcoder())
            var out = [UInt8]()
            bytes[..<cut].withUnsafeBytes { out += transcoder.convert($0) }
            bytes[cut...].withUnsafeBytes { out += transcoder.convert($0) }
            out += transcoder.finish()
            #expect(String(decoding: out, as: UTF8.self) == text, "cut at \(cut)")
        }
    }

    @Test func brokenUTF16IsAnErrorAtItsCharacter() throws {
        let fixture = try ImportFixture()
        // A lone high surrogate (D83C) after "ab" in the title.
        let bytes =
            Self.utf16("title,due_on\nab", bigEndian: false) + [0x3C, 0xD8]
            + Self.utf16("c,2025-12-20\n", bigEndian: false, mark: false)
        try fixture.write("books.csv", bytes: bytes)
        #expect(
            try fixture.run([(.books, "books.csv")]).diagnostics == [
                "books.csv:2:3: error: a unit that is not a utf-16le character (half a surrogate pair, or an odd byte at the end)"
            ])
        try fixture.write("odd.csv", bytes: Self.utf16("title,due_on\nab,2025-12-20\nc", bigEndian: false) + [0x41])
        #expect(
            try fixture.run([(.books, "odd.csv")]).diagnostics == [
                "odd.csv:3:2: error: a unit that is not a utf-16le character (half a surrogate pair, or an odd byte at the end)"
            ])
    }

    @Test func aMarkThatContradictsTheOptionIsRefused() throws {
        let fixture = try ImportFixture()
        fixture.options.encoding = .windows1251
        try fixture.write("books.csv", bytes: Self.utf16(Self.text(), bigEndian: false))
        #expect(throws: AlmanacError.self) { try fixture.run([(.books, "books.csv")]) }
        #expect(try fixture.rows("SELECT count(*) FROM books") == [["0"]])
    }

    @Test func cyrillicInWindows1251ReadAsUTF8GetsTheOptionToGive() throws {
        let fixture = try ImportFixture()
        // "Дюна,Герберт" in windows-1251.
        let dune: [UInt8] = [0xC4, 0xFE, 0xED, 0xE0, 0x2C, 0xC3, 0xE5, 0xF0, 0xE1, 0xE5, 0xF0, 0xF2]
        try fixture.write("books.csv", bytes: Array("title,author,due_on\n".utf8) + dune + Array(",2025-12-20\n".utf8))
        #expect(
            try fixture.run([(.books, "books.csv")]).diagnostics == [
                "books.csv:2:1: error: invalid UTF-8 (byte 0xC4); the text reads as Cyrillic in windows-1251: give --encoding windows-1251"
            ])
        // One stray byte, or UTF-8 Cyrillic cut short, gets the general advice.
        try fixture.write(
            "stray.csv", bytes: Array("title,due_on\nFrank Herb".utf8) + [0xFF] + Array(",2025-12-20\n".utf8))
        try fixture.write("cut.csv", bytes: Array("title,due_on\nОно,2025-12-20\nОно".utf8) + [0xD0])
        #expect(
            try fixture.run([(.books, "stray.csv")]).diagnostics == [
                "stray.csv:2:11: error: invalid UTF-8 (byte 0xFF); give --encoding if the file is not UTF-8"
            ])
        #expect(
            try fixture.run([(.books, "cut.csv")]).diagnostics == [
                "cut.csv:3:4: error: invalid UTF-8 (byte 0xD0); give --encoding if the file is not UTF-8"
            ])
    }
}
