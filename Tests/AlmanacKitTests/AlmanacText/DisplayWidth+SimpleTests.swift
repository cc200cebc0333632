import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// The fast count for plain text gives what the grapheme-by-grapheme count gives, or steps aside.
@Suite struct DisplayWidthSimpleTests {
    @Test func everyCharacterCountedFastIsOneColumnWide() {
        var checked = 0
        for value in UInt32(0x20)...0x21FF {
            guard let scalar = Unicode.Scalar(value), let fast = DisplayWidth.simpleWidth(String(scalar)) else {
                continue
            }
            #expect(fast == 1, "U+\(String(value, radix: 16))")
            #expect(DisplayWidth.of(Character(scalar)) == 1, "U+\(String(value, radix: 16))")
            checked += 1
        }
        // Printable ASCII, U+00A0–U+04FF less 119 combining marks, and 183 punctuation marks and arrows.
        #expect(checked == 95 + 1120 - 119 + 183)
    }

    @Test(arguments: [
        "Car service", "Репетиция утренника", "21:00–..:..", "↪ continued", "Müller & Sons", "Ελληνικά", "…",
    ])
    func plainTextIsCountedFast(_ text: String) {
        #expect(DisplayWidth.simpleWidth(text) == text.count)
        #expect(DisplayWidth.of(text) == text.count)
    }

    @Test(arguments: [
        "忘年会", "Ski ⛷️", "Cre\u{300}me", "tab\there", "\u{1B}[31m", "a\u{200D}b", "👍🏽", "🇯🇵", "\u{85}", "\u{483}",
    ])
    func anythingElseIsLeftToTheFullCount(_ text: String) {
        #expect(DisplayWidth.simpleWidth(text) == nil)
    }
}
