import Testing

@testable import AlmanacAnimation
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacViews

/// The text snowman under each transform, on a 16 × 40 canvas.
@Suite struct SnowmanRendererTests {
    static let renderer = SnowmanRenderer(rows: 16, columns: 40)

    static func picture(_ values: [String: Double], styling: Styling = .plain) -> String {
        SnowmanRenderer(rows: 16, columns: 40, styling: styling).render(values).joined(separator: "\n") + "\n"
    }

    static func inked(_ values: [String: Double]) -> [(row: Int, column: Int)] {
        renderer.render(values).enumerated().flatMap { row, line in
            Array(line).enumerated().filter { $0.element != " " }.map { (row, $0.offset) }
        }
    }

    @Test func theIdentityIsThePictureCentred() {
        let lines = Self.renderer.render([:])
        #expect(lines.count == 16)
        let drawn = lines.filter { !$0.isEmpty }
        #expect(drawn.count == SnowmanRenderer.art.count)
        for (line, art) in zip(drawn, SnowmanRenderer.art) {
            #expect(line.trimmingCharacters(in: .whitespaces) == art.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test(arguments: [
        ("identity", [String: Double]()),
        ("wide", ["width_multiplier": 2]),
        ("tall-and-up", ["height_multiplier": 1.5, "vertical_position": -40]),
        ("tilted-60", ["rotation_x": 60]),
        ("upside-down", ["rotation_x": 180]),
        ("turned-45", ["rotation_z": 45]),
        ("turned-90", ["rotation_z": 90]),
        ("right-edge", ["horizontal_position": 100]),
        ("faint", ["opacity": 0.5]),
        ("nearly-gone", ["opacity": 0.1]),
    ])
    func goldens(_ name: String, _ values: [String: Double]) throws {
        try Golden.check(Self.picture(values), "snowman-\(name).txt")
    }

    @Test func scalingAndMovingChangeTheExtent() {
        let base = Self.inked([:])
        let wide = Self.inked(["width_multiplier": 2])
        let moved = Self.inked(["horizontal_position": 100])
        func span(_ cells: [(row: Int, column: Int)]) -> Int {
            (cells.map(\.column).max() ?? 0) - (cells.map(\.column).min() ?? 0)
        }
        #expect(span(wide) >= 2 * span(base) - 1)
        #expect(moved.map(\.column).max() == 39, "+100 takes it to the right edge")
        let rows = Set(Self.inked(["rotation_x": 90]).map(\.row))
        #expect(rows.count <= 1, "seen edge-on it is a line")
    }

    @Test func upsideDownFlipsTheRows() {
        let flipped = Self.renderer.render(["rotation_x": 180]).filter { !$0.isEmpty }
        #expect(flipped.first?.contains(",-------.") == true, "the base is on top")
        #expect(flipped.last?.contains("‾‾‾") == true, "the hat's brim is at the bottom")
    }

    @Test func colourFadesWithTheFaintAttribute() {
        let faint = Self.picture(["opacity": 0.5], styling: Styling(isEnabled: true))
        #expect(faint.contains("\u{1B}[2m( o o )\u{1B}[22m\n"))
        #expect(!Self.picture([:], styling: Styling(isEnabled: true)).contains("\u{1B}"))
    }

    @Test(arguments: [(1.0, 3), (0.75, 3), (0.5, 2), (0.4, 2), (0.3, 1), (0.05, 1), (0.01, 0)])
    func opacityLevels(_ opacity: Double, _ level: Int) {
        #expect(SnowmanRenderer.level(opacity) == level)
    }

    @Test(
        arguments: [
            ("-", false, 1, "\\"), ("|", false, 1, "/"), ("/", false, 2, "\\"), ("\\", false, -1, "-"),
            ("_", false, 2, "|"), ("/", true, 0, "\\"), ("_", true, 0, "‾"), ("(", false, 2, "⌒"), ("(", false, 4, ")"),
            (">", false, -2, "^"), ("(", true, 4, ")"), ("o", true, 1, "o"), ("-", false, 1, "\\"),
            ("-", false, 3, "/"),
        ]
            as [(Character, Bool, Int, Character)])
    func lineGlyphsTurn(_ glyph: Character, _ flipped: Bool, _ steps: Int, _ expected: Character) {
        #expect(SnowmanRenderer.orient(glyph, flipped: flipped, steps: steps) == expected)
    }
}
