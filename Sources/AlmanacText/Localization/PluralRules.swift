/// CLDR's cardinal plural rules: which form of a noun goes with a number (1 книга, 2 книги, 5 книг).
///
/// Translation keys for a counted noun are a stem plus the category: `unit.book.one`,
/// `unit.book.few`, `unit.book.many`, `unit.book.other`. Each language has exactly the categories its
/// rules use; `other` is always there. The rules follow the language of the words, not the locale of
/// the numbers: a German user reads English words, so English rules pick them.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

/// The plural rules of the languages Almanac has words for.
public enum PluralRules {
    /// The categories a language's rules use; a counted noun needs a translation for each.
    public static func categories(for language: String) -> [PluralCategory] {
        switch language {
        case "ru", "uk", "be": return [.one, .few, .many, .other]
        default: return [.one, .other]
        }
    }

    /// The category of a whole number (CLDR operands: i = the number, v = 0 visible fraction digits).
    public static func category(of number: Int64, language: String) -> PluralCategory {
        let i = number.magnitude
        switch language {
        case "ru", "uk", "be":
            // one: i % 10 = 1 and i % 100 != 11; few: i % 10 = 2..4 and i % 100 != 12..14; many: the rest.
            let lastDigit = i % 10
            let lastTwo = i % 100
            if lastDigit == 1 && lastTwo != 11 { return .one }
            if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) { return .few }
            return .many
        default:
            // English and every language without words of its own: one is exactly 1.
            return i == 1 ? .one : .other
        }
    }

    /// The category of a number that may have a fraction: a visible fraction is `other` in English
    /// and Russian alike (1,5 книги, 1.5 books); a whole number follows `category(of:language:)`.
    public static func category(of number: Double, language: String) -> PluralCategory {
        guard number.isFinite, number == number.rounded(), number.magnitude < 9.0e18 else { return .other }
        return category(of: Int64(number), language: language)
    }
}
