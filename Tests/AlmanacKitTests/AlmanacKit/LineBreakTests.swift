import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit

/// A line ends at LF, CRLF or a lone CR, wherever it is in the file: libcsv ends records at each, so
/// the line numbers in errors count each too, also in a file that mixes them (two files joined, a
/// header written by one program and rows by another) and when a CRLF is split between two reads.
@Suite struct LineBreakTests {
    static let header = "id,title,due_on,loaned_on"

    @Test(arguments: [
        ("\r", "\n", "\n"), ("\n", "\r", "\r"), ("\r\n", "\r", "\n"), ("\r", "\r\n", "\n"), ("\n", "\n", "\r\n"),
    ])
    func mixedLineEndsCountEachBreak(_ first: String, _ second: String, _ third: String) throws {
        let fixture = try ImportFixture()
        let text =
            Self.header + first + "71,Dune,2025-12-20,2025-12-01" + second + "72,Emma,2025-13-20,2025-12-01" + third
            + "73,It,2025-12-20,2025-12-41" + third
        let outcome = try fixture.load(.books, text)
        #expect(
            outcome.diagnostics == [
                "books.csv:3:9: error: column \"due_on\": \"2025-13-20\" is not a date (expected YYYY-MM-DD)",
                "books.csv:4:18: error: column \"loaned_on\": \"2025-12-41\" is not a date (expected YYYY-MM-DD)",
            ])
    }

    @Test func aLoneCRInAQuotedFieldIsALineBreakToo() throws {
        let fixture = try ImportFixture()
        let outcome = try fixture.load(.books, Self.header + "\r\n71,\"Em\rma\",2025-13-20,2025-12-01\r\n")
        #expect(
            outcome.diagnostics == [
                "books.csv:3:5: error: column \"due_on\": \"2025-13-20\" is not a date (expected YYYY-MM-DD)"
            ])
    }

    /// A CRLF whose CR ends one read and whose LF starts the next is one line break.
    @Test(arguments: [false, true])
    func aCRLFSplitBetweenReadsIsOneBreak(_ quoted: Bool) throws {
        let fixture = try ImportFixture()
        var text = Self.header + "\r\n"
        var row = 0
        // Rows up to just before the first read's end, then one whose CR is its last byte.
        while text.utf8.count < CSVReader.chunkSize - 200 {
            row += 1
            text += "\(row),Book \(row),2025-12-20,2025-12-01\r\n"
        }
        row += 1
        let line = "\(row),\(quoted ? "\"Book\r\n" : "Book ")"
        let padding =
            CSVReader.chunkSize - 1 - text.utf8.count - line.utf8.count - (quoted ? 1 : 0)
            - ",2025-12-20,2025-12-01".utf8.count
        text += line + String(repeating: "x", count: padding) + (quoted ? "\"" : "") + ",2025-12-20,2025-12-01\r\n"
        #expect(text.utf8.count == CSVReader.chunkSize + 1)
        text += "\(row + 1),Emma,2025-13-20,2025-12-01\r\n"
        let outcome = try fixture.load(.books, text)
        let lineOfError = row + 2 + (quoted ? 1 : 0)
        #expect(
            outcome.diagnostics == [
                "books.csv:\(lineOfError):\(String(row + 1).count + 7): error: column \"due_on\": \"2025-13-20\" is not a date (expected YYYY-MM-DD)"
            ])
        #expect(!outcome.report.committed && outcome.report.errorCount == 1)
    }
}
