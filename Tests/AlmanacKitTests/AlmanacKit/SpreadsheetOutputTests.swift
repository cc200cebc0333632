import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput

/// Files Almanac writes for spreadsheets: a rejects file in its input's form (delimiter, encoding,
/// byte-order mark, `sep=` line), fixed in the same program and imported back; `export --bom`.
@Suite struct SpreadsheetOutputTests {
    /// "Дюна" in windows-1251.
    static let dune: [UInt8] = [0xC4, 0xFE, 0xED, 0xE0]

    @Test func aRejectsFileKeepsTheInputsDelimiterAndEncoding() throws {
        let fixture = try ImportFixture()
        fixture.options.encoding = .windows1251
        fixture.options.skipInvalid = true
        fixture.options.rejectsPath = fixture.directory.path("rejects.csv")
        let bytes =
            Array("title;due_on\r\n".utf8) + Self.dune + Array(";2025-12-20\r\n".utf8) + Self.dune
            + Array(";2025-13-20\r\n".utf8)
        try fixture.write("books.csv", bytes: bytes)
        let outcome = try fixture.run([(.books, "books.csv")])
        #expect(outcome.report.rows == 1)
        let rejects = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.directory.path("rejects.csv"))))
        #expect(Array(rejects.prefix(22)) == Array("title;due_on;reason\n".utf8) + Self.dune.prefix(2))
        #expect(!rejects.contains(0xD0), "UTF-8 Cyrillic in a windows-1251 rejects file")
        // Fixed where it was (the month), it imports back with the same options.
        let text = rejects.split(separator: 10).map { Array($0) }
        let row = Array(text[1].prefix { $0 != UInt8(ascii: ";") }) + Array(";2025-12-21;\n".utf8)
        try fixture.write("fixed.csv", bytes: Array(text[0]) + [10] + row)
        fixture.options.skipInvalid = false
        fixture.options.rejectsPath = nil
        #expect(try fixture.run([(.books, "fixed.csv")]).diagnostics == [])
        #expect(
            try fixture.rows("SELECT title, due_on FROM books ORDER BY id") == [
                ["Дюна", "2025-12-20"], ["Дюна", "2025-12-21"],
            ])
    }

    @Test func aUTF16RejectsFileHasItsMarkAndASepLineIsKept() throws {
        let fixture = try ImportFixture()
        fixture.options.skipInvalid = true
        fixture.options.rejectsPath = fixture.directory.path("rejects.txt")
        try fixture.write(
            "books.txt", bytes: TextEncodingTests.utf16("title\tdue_on\nЁлка\t2025-12-41\n", bigEndian: false))
        _ = try fixture.run([(.books, "books.txt")])
        let rejects = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.directory.path("rejects.txt"))))
        #expect(Array(rejects.prefix(12)) == TextEncodingTests.utf16("title", bigEndian: false))
        fixture.options.rejectsPath = fixture.directory.path("rejects2.csv")
        try fixture.write("sep.csv", "sep=;\r\ntitle;due_on\r\nWar;2025-12-41\r\n")
        _ = try fixture.run([(.books, "sep.csv")])
        let second = try String(contentsOfFile: fixture.directory.path("rejects2.csv"), encoding: .utf8)
        #expect(second.hasPrefix("sep=;\r\ntitle;due_on;reason\nWar;2025-12-41;"), "\(second)")
    }

    @Test func exportWithAByteOrderMarkReadsBack() throws {
        let fixture = try ImportFixture()
        _ = try fixture.load(.books, "title,due_on\nВойна и мир,2025-12-20\n")
        let path = fixture.directory.path("out.csv")
        try Exporter.export(.books, from: fixture.database, to: path, sheet: SheetForm(delimiter: 59, bom: true))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let again = try ImportFixture()
        try again.write("back.csv", bytes: bytes)
        let outcome = try again.run([(.books, "back.csv")])
        #expect(outcome.diagnostics == [])
        #expect(outcome.report.files[0].dialect?.delimiter == 59)
        #expect(try again.rows("SELECT title FROM books") == [["Война и мир"]])
    }
}
