import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit

/// Structural faults of a file, each at its physical line (quoted line breaks count) and character
/// column, with the database unchanged; and the reader's handling of the things that are not faults.
@Suite struct CSVReaderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let expected: [String]
        var encoding: TextEncoding = .utf8
        var testDescription: String { name }
    }

    static let header = "title,due_on,author\n"
    static func text(_ body: String) -> [UInt8] { Array((header + body).utf8) }

    static let cases: [Case] = [
        Case(
            name: "an empty file", bytes: [],
            expected: ["books.csv:1:1: error: the file is empty (expected a header line)"]),
        Case(
            name: "only blank lines", bytes: Array("\n\r\n\n".utf8),
            expected: ["books.csv:1:1: error: the file is empty (expected a header line)"]),
        Case(
            name: "an unterminated quote", bytes: text("War,2025-12-20,Tolstoy\nPeace,2025-12-20,\"Lev\nTolstoy\n"),
            expected: [#"books.csv:3:18: error: a quoted field is never closed (the file ends inside it)"#]),
        Case(
            name: "an unterminated quote in a first field", bytes: text("\"War,2025-12-20,x\n\nmore\n"),
            expected: [#"books.csv:2:1: error: a quoted field is never closed (the file ends inside it)"#]),
        Case(
            name: "a quote inside an unquoted field", bytes: text("War,2025-12-20,Lev \"Tolstoy\"\n"),
            expected: [
                #"books.csv:2:20: error: a quote inside a field that does not start with one (quote the whole field and double the quote)"#
            ]),
        Case(
            name: "text after a closing quote", bytes: text("\"War\" and Peace,2025-12-20,x\n"),
            expected: [
                #"books.csv:2:6: error: text after a closing quote (expected a delimiter or the end of the line)"#
            ]),
        Case(
            name: "too many fields", bytes: text("War,2025-12-20,Lev,Tolstoy\n"),
            expected: [#"books.csv:2:20: error: too many fields: expected 3 as in the header, found 4"#]),
        Case(
            name: "too few fields", bytes: text("War,2025-12-20\n"),
            expected: [#"books.csv:2:15: error: too few fields: expected 3 as in the header, found 2"#]),
        Case(
            name: "a NUL byte", bytes: text("War,2025-12-20,Lev\u{0}\n"),
            expected: [#"books.csv:2:19: error: a NUL byte (the file looks binary)"#]),
        Case(
            name: "invalid UTF-8 at its byte, after Cyrillic",
            bytes: Array((header + "Война,2025-12-20,Лев").utf8) + [0xC3, 0x28] + [10],
            expected: [#"books.csv:2:21: error: invalid UTF-8 (byte 0xC3); give --encoding if the file is not UTF-8"#]),
        Case(
            name: "invalid UTF-8 inside a quoted field on its second line",
            bytes: Array((header + "\"War\nand ").utf8) + [0xFF] + Array(" Peace\",2025-12-20,x\n".utf8),
            expected: [#"books.csv:3:5: error: invalid UTF-8 (byte 0xFF); give --encoding if the file is not UTF-8"#]),
        Case(
            name: "quoted line breaks count as lines",
            bytes: text("\"War\nand\r\nPeace\",2025-12-20,\"Lev\"\"\nTolstoy\"\nDune,2025-02-30,x\n"),
            expected: [#"books.csv:6:6: error: column "due_on": "2025-02-30" is not a date (expected YYYY-MM-DD)"#]),
        Case(
            name: "classic Mac line ends (CR) count as lines",
            bytes: Array("title,due_on,author\rWar,2025-12-20,\"Lev\rTolstoy\"\rDune,2025-02-30,x\r".utf8),
            expected: [#"books.csv:4:6: error: column "due_on": "2025-02-30" is not a date (expected YYYY-MM-DD)"#]),
        Case(
            name: "columns count characters, not bytes", bytes: text("Снежная королева 🎄,2025-13-01,x\n"),
            expected: [#"books.csv:2:20: error: column "due_on": "2025-13-01" is not a date (expected YYYY-MM-DD)"#]),
        Case(
            name: "a byte windows-1251 does not have",
            bytes: Array("title,due_on\nWar".utf8) + [0x98] + Array(",2025-12-20\n".utf8),
            expected: [#"books.csv:2:4: error: a byte that is not a windows-1251 character"#], encoding: .windows1251),
        Case(
            name: "a missing, a duplicate and an unknown column",
            bytes: Array("title,Title,colour\nWar,War,red\n".utf8),
            expected: [
                #"books.csv:1:7: error: column "title" appears twice"#,
                #"books.csv:1:13: error: column "colour" is not a column of books (accepted: id, title, author, borrower, loaned (loaned_on), due (due_on), returned (returned_on)); --map "colour=COLUMN" reads it as one of them"#,
                #"books.csv:1:1: error: missing required column "due_on" (accepted: id, title, author, borrower, loaned_on, due_on, returned_on)"#,
            ]),
    ]

    @Test(arguments: cases)
    func faultIsLocatedAndNothingIsWritten(_ fault: Case) throws {
        let fixture = try ImportFixture()
        fixture.options.encoding = fault.encoding
        _ = try fixture.load(.books, "title,due_on\nKept,2025-12-20\n")
        let before = try fixture.dump()
        try fixture.write("books.csv", bytes: fault.bytes)
        let outcome = try fixture.run([(.books, "books.csv")])
        #expect(outcome.diagnostics == fault.expected)
        #expect(!outcome.report.committed)
        #expect(try fixture.dump() == before)
    }

    @Test func longRowsEndBatchesByTheirBytes() throws {
        let fixture = try ImportFixture()
        let long = String(repeating: "Ж", count: 3_000)
        var text = "title,due_on,author\n"
        for index in 0..<2_000 { text += "\"\(index)\n\(long)\",2025-12-20,\(long)\n" }
        let outcome = try fixture.load(.books, text + "Last,2025-12-20,\"\(long)\" x\n")
        #expect(text.utf8.count > 2 * CSVReader.batchBytes)
        #expect(
            outcome.diagnostics == [
                "books.csv:4002:3019: error: text after a closing quote (expected a delimiter or the end of the line)"
            ])
        fixture.options.skipInvalid = true
        #expect(try fixture.load(.books, text).report.rows == 2_000)
    }

    @Test func anOverlongFieldStopsTheFileWithoutTakingItsMemory() throws {
        let fixture = try ImportFixture()
        fixture.options.skipInvalid = true
        let text =
            "title,due_on\nWar,2025-12-20\nPeace,\"" + String(repeating: "x", count: CSVReader.maximumField + 10) + "\n"
        let outcome = try fixture.load(.books, text)
        #expect(
            outcome.diagnostics == [
                "books.csv:3:7: error: a field longer than 8 MiB starts here (a quote that is never closed?); reading stopped"
            ])
        #expect(try fixture.rows("SELECT title FROM books") == [["War"]])
    }

    @Test func headerOnlyImportsNothingAndSucceeds() throws {
        let fixture = try ImportFixture()
        let outcome = try fixture.load(.books, "id,title,due_on\n")
        #expect(outcome.diagnostics.isEmpty)
        #expect(outcome.report.committed)
        #expect(outcome.report.rows == 0)
        #expect(try fixture.rows("SELECT kind, rows, rejected FROM import_log") == [["books", "0", "0"]])
    }

    @Test func headerIsMatchedByNameInAnyOrderCaseAndSpacesAfterABOM() throws {
        let fixture = try ImportFixture()
        let text = "\u{FEFF} Due On ,TITLE,  author\n2025-12-20,War,\n"
        let outcome = try fixture.load(.books, text)
        #expect(outcome.diagnostics.isEmpty)
        #expect(
            try fixture.rows("SELECT title, author, loaned_on, due_on FROM books") == [
                ["War", nil, "2025-12-01", "2025-12-20"]
            ])
    }

    @Test func fieldsKeepTheirSpacesAndEmptyOptionalFieldsAreNull() throws {
        let fixture = try ImportFixture()
        _ = try fixture.load(.books, "title,author,borrower,due_on\n  War  ,\"\", ,2025-12-20\n")
        #expect(try fixture.rows("SELECT title, author, borrower FROM books") == [["  War  ", nil, " "]])
    }

    @Test(arguments: [(",", UInt8(ascii: ",")), (";", UInt8(ascii: ";")), ("tab", UInt8(9))])
    func delimiters(_ name: String, _ byte: UInt8) throws {
        let fixture = try ImportFixture()
        let delimiter = try #require(ImportOptions.delimiter(named: name))
        fixture.options.delimiter = delimiter
        let d = String(UnicodeScalar(byte))
        _ = try fixture.load(.books, "title\(d)due_on\r\n\"a\(d)b\"\(d)2025-12-20\r\n")
        #expect(try fixture.rows("SELECT title FROM books") == [["a\(d)b"]])
    }

    @Test func windows1251AndLatin1BecomeUTF8() throws {
        let fixture = try ImportFixture()
        fixture.options.encoding = .windows1251
        // "Война и мир" and "Ёлка №1" in windows-1251.
        let war: [UInt8] = [0xC2, 0xEE, 0xE9, 0xED, 0xE0, 0x20, 0xE8, 0x20, 0xEC, 0xE8, 0xF0]
        let tree: [UInt8] = [0xA8, 0xEB, 0xEA, 0xE0, 0x20, 0xB9, 0x31]
        try fixture.write(
            "books.csv", bytes: Array("title,author,due_on\n".utf8) + war + [44] + tree + Array(",2025-12-20\n".utf8))
        _ = try fixture.run([(.books, "books.csv")])
        fixture.options.encoding = .latin1
        try fixture.write(
            "more.csv", bytes: Array("title,due_on\n".utf8) + [0x43, 0x61, 0x66, 0xE9] + Array(",2025-12-20\n".utf8))
        _ = try fixture.run([(.books, "more.csv")])
        #expect(
            try fixture.rows("SELECT title, author FROM books ORDER BY id") == [
                ["Война и мир", "Ёлка №1"], ["Café", nil],
            ])
    }

    @Test func aLargeFileStreamsThroughManyChunksAndBatches() throws {
        let fixture = try ImportFixture()
        var text = "id,title,due_on\n"
        for id in 1...30_000 { text += "\(id),\"Title \(id), with \"\"quotes\"\"\nand a line\",2025-12-20\n" }
        let outcome = try fixture.load(.books, text + "30001,Last,2025-12-32\n")
        #expect(
            outcome.diagnostics == [
                #"books.csv:60002:12: error: column "due_on": "2025-12-32" is not a date (expected YYYY-MM-DD)"#
            ])
        #expect(try fixture.rows("SELECT count(*) FROM books") == [["0"]])
    }

    /// A row of ten thousand fields under a header of three: refused at its first extra field, and its
    /// record keeps the header's width and `CSVReader.fieldsPastHeader` more, which is what a rejects
    /// file gets (a row that wide is cut there).
    @Test func aRowWiderThanItsHeaderKeepsOnlyWhatARejectsFileNeeds() throws {
        let fixture = try ImportFixture()
        fixture.options.skipInvalid = true
        fixture.options.rejectsPath = fixture.directory.path("rejects.csv")
        let text =
            "title,due_on,author\nWar,2025-12-20,x" + String(repeating: ",y", count: 9_997) + "\nPeace,2025-12-20,z\n"
        let outcome = try fixture.load(.books, text)
        #expect(
            outcome.diagnostics == ["books.csv:2:18: error: too many fields: expected 3 as in the header, found 10000"])
        #expect(try fixture.rows("SELECT title FROM books") == [["Peace"]])
        let rejected = try String(contentsOfFile: fixture.directory.path("rejects.csv"), encoding: .utf8).split(
            separator: "\n")
        #expect(rejected.count == 2)
        let kept = "War,2025-12-20,x" + String(repeating: ",y", count: 1 + CSVReader.fieldsPastHeader)
        #expect(rejected[1].hasPrefix(kept + ",\"2:18: too many fields"))
    }

    /// Faults in a row wider than what it keeps are placed by the reader itself, at their character.
    @Test(arguments: [
        (",\"ab\"c,d\n", "text after a closing quote (expected a delimiter or the end of the line)", 4),
        (
            ",ab\"c\n",
            "a quote inside a field that does not start with one (quote the whole field and double the quote)", 2
        ),
        (",\"open\nmore", "a quoted field is never closed (the file ends inside it)", 0),
    ])
    func faultsInAVeryWideRowArePlacedAtTheirCharacter(_ tail: String, _ message: String, _ offset: Int) throws {
        let fixture = try ImportFixture()
        let row = "War,2025-12-20,x" + String(repeating: ",y", count: 2_000)
        let outcome = try fixture.load(.books, "title,due_on,author\n" + row + tail)
        #expect(outcome.diagnostics == ["books.csv:2:\(row.count + 2 + offset): error: \(message)"])
    }

    /// A quoted field that goes on past the end of a read, with a doubled quote split by it, and one
    /// that the file ends inside of after several reads: the reader follows each by its bytes.
    @Test func quotedFieldsAcrossReadsAreFollowedByTheirBytes() throws {
        let fixture = try ImportFixture()
        let header = "title,due_on,author,loaned_on\n"
        let start = "War,2025-12-20,\""
        // The first read ends between the two quotes of a doubled quote.
        let padding = String(repeating: "x", count: CSVReader.chunkSize - 1 - header.utf8.count - start.utf8.count)
        let line = start + padding + "\"\"y\",z,2025-13-01"
        #expect(Array((header + line).utf8)[CSVReader.chunkSize - 1...CSVReader.chunkSize] == [34, 34])
        var outcome = try fixture.load(.books, header + line + "\n")
        #expect(
            outcome.diagnostics == [
                "books.csv:2:\(line.count - 9): error: too many fields: expected 4 as in the header, found 5"
            ])
        let head = "title,due_on,author\n" + start
        outcome = try fixture.load(.books, head + String(repeating: "long text ", count: 250_000))
        #expect(
            outcome.diagnostics == ["books.csv:2:16: error: a quoted field is never closed (the file ends inside it)"])
        outcome = try fixture.load(.books, head + String(repeating: "long text ", count: 250_000) + "\"")
        #expect(outcome.diagnostics == [] && outcome.report.rows == 1)
    }
}
