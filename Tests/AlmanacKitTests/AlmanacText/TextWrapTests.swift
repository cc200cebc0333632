import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

@Suite struct TextWrapTests {
    @Test(arguments: [
        ("A paper star to hang in the window", 10, ["A paper", "star to", "hang in", "the window"]),
        ("Gingerbread dough", 10, ["Gingerbre-", "ad dough"]),
        ("Леденец-тросточка", 10, ["Леденец-", "тросточка"]),
        ("Леденец-тросточка", 5, ["Леде-", "нец-", "трос-", "точка"]),
        (
            "Supercalifragilistic", 1,
            ["S", "u", "p", "e", "r", "c", "a", "l", "i", "f", "r", "a", "g", "i", "l", "i", "s", "t", "i", "c"]
        ),
        ("--format=markdown", 8, ["--forma-", "t=markd-", "own"]),
        ("Бумажная звезда на окно", 10, ["Бумажная", "звезда на", "окно"]),
        ("お正月 🎍 おみくじ", 6, ["お正月", "🎍", "おみく", "じ"]),
        ("", 10, []),
    ])
    func wrapsByDisplayWidth(_ text: String, _ width: Int, _ lines: [String]) {
        #expect(TextWrap.lines(text, width: width) == lines)
    }

    @Test func aLimitEndsTheLastLineWithAnEllipsis() {
        #expect(TextWrap.lines("A paper star to hang in the window", width: 10, limit: 2) == ["A paper", "star to…"])
        #expect(TextWrap.lines("Hot cocoa with marshmallows", width: 9, limit: 2) == ["Hot cocoa", "with…"])
        #expect(TextWrap.lines("Short", width: 10, limit: 2) == ["Short"])
    }
}
