import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// Headers of any width are refused at their first bad column with the database unchanged, listing
/// at most `HeaderMapping.listedProblems` problems and then how many columns were not looked at; the
/// reader keeps only the fields a header can use, so the width costs neither time nor memory.
@Suite struct HeaderMappingTests {
    /// A fixture holding properties for animation-settings (its columns are their keys).
    static func fixture(properties: Int = 2) throws -> ImportFixture {
        let fixture = try ImportFixture()
        var text = "key,label,min,max,step,default\n"
        for index in 0..<properties { text += "p\(index),P,0,1,0.5,0\n" }
        _ = try fixture.load(.animationProperties, properties == 2 ? baseProperties : text)
        return fixture
    }

    @Test(arguments: KindRegistry.listed)
    func aHeaderOfAMillionCommasIsRefusedAtItsFirstColumn(_ kind: ImportKind) throws {
        let fixture = try Self.fixture()
        fixture.options.maxErrors = 1_000
        let before = try fixture.dump()
        let outcome = try fixture.load(kind, String(repeating: ",", count: 1_000_000) + "\n")
        #expect(outcome.diagnostics.count == HeaderMapping.listedProblems + 1)
        #expect(
            outcome.diagnostics.first?.hasPrefix("\(kind.fileName):1:1: error: column 1 has no name (accepted: ")
                == true)
        let columns = kind.fileColumns.count + (kind == .animationSettings ? 2 : 0)
        #expect(
            outcome.diagnostics.last == "\(kind.fileName):1:101: error: the header is not checked from here on "
                + "(999,901 more columns): a header of \(kind.rawValue) has at most \(columns + 1) columns")
        #expect(!outcome.report.committed)
        #expect(try fixture.dump() == before)
    }

    /// A spreadsheet's empty columns at the end of a header wider than the fields kept are still
    /// ignored (the header fuzzer's find): a row may leave them empty, a value in one is refused at its
    /// row, and a name after them is a header's problem.
    @Test func emptyColumnsPastTheFieldsKeptAreIgnored() throws {
        let commas = String(repeating: ",", count: 150)
        let fixture = try ImportFixture()
        let imported = try fixture.load(.books, "title,due_on" + commas + "\nDune,2025-12-20" + commas + "\n")
        #expect(imported.diagnostics == [])
        #expect(imported.report.committed)
        let before = try fixture.dump()
        let value = try fixture.load(.books, "title,due_on" + commas + "\nDune,2025-12-20" + commas + "x\n")
        #expect(value.diagnostics.first?.contains("column 152 has no name in the header but holds \"x\"") == true)
        #expect(!value.report.committed)
        let named = try fixture.load(.books, "title,due_on" + commas + "extra\nDune,2025-12-20" + commas + "\n")
        #expect(named.diagnostics.first?.hasPrefix("books.csv:1:14: error: column 3 has no name") == true)
        #expect(!named.report.committed)
        #expect(try fixture.dump() == before)
    }

    @Test func theReaderKeepsOnlyTheFieldsAHeaderCanUse() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("wide.csv")
        try Data((String(repeating: ",", count: 1_000_000) + "\nx\n").utf8).write(to: URL(fileURLWithPath: path))
        let kept = HeaderMapping.fieldsKept(ImportKind.books.importColumns)
        let reader = CSVReader(input: try InputFile(path: path), delimiter: 44, encoding: .utf8, headerFields: kept)
        let batch = RecordBatch()
        _ = try reader.fill(batch, records: 10)
        #expect(batch.recordCount == 2)
        #expect(batch.record(0).fieldCount == kept && batch.record(0).fieldsFound == 1_000_001)
        #expect(batch.storage.fields.count == kept + 1)
    }

    @Test func columnsPastTheOnesLookedAtAreNotCalledMissing() throws {
        let fixture = try ImportFixture()
        let header = (1...150).map { "c\($0)" }.joined(separator: ",") + ",title,due_on\n"
        fixture.options.maxErrors = 500
        let outcome = try fixture.load(.books, header)
        #expect(outcome.diagnostics.count == 101)
        #expect(
            outcome.diagnostics[99].hasPrefix(#"books.csv:1:"#)
                && outcome.diagnostics[99].contains(#"column "c100" is not a column of books"#))
        #expect(
            outcome.diagnostics[100].hasSuffix(
                "the header is not checked from here on (52 more columns): a header of books has at most 8 columns"))
        #expect(!outcome.diagnostics.contains { $0.contains("missing") })
    }

    @Test func aSecondReasonColumnIsADuplicate() throws {
        let fixture = try ImportFixture()
        let outcome = try fixture.load(.books, "title,due_on,reason,Reason\n")
        #expect(outcome.diagnostics == [#"books.csv:1:21: error: column "reason" appears twice"#])
        #expect(try fixture.load(.books, "title,due_on,reason\nWar,2025-12-20,fixed\n").diagnostics == [])
    }

    @Test func longListsOfAcceptedNamesAreCutAndCounted() throws {
        let fixture = try Self.fixture(properties: 30)
        let outcome = try fixture.load(.animationSettings, "name,sparkle\n")
        let first = (0..<9).map { "p\($0)" }.joined(separator: ", ")
        #expect(
            outcome.diagnostics == [
                #"animation-settings.csv:1:6: error: column "sparkle" is not a column of animation-settings (accepted: id, name, created (created_at), \#(first) and 21 more); --map "sparkle=COLUMN" reads it as one of them"#
            ])
        let russian = try #require(try Self.diagnostics(fixture, .animationSettings, "p0\n").first).message(
            Localizer(locale: "ru"))
        #expect(russian == "нет обязательного столбца «name» (допустимы: id, name, created_at, \(first) и ещё 21)")
    }

    @Test func theCountOfUncheckedColumnsIsWordedInTheUsersLanguage() throws {
        let fixture = try ImportFixture()
        let russian = Localizer(locale: "ru")
        for (commas, words) in [(100_021, "столбца"), (100_005, "столбцов"), (100_000, "столбец")] {
            let last = try #require(
                try Self.diagnostics(fixture, .books, String(repeating: ",", count: commas) + "\n").last)
            let left = LocalizedFormats(localizer: russian).number(Int64(commas + 1 - 100))
            #expect(
                last.message(russian) == "дальше заголовок не проверяется (в нём ещё \(left) \(words)): "
                    + "столбцов в заголовке вида books не может быть больше 8")
        }
    }

    /// The problems of an import, as diagnostics (to word them in another language).
    static func diagnostics(_ fixture: ImportFixture, _ kind: ImportKind, _ text: String) throws -> [ImportDiagnostic] {
        let path = try fixture.write(kind.fileName, text)
        var options = fixture.options
        options.maxErrors = 1_000
        var found: [ImportDiagnostic] = []
        _ = try Importer(database: fixture.database, options: options).run(
            [(kind, path)], diagnostic: { found.append($0) })
        return found
    }
}
