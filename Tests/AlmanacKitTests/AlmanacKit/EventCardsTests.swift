import Foundation
import Testing

@testable import AlmanacEvents
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText
@testable import AlmanacViews

/// Cards side by side within a width, in any script.
@Suite struct EventCardsTests {
    static func cards(columns: Int, width: Int, language: String = "en") throws -> String {
        let agenda = try EventFixture.agenda("2025-12-20", days: 14, descriptions: true)
        return EventCards(agenda: agenda, columns: columns, width: width).render(EventFixture.renderer(language))
    }

    @Test(arguments: [2, 3], [32, 40, 57, 80, 100, 132, 200])
    func everyLineFitsTheWidth(_ columns: Int, _ width: Int) throws {
        for language in ["en", "ru"] {
            let output = try Self.cards(columns: columns, width: width, language: language)
            for line in output.split(separator: "\n") {
                #expect(DisplayWidth.of(line) <= width, "\(columns) × \(width) \(language): \(line)")
            }
        }
    }

    @Test func aRowHoldsTheCardsAskedForWhenTheyFit() throws {
        let agenda = try EventFixture.agenda("2025-12-22", days: 1, descriptions: true)
        #expect(EventCards(agenda: agenda, columns: 3, width: 80).columnsThatFit == 3)
        #expect(EventCards(agenda: agenda, columns: 2, width: 80).columnsThatFit == 2)
        // 3 cards of at least 12 columns of text need 3 × 16 + 2 = 50 columns.
        #expect(EventCards(agenda: agenda, columns: 3, width: 50).columnsThatFit == 3)
        #expect(EventCards(agenda: agenda, columns: 3, width: 49).columnsThatFit == 2)
        #expect(EventCards(agenda: agenda, columns: 2, width: 20).columnsThatFit == 1)
        let rows = EventCards(agenda: agenda, columns: 3, width: 80).render(EventFixture.renderer("en"))
            .split(separator: "\n").filter { $0.hasPrefix("╭") }
        #expect(
            rows.map { $0.components(separatedBy: "╭").count - 1 } == [3, 2],
            "5 events on the 22nd: a row of 3, a row of 2")
    }

    @Test func cardsOfARowAreEquallyTall() throws {
        let output = try Self.cards(columns: 3, width: 80)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines where line.hasPrefix("│") {
            let cards = line.components(separatedBy: "│ │").count
            let opened = line.filter { $0 == "│" }.count
            #expect(opened == cards * 2, "a card of this row ended early: \(line)")
        }
    }

    @Test func aCardShowsTitleImagePersonHoursAndTheFirstSentence() throws {
        let agenda = try EventFixture.agenda("2025-12-22", days: 1, descriptions: true)
        let cards = EventCards(agenda: agenda, columns: 2, width: 80)
        let gift = try #require(agenda.occurrences.first { $0.event.id == 22 })
        #expect(
            cards.card(gift, inner: 33, localizer: .english) == [
                "Gift wrapping party",
                "[wrapping.png]  Chloé Martin",
                "                16:30–18:00",
                "Bring scissors, tape and the",
                "gifts.",
            ])
        let point = try #require(agenda.occurrences.first { $0.event.id == 901 })
        #expect(cards.card(point, inner: 33, localizer: .english) == ["忘年会 🍶", "佐藤", "12:00"])
    }

    @Test func theWidthIsColumnsElseTheTerminalElse80() {
        #expect(EventCards.layoutWidth(terminal: .pipe, environment: [:]) == 80)
        #expect(EventCards.layoutWidth(terminal: .pipe, environment: ["COLUMNS": "120"]) == 120)
        #expect(EventCards.layoutWidth(terminal: Terminal(isTerminal: true, width: 100), environment: [:]) == 100)
        #expect(
            EventCards.layoutWidth(terminal: Terminal(isTerminal: true, width: 100), environment: ["COLUMNS": "60"])
                == 60)
        #expect(EventCards.layoutWidth(terminal: .pipe, environment: ["COLUMNS": "wide"]) == 80)
    }

    @Test func anEmptyRangeSaysSo() throws {
        let agenda = try EventFixture.agenda("2026-03-01", days: 1, descriptions: true)
        #expect(
            EventCards(agenda: agenda, columns: 2, width: 80).render(EventFixture.renderer("ru"))
                == "Событий нет: Вс, 1 марта 2026.\n")
        #expect(EventCards(agenda: agenda, columns: 2, width: 80).render(EventFixture.renderer("en", .json)) == "[]\n")
    }
}
