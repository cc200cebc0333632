import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// "Did you mean": the nearest one or two words, only when near enough to be a typo.
@Suite struct SuggestionsTests {
    @Test(arguments: [
        ("books", "books", 0), ("boks", "books", 1), ("shwo", "show", 1), ("titel", "title", 1),
        ("calender", "calendar", 1), ("", "abc", 3), ("kitten", "sitting", 3), ("ca", "abc", 3),
    ])
    func distanceCountsASwapAsOneEdit(_ a: String, _ b: String, _ edits: Int) {
        #expect(Suggestions.distance(Array(a), Array(b)) == edits)
        #expect(Suggestions.distance(Array(b), Array(a)) == edits)
    }

    static let commands = [
        "init", "import", "export", "demo", "report", "query", "calendar", "animation", "countries",
        "quiz", "books", "overdue", "events",
    ]

    @Test(arguments: [
        ("boks", ["books"]), ("calender", ["calendar"]), ("imprt", ["import"]), ("qiuz", ["quiz"]), ("BOOKS", []),
        ("anim", ["animation"]), ("xyz", []), ("q", []), ("overdeu", ["overdue"]), ("evnts", ["events"]),
        ("expor", ["export"]), ("Boks", ["books"]),
    ])
    func suggestsOnlyNearWords(_ typed: String, _ expected: [String]) {
        #expect(Suggestions.nearest(to: typed, among: Self.commands) == expected)
    }

    @Test func givesTwoOnlyWhenBothAreAsNear() {
        #expect(Suggestions.nearest(to: "sow", among: ["show", "sew", "select"]) == ["sew", "show"])
        #expect(Suggestions.nearest(to: "shw", among: ["show", "shwa", "select"]) == ["show", "shwa"])
        #expect(Suggestions.nearest(to: "--frmat", among: ["--format", "--from", "--fps"]) == ["--format"])
    }
}
