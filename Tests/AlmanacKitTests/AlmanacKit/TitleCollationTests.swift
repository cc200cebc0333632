import Foundation
import Testing

@testable import AlmanacBooks
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// Title order follows the locale's collation, through an explicit locale (never Locale.current).
@Suite struct TitleCollationTests {
    static let titles = [
        "Ёжик в тумане", "Елена Прекрасная", "Евгений Онегин", "ёлка", "Ель", "анна", "Анна Каренина",
        "Мёртвые души", "Мастер и Маргарита", "dune", "Dune", "Émile", "Eve", "Zebra", "1984",
    ]

    func order(_ locale: String) -> [String] {
        let loans = Self.titles.enumerated().map { index, title in
            Loan(
                id: Int64(index + 1), title: title, loanedOn: LocalDate("2025-12-01")!, dueOn: LocalDate("2025-12-20")!)
        }
        return TitleCollation(localeIdentifier: locale).sorted(loans).map(\.title)
    }

    @Test func russianPutsЁWithЕAndCyrillicBeforeLatin() {
        #expect(
            order("ru") == [
                "1984", "анна", "Анна Каренина", "Евгений Онегин", "Ёжик в тумане", "Елена Прекрасная", "ёлка", "Ель",
                "Мастер и Маргарита", "Мёртвые души", "dune", "Dune", "Émile", "Eve", "Zebra",
            ])
        #expect(order("ru_RU") == order("ru"))
    }

    @Test func englishPutsLatinBeforeCyrillic() {
        #expect(
            order("en") == [
                "1984", "dune", "Dune", "Émile", "Eve", "Zebra", "анна", "Анна Каренина", "Евгений Онегин",
                "Ёжик в тумане",
                "Елена Прекрасная", "ёлка", "Ель", "Мастер и Маргарита", "Мёртвые души",
            ])
    }

    /// Case never decides before the letters do, and a code-point sort would put Ё before А.
    @Test func caseAndЁDoNotOutweighTheLetters() {
        let collation = TitleCollation(localeIdentifier: "ru")
        #expect(collation.compare("ёжик", "Елена") == .orderedAscending)
        #expect(collation.compare("ЁЖИК", "ежевика") == .orderedDescending)
        #expect(collation.compare("Ёж", "Анна") == .orderedDescending)
        #expect("Ёж" < "Анна", "Swift's own order is by code point: this is what the collation avoids")
        #expect(collation.compare("Dune", "dune") != .orderedSame, "the order is total")
    }

    @Test func equalTitlesKeepIdOrder() {
        let loans = [Int64(5), 2, 9].map {
            Loan(id: $0, title: "Dune", loanedOn: LocalDate("2025-12-01")!, dueOn: LocalDate("2025-12-20")!)
        }
        #expect(TitleCollation(localeIdentifier: "en").sorted(loans).map(\.id) == [2, 5, 9])
    }
}
