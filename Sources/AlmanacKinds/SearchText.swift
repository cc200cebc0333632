import Foundation

/// Search text folded the way people type it: without case or accents, so `cote` finds
/// `Côte d’Ivoire` and `ЕЛКА` finds `Ёлка`; typographic apostrophes read as plain ones.
public struct SearchText: Sendable {
    /// The folded query.
    public let folded: String
    private let locale: Locale

    /// A query to match in the locale.
    public init(_ query: String, locale: Locale) {
        self.locale = locale
        folded = Self.fold(query.trimmingCharacters(in: .whitespaces), locale: locale)
    }

    /// True when the query is empty or found inside the text.
    public func matches(_ text: String) -> Bool {
        folded.isEmpty || Self.fold(text, locale: locale).contains(folded)
    }

    /// True when the text is the query exactly, apart from case and accents (for codes).
    public func isExactly(_ text: String) -> Bool {
        !folded.isEmpty && Self.fold(text, locale: locale) == folded
    }

    package static func fold(_ text: String, locale: Locale) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: locale)
            .replacingOccurrences(of: "’", with: "'")
    }
}
