import Foundation
import Testing

@testable import AlmanacAnimation
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// `animation save --set KEY=VALUE`: ranges and step grids (0.1, 0.25, 0.05 and 5/15 in negative
/// ranges) checked exactly, unknown keys listed, defaults for the rest.
@Suite struct SettingAssignmentsTests {
    static let catalog: AnimationCatalog = {
        let sample = try! SampleDatabase(kinds: [.animationProperties])
        return try! AnimationCatalog.load(sample.database)
    }()

    static func values(_ assignments: [String]) throws -> [String: DecimalNumber] {
        try SettingAssignments.values(assignments, catalog: catalog, localizer: .english)
    }

    /// A value and whether its property accepts it (nil) or which rule it breaks.
    @Test(
        arguments: [
            // 0.1 steps from 0.5 to 3
            ("width_multiplier=0.3", "rule.animation.out-of-range"), ("width_multiplier=0.5", nil),
            ("width_multiplier=0.7", nil),
            ("width_multiplier=2.9", nil), ("width_multiplier=3", nil), ("width_multiplier=3.0", nil),
            ("width_multiplier=3.1", "rule.animation.out-of-range"),
            ("width_multiplier=1.25", "rule.animation.off-grid"), ("height_multiplier=0.60", nil),
            ("height_multiplier=1.05", "rule.animation.off-grid"),
            // 0.25 steps from 0.5 to 10
            ("duration=0.75", nil), ("duration=9.75", nil), ("duration=10", nil),
            ("duration=0.6", "rule.animation.off-grid"),
            ("duration=0.25", "rule.animation.out-of-range"), ("duration=10.25", "rule.animation.out-of-range"),
            // 0.05 steps from 0 to 1
            ("opacity=0", nil), ("opacity=0.35", nil), ("opacity=0.95", nil),
            ("opacity=0.33", "rule.animation.off-grid"),
            // Negative ranges: -180 to 180 by 15, -100 to 100 by 5
            ("rotation_x=-180", nil), ("rotation_x=-165", nil), ("rotation_z=-15", nil),
            ("rotation_z=-170", "rule.animation.off-grid"),
            ("rotation_z=-195", "rule.animation.out-of-range"), ("horizontal_position=-100", nil),
            ("horizontal_position=-95", nil),
            ("vertical_position=-2.5", "rule.animation.off-grid"),
            ("vertical_position=-105", "rule.animation.out-of-range"),
            // Not numbers
            ("opacity=1e-1", "rule.not-a-number"), ("opacity=", "rule.not-a-number"),
            ("opacity=half", "rule.not-a-number"),
        ] as [(String, String?)])
    func rangesAndGrids(_ assignment: String, _ broken: String?) throws {
        guard let broken else {
            let values = try Self.values([assignment])
            let (key, text) = (String(assignment.split(separator: "=")[0]), String(assignment.split(separator: "=")[1]))
            #expect(values[key] == DecimalNumber(text))
            return
        }
        let error = try #require(throws: AlmanacError.self) { try Self.values([assignment]) }
        #expect(error.failure == .invalidData)
        // The rule's words (up to its first placeholder) are in the message.
        #expect(error.description.contains(Localizer.english(broken).prefix(10)), "\(error.description)")
    }

    @Test func everyTenthOfEveryGridIsAccepted() throws {
        // 0.1 × 7 is 0.7000000000000001 in binary: exact decimals never see that.
        for property in Self.catalog.properties {
            for value in property.stepper.values {
                let values = try Self.values(["\(property.key)=\(value)"])
                #expect(values[property.key] == value)
            }
        }
    }

    @Test func missingKeysTakeTheirDefaults() throws {
        let values = try Self.values(["rotation_z=45"])
        #expect(values.count == 8)
        #expect(values["rotation_z"] == DecimalNumber("45"))
        #expect(values["width_multiplier"] == DecimalNumber("1"))
        #expect(values["duration"] == DecimalNumber("2"))
        #expect(
            try Self.values([])
                == Dictionary(uniqueKeysWithValues: Self.catalog.properties.map { ($0.key, $0.defaultValue) }))
    }

    @Test func unknownKeysAreUsageErrorsListingTheKeys() throws {
        let error = try #require(throws: AlmanacError.self) { try Self.values(["width=2"]) }
        #expect(error.failure == .usage)
        #expect(
            error.description == "\"width\" is not an animation property (keys: width_multiplier, height_multiplier, "
                + "horizontal_position, vertical_position, rotation_x, rotation_z, opacity, duration)")
        let malformed = try #require(throws: AlmanacError.self) { try Self.values(["opacity 1"]) }
        #expect(malformed.key == "animation.error.assignment")
        let twice = try #require(throws: AlmanacError.self) { try Self.values(["opacity=1", "opacity=0.5"]) }
        #expect(twice.key == "animation.error.repeated-key")
    }

    @Test func everyBadValueIsNamedAtOnce() throws {
        let error = try #require(throws: AlmanacError.self) {
            try Self.values(["opacity=0.33", "duration=11", "rotation_x=10"])
        }
        #expect(
            error.description
                == "opacity: \"0.33\" is not on the step grid (expected 0 plus a whole number of steps of 0.05); "
                + "duration: \"11\" is outside the range 0.5 to 10; "
                + "rotation_x: \"10\" is not on the step grid (expected -180 plus a whole number of steps of 15)")
        let russian = try #require(throws: AlmanacError.self) {
            try SettingAssignments.values(["opacity=0.33"], catalog: Self.catalog, localizer: Localizer(locale: "ru"))
        }
        // The rule's numbers as Russian writes them; the value as the user typed it.
        #expect(
            russian.message(Localizer(locale: "ru"))
                == "opacity: «0.33» не попадает в сетку шагов (ожидается 0 плюс целое число шагов по 0,05)")
    }

    @Test func stepperChecksByTheTable() throws {
        // The same rules on Stepper itself, for steps the sample data does not have.
        let thirds = try Stepper.make(
            min: #require(DecimalNumber("-1")), max: #require(DecimalNumber("-0.1")),
            step: #require(DecimalNumber("0.3"))
        ).get()
        #expect(thirds.values.map(\.description) == ["-1", "-0.7", "-0.4", "-0.1"])
        #expect(thirds.check(try #require(DecimalNumber("-0.4"))) == nil)
        #expect(thirds.check(try #require(DecimalNumber("-0.5")))?.key == "rule.animation.off-grid")
        #expect(thirds.check(try #require(DecimalNumber("0")))?.key == "rule.animation.out-of-range")
    }
}
