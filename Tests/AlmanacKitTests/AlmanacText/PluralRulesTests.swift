import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

@Suite struct PluralRulesTests {
    /// CLDR cardinal categories for whole numbers.
    static let russian: [(Int64, PluralCategory)] = [
        (0, .many), (1, .one), (2, .few), (3, .few), (4, .few), (5, .many), (10, .many), (11, .many),
        (12, .many), (14, .many), (15, .many), (20, .many), (21, .one), (22, .few), (25, .many), (101, .one),
        (111, .many), (112, .many), (121, .one), (1001, .one), (1_000_000, .many), (-1, .one), (-22, .few),
    ]
    static let english: [(Int64, PluralCategory)] = [
        (0, .other), (1, .one), (2, .other), (11, .other), (21, .other), (101, .other), (-1, .one),
    ]

    @Test(arguments: russian)
    func russianCategory(_ sample: (Int64, PluralCategory)) {
        #expect(PluralRules.category(of: sample.0, language: "ru") == sample.1)
    }

    @Test(arguments: english)
    func englishCategory(_ sample: (Int64, PluralCategory)) {
        #expect(PluralRules.category(of: sample.0, language: "en") == sample.1)
        // Languages without words of their own use English words, so English rules.
        #expect(PluralRules.category(of: sample.0, language: "de") == sample.1)
    }

    @Test func fractionsAreOther() {
        #expect(PluralRules.category(of: 1.5, language: "ru") == .other)
        #expect(PluralRules.category(of: 1.5, language: "en") == .other)
        #expect(PluralRules.category(of: 21.0, language: "ru") == .one)
        #expect(PluralRules.category(of: Double.nan, language: "ru") == .other)
    }

    /// The books of the issue: 1 книга, 2 книги, 5 книг, 21 книга, 111 книг.
    static let books: [(Int64, String, String)] = [
        (0, "0 книг", "0 books"), (1, "1 книга", "1 book"), (2, "2 книги", "2 books"), (5, "5 книг", "5 books"),
        (11, "11 книг", "11 books"), (21, "21 книга", "21 books"), (22, "22 книги", "22 books"),
        (111, "111 книг", "111 books"), (1234, "1\u{A0}234 книги", "1,234 books"),
        (1_000_001, "1\u{A0}000\u{A0}001 книга", "1,000,001 books"),
    ]

    @Test(arguments: books)
    func countedBooks(_ sample: (Int64, String, String)) {
        #expect(LocalizedFormats(localizer: Localizer(locale: "ru")).count(sample.0, unit: "unit.book") == sample.1)
        #expect(LocalizedFormats(localizer: Localizer(locale: "en")).count(sample.0, unit: "unit.book") == sample.2)
    }

    @Test func messagesCountToo() {
        #expect(Localizer(locale: "ru_RU").count(3, unit: "unit.day") == "3 дня")
        #expect(Localizer(locale: "de").count(1, unit: "unit.day") == "1 day")
        #expect(Localizer(locale: "de").count(1234, unit: "unit.day") == "1.234 days")
    }
}
