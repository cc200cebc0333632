import AlmanacKinds
import Foundation

/// Orders titles as the user's language does, through ICU's collation for an explicit locale (never
/// `Locale.current`, which is always `en_001` here): case does not matter, `Ё` sorts with `Е`
/// (Ёжик between Евгений and Елена), and in Russian Cyrillic comes before Latin while in English
/// Latin comes first. Titles that compare equal keep a stable order: by case, then by id.
public struct TitleCollation: Sendable {
    /// The locale whose collation orders the titles.
    public let locale: Locale

    /// The collation of a locale identifier (`ru`, `ru_RU`, `en`).
    public init(localeIdentifier: String) {
        self.locale = Locale(identifier: localeIdentifier)
    }

    /// How two titles compare: ignoring case first, then by case, so the order is total.
    public func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        let folded = lhs.compare(rhs, options: [.caseInsensitive], range: nil, locale: locale)
        if folded != .orderedSame { return folded }
        return lhs.compare(rhs, options: [], range: nil, locale: locale)
    }

    /// Loans ordered by title, then by id.
    public func sorted(_ loans: [Loan]) -> [Loan] {
        loans.sorted { lhs, rhs in
            switch compare(lhs.title, rhs.title) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return lhs.id < rhs.id
            }
        }
    }
}
