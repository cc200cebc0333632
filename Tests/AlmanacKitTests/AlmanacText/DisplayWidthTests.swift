import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

@Suite struct DisplayWidthTests {
    static let widths: [(text: String, width: Int)] = [
        ("", 0),
        ("abc", 3),
        ("Ёлка", 4),  // Cyrillic: 1 each
        ("日本", 4),  // CJK: 2 each
        ("대한민국", 8),  // Hangul syllables: 2 each
        ("ｶﾀｶﾅ", 4),  // halfwidth katakana: 1 each
        ("ＡＢ", 4),  // fullwidth Latin: 2 each
        ("🇯🇵", 2),  // a flag: two regional indicators, one picture
        ("🇯🇵🇩🇪", 4),
        ("🍶", 2),  // emoji presentation
        ("👩‍👩‍👧", 2),  // a ZWJ family is one picture
        ("👍🏽", 2),  // skin tone modifier joins its base
        ("❄", 1),  // text presentation by default
        ("❄️", 2),  // U+FE0F asks for the emoji picture
        ("Cre\u{300}me", 5),  // combining grave: 0
        ("e\u{301}\u{302}", 1),  // two combining marks on one base
        ("a\u{200B}b", 2),  // zero-width space
        ("✗ ✓ !", 5),
        ("…", 1),
        ("\u{1B}[31m", 4),  // ESC is 0, "[31m" is 4
    ]

    @Test(arguments: widths)
    func width(_ sample: (text: String, width: Int)) {
        #expect(
            DisplayWidth.of(sample.text) == sample.width,
            "\(sample.text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func truncatesByDisplayWidthWithAnEllipsis() {
        #expect(DisplayWidth.truncate("Ёлка в парке", to: 6) == "Ёлка …")
        #expect(DisplayWidth.truncate("日本語のテキスト", to: 6) == "日本…")
        // A wide character that would overflow is left out; padding fills the gap.
        #expect(DisplayWidth.truncate("日本語", to: 4) == "日…")
        #expect(DisplayWidth.truncate("🇯🇵🇩🇪🇫🇷", to: 5) == "🇯🇵🇩🇪…")
        #expect(DisplayWidth.truncate("short", to: 5) == "short")
        #expect(DisplayWidth.truncate("Cre\u{300}me brûlée", to: 5) == "Cre\u{300}m…")
        #expect(DisplayWidth.truncate("abc", to: 0) == "")
    }

    @Test func padsAndCentresByDisplayWidth() {
        #expect(DisplayWidth.pad("日本", to: 6, alignment: .left) == "日本  ")
        #expect(DisplayWidth.pad("42", to: 5, alignment: .right) == "   42")
        #expect(DisplayWidth.center("🇯🇵", in: 5) == " 🇯🇵  ")
        #expect(DisplayWidth.center("toolong", in: 3) == "toolong")
    }

    @Test func wideRangesAreSortedAndDisjoint() {
        for (previous, next) in zip(DisplayWidth.wideRanges, DisplayWidth.wideRanges.dropFirst()) {
            #expect(previous.upperBound < next.lowerBound, "\(previous) then \(next)")
        }
    }
}
