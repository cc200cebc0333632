import Testing

@testable import AlmanacKinds
@testable import AlmanacKit

/// The byte-level tests the kinds' rules share, held to what they stand for.
@Suite struct TextRulesTests {
    /// Over seeded random texts of white space (ASCII's and Unicode's), letters of several scripts,
    /// combining marks and a prepended mark, a field is blank exactly when each of its characters is
    /// white space, as Swift sees characters.
    @Test func blankMeansEveryCharacterIsWhiteSpace() {
        var random = SplitMix64(seed: 28)
        let pieces = [
            " ", "\t", "\n", "\r\n", "\u{0B}", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "a", "Z", "7", "-", "Ж",
            "ё", "日", "🎄", "\u{301}", "\u{200D}", "\u{600}", "\u{1F}",
        ]
        for _ in 0..<20_000 {
            let text = (0..<random.below(6)).map { _ in random.pick(pieces) }.joined()
            let blank = Array(text.utf8).withUnsafeBytes { TextRules.isBlank($0) }
            #expect(blank == text.allSatisfy(\.isWhitespace), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test(arguments: [
        ("", true), (" \t\r\n", true), ("\u{A0}\u{3000}", true), (" \u{301}", true), ("ночь", false),
        ("ночь snow", false), ("\u{600}a", false), ("\u{A0}x", false),
    ])
    func blankFields(_ text: String, _ blank: Bool) {
        #expect(Array(text.utf8).withUnsafeBytes { TextRules.isBlank($0) } == blank)
    }
}
