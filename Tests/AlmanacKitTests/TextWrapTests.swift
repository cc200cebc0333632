@testable import AlmanacKit
import Testing

/// Lines of at most a given width, never cut inside a character.
@Suite struct TextWrapTests {
    @Test func wordsFillLinesGreedily() {
        #expect(TextWrap.lines("Bring scissors, tape and the gifts.", width: 12) == ["Bring", "scissors,", "tape and the", "gifts."])
        #expect(TextWrap.lines("  Line one.\nLine   two.  ", width: 40) == ["Line one. Line two."])
        #expect(TextWrap.lines("", width: 10) == [])
    }

    @Test func longWordsBreakBetweenCharacters() {
        #expect(TextWrap.lines("ski-weekend-in-the-harz.png", width: 10) == ["ski-weeken", "d-in-the-h", "arz.png"])
        // A wide character that does not fit goes whole to the next line.
        #expect(TextWrap.lines("忘年会忘年会", width: 5) == ["忘年", "会忘", "年会"])
        // Decomposed accents and emoji stay whole.
        #expect(TextWrap.lines("Cre\u{300}me🍶🍶", width: 6) == ["Cre\u{300}me", "🍶🍶"])
    }

    @Test(arguments: [4, 7, 11, 20, 33])
    func noLineIsWiderThanAsked(_ width: Int) {
        let text = "Новогоднее представление для детей. 忘年会 🍶 Zoé Cre\u{300}me brûlée ⛷️ ski-weekend-in-the-harz.png"
        let lines = TextWrap.lines(text, width: width)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(lines)")
        #expect(lines.joined().filter { !$0.isWhitespace } == text.filter { !$0.isWhitespace })
    }
}
