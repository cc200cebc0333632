import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit

/// A row reports its problems at their columns, at most `RowCheck.listedProblems` of them and then
/// how many more, so a settings row as wide as its many properties costs messages in proportion to
/// the limit, not the width; the rejects file gives the same reasons.
@Suite struct RowCheckTests {
    static func fixture(properties: Int) throws -> ImportFixture {
        let fixture = try ImportFixture()
        var text = "key,label,min,max,step,default\n"
        for index in 0..<properties { text += "p\(index),P,0,1,0.5,0\n" }
        _ = try fixture.load(.animationProperties, text)
        return fixture
    }

    @Test func aRowListsItsFirstProblemsThenCountsTheRest() throws {
        let fixture = try Self.fixture(properties: 30)
        let keys = (0..<30).map { "p\($0)" }
        fixture.options.maxErrors = 1_000
        let before = try fixture.dump()
        let outcome = try fixture.load(
            .animationSettings,
            "name," + keys.joined(separator: ",") + "\nwide,"
                + Array(repeating: "0.3", count: 30).joined(separator: ",") + "\n")
        #expect(outcome.diagnostics.count == RowCheck.listedProblems + 1)
        #expect(
            outcome.diagnostics.first
                == #"animation-settings.csv:2:6: error: column "p0": "0.3" is not on the step grid (expected 0 plus a whole number of steps of 0.5)"#
        )
        #expect(
            outcome.diagnostics[9]
                == #"animation-settings.csv:2:42: error: column "p9": "0.3" is not on the step grid (expected 0 plus a whole number of steps of 0.5)"#
        )
        #expect(
            outcome.diagnostics.last
                == "animation-settings.csv:2:46: error: 20 more problems in this row from here on, not listed (a row lists at most 10)"
        )
        #expect(try fixture.dump() == before)
    }

    /// The first problem is placed directly, the next from one pass over the row: both agree with
    /// the file, whatever the order of its columns and however its fields are quoted.
    @Test func problemsArePlacedAtTheirFieldsInAnyColumnOrder() throws {
        let fixture = try Self.fixture(properties: 4)
        let outcome = try fixture.load(.animationSettings, "p3,p1,name,p0,p2\n2,x,\"A \"\"b\"\"\",0.5,9\n")
        #expect(
            outcome.diagnostics == [
                #"animation-settings.csv:2:3: error: column "p1": "x" is not a number (expected a decimal such as -1.5)"#,
                #"animation-settings.csv:2:19: error: column "p2": "9" is outside the range 0 to 1"#,
                #"animation-settings.csv:2:1: error: column "p3": "2" is outside the range 0 to 1"#,
            ])
    }

    @Test func theRejectsFileGivesTheSameReasons() throws {
        let fixture = try Self.fixture(properties: 15)
        let keys = (0..<15).map { "p\($0)" }
        fixture.options.skipInvalid = true
        fixture.options.rejectsPath = fixture.directory.path("rejects.csv")
        _ = try fixture.load(
            .animationSettings,
            "name," + keys.joined(separator: ",") + "\nwide," + Array(repeating: "7", count: 15).joined(separator: ",")
                + "\n")
        let rejects = try String(contentsOfFile: fixture.directory.path("rejects.csv"), encoding: .utf8)
        // Quotes are doubled in the rejects file's reason field.
        #expect(rejects.contains(#"2:6: column ""p0"": ""7"" is outside the range 0 to 1;"#))
        #expect(
            rejects.contains("; 2:26: 5 more problems in this row from here on, not listed (a row lists at most 10)"))
    }
}
