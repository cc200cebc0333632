import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// The delimiter found when `--delimiter` is not given: Excel's `sep=` line, else the candidate that
/// splits the header into known names and the sampled lines into the header's width; a later line
/// that disagrees is an error at that line; spreadsheets' empty trailing columns and rows are ignored
/// and nothing with a name or a value is dropped.
@Suite struct DelimiterSnifferTests {
    static func sniff(_ text: String, columns: [String] = ["id", "title", "author", "due_on"]) -> UInt8? {
        let known = HeaderMapping.recognizer(columns.map { ImportColumn($0) })
        return Array(text.utf8).withUnsafeBytes { DelimiterSniffer.sniff($0, complete: true, recognized: known) }
    }

    @Test(arguments: [
        ("title,due_on\nDune,2025-12-20\n", ","),
        ("title;due_on\nDune;2025-12-20\n", ";"),
        ("title\tdue_on\nDune\t2025-12-20\n", "\t"),
        ("title|due_on\nDune|2025-12-20\n", "|"),
        // Decimal commas and commas in titles do not fool it: the header decides.
        ("title;author;due_on\nWar, and Peace;Tolstoy, Lev;2025-12-20\n", ";"),
        // Quoted delimiters do not count.
        ("title,author,due_on\n\"a;b;c;d\",x,2025-12-20\n\"e;f;g;h\",y,2025-12-20\n", ","),
        // Unknown names: the split every line agrees with, then the most fields.
        ("Название;Автор;Срок\nДюна;Герберт;20.12.2025\n", ";"),
        ("a|b,c\n1|2,3\n4|5,6\n", ","),
        // A header only.
        ("title;due_on\n", ";"),
        // Names padded with tabs: a tab split would make empty names (the header fuzzer's find).
        ("\tID\t,\tTITLE\t,\tDUE_ON\t\n", ","),
        ("\tid\t;\ttitle\t\n", ";"),
        // ... and followed by a spreadsheet's empty columns.
        ("\tTITLE\t,\tDUE_ON\t,,,,,,,,\n", ","),
    ])
    func findsTheDelimiter(_ text: String, _ expected: String) {
        #expect(Self.sniff(text) == UInt8(ascii: Unicode.Scalar(expected)!))
    }

    /// The sniffer skips a field's text eight bytes at a time: over seeded random samples it stops
    /// where a byte-by-byte walk stops, at the next delimiter, quote or line break.
    @Test func skippingAFieldStopsWhereAWalkStops() {
        var random = SplitMix64(seed: 28)
        let pieces = Array("aЖ,;\t|\"\n\r".utf8) + [0x00, 0x80, 0xFF]
        for _ in 0..<20_000 {
            let bytes = (0..<random.below(40)).map { _ in random.pick(pieces) }
            let start = random.below(bytes.count + 1)
            let delimiter = random.pick(DelimiterSniffer.candidates)
            let walked =
                bytes[start...].firstIndex { [delimiter, 34, 10, 13].contains($0) } ?? bytes.count
            let skipped = bytes.withUnsafeBytes {
                DelimiterSniffer.nextSpecial(in: $0, from: start, delimiter: delimiter)
            }
            #expect(skipped == walked, "\(bytes) from \(start)")
            let quote = bytes[start...].firstIndex(of: 34) ?? bytes.count
            #expect(bytes.withUnsafeBytes { DelimiterSniffer.next(34, in: $0, from: start) } == quote)
        }
    }

    @Test func aHeaderNoCandidateSplitsHasNone() {
        #expect(Self.sniff("title\nDune, the book\n") == nil)
        #expect(Self.sniff("") == nil)
        // One name padded with tabs is one column, not a tab-separated header of empty names.
        #expect(Self.sniff("\tTITLE\t\n") == nil)
        #expect(Self.sniff("\ttitle\t\nDune\n") == nil)
    }

    @Test func sepLines() {
        func sep(_ text: String) -> String? {
            Array(text.utf8).withUnsafeBytes { DelimiterSniffer.sepLine($0) }.map {
                "\(UnicodeScalar($0.delimiter))\($0.length)"
            }
        }
        #expect(sep("sep=;\r\ntitle;due_on\r\n") == ";7")
        #expect(sep("SEP=,\ntitle") == ",6")
        #expect(sep("sep=\t") == "\t5")
        #expect(sep("sep=;;\n") == nil)
        #expect(sep("separator\n") == nil)
        #expect(sep("title\n") == nil)
    }

    @Test func theSummaryNamesTheDelimiterAndHowItWasFound() throws {
        let fixture = try ImportFixture()
        let semicolons = try fixture.load(.books, "title;due_on\r\nDune;2025-12-20\r\n")
        #expect(semicolons.diagnostics == [])
        #expect(semicolons.report.files[0].dialect?.delimiter == UInt8(ascii: ";"))
        #expect(
            semicolons.report.formLines(.english) == [
                fixture.directory.path("books.csv") + #": utf-8 (default), delimiter ";" (detected)"#
            ])
        let sep = try fixture.load(.books, "sep=|\r\ntitle|due_on\r\nWar|2025-12-20\r\n")
        #expect(
            sep.report.formLines(.english).first?.hasSuffix(#": utf-8 (default), delimiter "|" (sep= line)"#) == true)
        fixture.options.delimiter = 9
        let given = try fixture.load(.books, "title\tdue_on\nIt\t2025-12-20\n")
        #expect(
            given.report.formLines(Localizer(locale: "ru")).first?.hasSuffix(
                #": utf-8 (по умолчанию), разделитель «tab» (--delimiter)"#) == true)
        #expect(try fixture.rows("SELECT title FROM books ORDER BY id") == [["Dune"], ["War"], ["It"]])
    }

    @Test func aLaterLineThatDisagreesIsAnErrorAtThatLine() throws {
        let fixture = try ImportFixture()
        var text = "title;due_on\n"
        for index in 1...30_000 { text += "Book \(index);2025-12-20\n" }
        text += "Odd,one;2025-12-20;x\n"
        #expect(
            try fixture.load(.books, text).diagnostics == [
                "books.csv:30002:20: error: too many fields: expected 2 as in the header, found 3"
            ])
    }

    @Test func aSepLineThatContradictsTheOptionOrNamesAnotherDelimiterIsRefused() throws {
        let fixture = try ImportFixture()
        fixture.options.delimiter = 44
        try fixture.write("books.csv", "sep=;\ntitle;due_on\nDune;2025-12-20\n")
        #expect(throws: AlmanacError.self) { try fixture.run([(.books, "books.csv")]) }
        fixture.options.delimiter = nil
        try fixture.write("colon.csv", "sep=:\ntitle:due_on\nDune:2025-12-20\n")
        #expect(throws: AlmanacError.self) { try fixture.run([(.books, "colon.csv")]) }
        // The same delimiter as given: the line is left out, and lines count from it.
        fixture.options.delimiter = 59
        #expect(
            try fixture.load(.books, "sep=;\ntitle;due_on\nDune;2025-13-20\n").diagnostics == [
                #"books.csv:3:6: error: column "due_on": "2025-13-20" is not a date (expected YYYY-MM-DD)"#
            ])
    }

    /// Excel's and LibreOffice's shapes: CRLF, empty trailing columns (`;;`) and lines of delimiters.
    @Test func emptyTrailingColumnsAndSeparatorLinesAreIgnored() throws {
        let fixture = try ImportFixture()
        let outcome = try fixture.load(
            .books, "sep=;\r\ntitle;due_on;;\r\nDune;2025-12-20;;\r\n;;;\r\nWar;2025-12-21;;\r\n;;;\r\n")
        #expect(outcome.diagnostics == [])
        #expect(outcome.report.rows == 2)
        #expect(
            try fixture.rows("SELECT title, due_on FROM books ORDER BY id") == [
                ["Dune", "2025-12-20"], ["War", "2025-12-21"],
            ])
    }

    @Test func aValueInAnUnnamedColumnIsNeverDroppedSilently() throws {
        let fixture = try ImportFixture()
        #expect(
            try fixture.load(.books, "title;due_on;;\nDune;2025-12-20;;\nWar;2025-12-21;;kept\n").diagnostics == [
                #"books.csv:3:17: error: column 4 has no name in the header but holds "kept" (name the column, or empty it)"#
            ])
        // An unnamed column between named ones is an error of the header, as before.
        #expect(
            try fixture.load(.books, "title;;due_on\nDune;;2025-12-20\n").diagnostics.first?.hasPrefix(
                "books.csv:1:7: error: column 2 has no name") == true)
        #expect(try fixture.rows("SELECT count(*) FROM books") == [["0"]])
    }
}
