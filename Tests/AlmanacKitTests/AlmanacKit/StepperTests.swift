import Testing

@testable import AlmanacAnimation
@testable import AlmanacKinds
@testable import AlmanacKit

@Suite struct StepperTests {
    static func stepper(_ min: String, _ max: String, _ step: String) throws -> Stepper {
        try Stepper.make(
            min: #require(DecimalNumber(min)), max: #require(DecimalNumber(max)), step: #require(DecimalNumber(step))
        ).get()
    }

    @Test func tenthsAreExact() throws {
        let tenths = try Self.stepper("0", "1", "0.1")
        for value in ["0", "0.1", "0.2", "0.3", "0.7", "0.9", "1", "0.30", "1.0"] {
            #expect(tenths.check(try #require(DecimalNumber(value))) == nil, "\(value)")
        }
        #expect(tenths.values.count == 11)
        #expect(tenths.check(try #require(DecimalNumber("0.35")))?.key == "rule.animation.off-grid")
        #expect(tenths.check(try #require(DecimalNumber("1.1")))?.key == "rule.animation.out-of-range")
    }

    @Test func quartersInANegativeRange() throws {
        let quarters = try Self.stepper("-90", "-10.5", "0.25")
        #expect(quarters.check(try #require(DecimalNumber("-45.75"))) == nil)
        #expect(quarters.check(try #require(DecimalNumber("-10.5"))) == nil)
        #expect(quarters.check(try #require(DecimalNumber("-45.6")))?.key == "rule.animation.off-grid")
        #expect(quarters.check(try #require(DecimalNumber("-10.25")))?.key == "rule.animation.out-of-range")
    }

    @Test func valuesReadBackFromDoubles() throws {
        // 0.1 + 0.2 is 0.30000000000000004 in binary: a value stored as REAL reads back as what was written.
        #expect(DecimalNumber(0.3)?.description == "0.3")
        #expect(DecimalNumber(-45.75)?.description == "-45.75")
        #expect(DecimalNumber(2.0)?.description == "2")
        #expect(DecimalNumber(1e300) == nil)
    }

    @Test func boundsAreChecked() throws {
        let zero = try #require(DecimalNumber("0"))
        let one = try #require(DecimalNumber("1"))
        #expect(throws: RuleViolation("rule.animation.step-not-positive")) {
            try Stepper.make(min: zero, max: one, step: zero).get()
        }
        #expect(throws: RuleViolation("rule.animation.min-not-below-max", ["min": "1"])) {
            try Stepper.make(min: one, max: one, step: one).get()
        }
    }

    @Test(arguments: ["1e3", "", "-", ".", "1.2.3", " 1", "0x10", "1.1234567890"])
    func onlyPlainDecimalsParse(_ text: String) {
        #expect(DecimalNumber(text) == nil)
    }
}
