import Testing

@testable import AlmanacCalendar
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacQuiz

/// ISO 3166-1, quiz options and calendar rules.
@Suite struct DomainRulesTests {
    @Test func iso3166HasTheOfficialList() throws {
        #expect(ISO3166.entries.count == 249)
        #expect(ISO3166.entry(alpha2: "DE") == ISO3166.Entry(alpha2: "DE", alpha3: "DEU", numeric: "276"))
        #expect(ISO3166.entry(alpha2: "RU")?.numeric == "643")
        for refused in ["ZZ", "EU", "SU", "UK", "de", "D", "DEU", ""] {
            #expect(!ISO3166.isAssigned(refused), "\(refused)")
        }
        #expect(Set(ISO3166.entries.map(\.alpha3)).count == 249)
    }

    @Test func quizOptions() {
        #expect(QuizOptions.check("DE|FR|IT|ES", country: "DE", chosen: "FR") == nil)
        #expect(QuizOptions.check("DE|FR|IT", country: "DE", chosen: "FR")?.key == "rule.quiz.options-format")
        #expect(QuizOptions.check("DE|FR|IT|", country: "DE", chosen: "FR")?.key == "rule.quiz.options-format")
        #expect(QuizOptions.check("DE,FR,IT,ES", country: "DE", chosen: "FR")?.key == "rule.quiz.options-format")
        #expect(
            QuizOptions.check("DE|FR|IT|IT", country: "DE", chosen: "FR")
                == RuleViolation("rule.quiz.options-repeated", ["code": "IT"]))
        #expect(
            QuizOptions.check("DE|FR|IT|ZZ", country: "DE", chosen: "FR")
                == RuleViolation("rule.quiz.options-unknown", ["code": "ZZ"]))
        #expect(
            QuizOptions.check("DE|PL|IT|ES", country: "DE", chosen: "FR")
                == RuleViolation("rule.quiz.options-missing", ["code": "FR"]))
    }

    @Test func calendar() {
        #expect(CalendarRules.isHolidayKey("new-year-2026"))
        for key in ["", "Xmas", "new year", "ёлка", "a_b"] { #expect(!CalendarRules.isHolidayKey(key), "\(key)") }
        #expect(CalendarRules.isColor("#A0b1C2"))
        for color in ["A0B1C2", "#A0B1C", "#A0B1C2F", "#GGGGGG", "red"] {
            #expect(!CalendarRules.isColor(color), "\(color)")
        }
        #expect((try? CalendarRules.door("1").get()) == 1)
        #expect((try? CalendarRules.door("24").get()) == 24)
        for door in ["0", "25", "-1", "1.0", "x", ""] {
            #expect((try? CalendarRules.door(door).get()) == nil, "\(door)")
        }
    }
}
