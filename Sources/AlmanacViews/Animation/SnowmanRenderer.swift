import AlmanacAnimation
import AlmanacKinds
import AlmanacOutput
import Foundation

/// Draws the text snowman transformed by an animation's values, as UIKit's transforms moved the
/// app's snowman picture: scaled by the width and height multipliers, foreshortened vertically by
/// cos(rotation about X) (upside down past 90°), turned about Z (clockwise for positive degrees, as
/// on an iPhone's screen), moved by the positions (±100 takes it to the canvas's edge), and faded
/// by opacity through fainter glyphs (and the terminal's faint attribute when colour is allowed).
///
/// Each canvas cell is mapped back through the inverse transform onto the picture (nearest
/// neighbour). Terminal cells are about twice as tall as wide, so rows count double in the
/// geometry, and glyphs that draw lines (`/ | \ -`) turn with the picture to stay legible.
public struct SnowmanRenderer: Sendable {
    /// The picture, every line the same width.
    public static let art: [String] = [
        "     ___     ",
        "    |   |    ",
        "   _|___|_   ",
        "   ( o o )   ",
        "   (  >  )   ",
        "\\__( ~~~ )__/",
        "  (   •   )  ",
        " (    •    ) ",
        " (    •    ) ",
        "  `-------'  ",
    ]

    /// The canvas size in rows and columns.
    public let rows: Int, columns: Int
    /// Whether the faint attribute may be used.
    public let styling: Styling
    private let picture: [[Character]]

    /// A renderer for a canvas of `rows` × `columns`.
    public init(rows: Int, columns: Int, styling: Styling = .plain) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        self.styling = styling
        picture = Self.art.map(Array.init)
    }

    /// The canvas's lines for one frame's values (missing properties take the identity).
    public func render(_ values: [String: Double]) -> [String] {
        let width = values["width_multiplier"] ?? 1
        let height = values["height_multiplier"] ?? 1
        let tilt = (values["rotation_x"] ?? 0) * Double.pi / 180
        let turn = (values["rotation_z"] ?? 0) * Double.pi / 180
        let opacity = values["opacity"] ?? 1
        let pictureRows = picture.count
        let pictureColumns = picture[0].count
        // Whole cells, so the picture moves without being resampled.
        let shiftX = ((values["horizontal_position"] ?? 0) / 100 * Double(max(0, columns - pictureColumns)) / 2)
            .rounded()
        let shiftY = ((values["vertical_position"] ?? 0) / 100 * Double(max(0, rows - pictureRows)) / 2).rounded()
        var scaleY = height * cos(tilt)
        if abs(scaleY) < 0.02 { scaleY = scaleY < 0 ? -0.02 : 0.02 }
        let scaleX = max(0.02, width)
        let (sine, cosine) = (sin(turn), cos(turn))
        // Centres on whole cells: unscaled, every cell of the picture lands on exactly one cell.
        let centreX = Double((columns - 1) / 2) + shiftX
        let centreY = Double((rows - 1) / 2) + shiftY
        let pictureCentreX = Double((pictureColumns - 1) / 2)
        let pictureCentreY = Double((pictureRows - 1) / 2)
        let level = Self.level(opacity)
        let glyphTurn = Self.turnSteps(turn)

        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                // Square units: a row is two columns tall.
                let u = Double(column) - centreX
                let v = (Double(row) - centreY) * 2
                let x = cosine * u + sine * v
                let y = -sine * u + cosine * v
                let sourceColumn = Int((x / scaleX + pictureCentreX).rounded())
                let sourceRow = Int((y / 2 / scaleY + pictureCentreY).rounded())
                var glyph: Character = " "
                if level > 0, (0..<pictureRows).contains(sourceRow), (0..<pictureColumns).contains(sourceColumn) {
                    let original = picture[sourceRow][sourceColumn]
                    if original != " " {
                        glyph = Self.fade(
                            Self.orient(original, flipped: scaleY < 0, steps: glyphTurn), level,
                            styled: styling.isEnabled)
                    }
                }
                line.append(glyph)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(level < 3 && styling.isEnabled ? Self.faint(line) : line)
        }
        return lines
    }

    /// A line in the terminal's faint attribute, from its first glyph to its end.
    package static func faint(_ line: String) -> String {
        guard let first = line.firstIndex(where: { $0 != " " }) else { return line }
        return String(line[..<first]) + "\u{1B}[2m" + String(line[first...]) + "\u{1B}[22m"
    }

    /// Opacity as four levels: 3 the picture itself, 2 faint, 1 dots, 0 nothing.
    package static func level(_ opacity: Double) -> Int {
        opacity >= 0.75 ? 3 : opacity >= 0.4 ? 2 : opacity >= 0.05 ? 1 : 0
    }

    /// A glyph at a fade level: with colour the faint attribute does the fading at level 2; without,
    /// fainter levels use lighter glyphs.
    package static func fade(_ glyph: Character, _ level: Int, styled: Bool) -> Character {
        switch level {
        case 3: return glyph
        case 2: return styled ? glyph : ":"
        case 1: return "."
        default: return " "
        }
    }

    /// The rotation as whole eighths of a half turn (45° steps) that line glyphs turn by.
    package static func turnSteps(_ radians: Double) -> Int {
        Int((radians / (Double.pi / 4)).rounded())
    }

    /// The line glyphs, by direction in 45° steps counterclockwise from horizontal.
    package static let lineGlyphs: [Character] = ["-", "/", "|", "\\"]

    /// Each glyph turned a quarter turn clockwise: arcs, arrows and lines turn with the picture.
    package static let quarterTurn: [Character: Character] = [
        "(": "⌒", "⌒": ")", ")": "‿", "‿": "(", ">": "v", "v": "<", "<": "^", "^": ">",
        "-": "|", "_": "|", "‾": "|", "~": "|", "=": "‖", "‖": "=", "|": "-", "/": "\\", "\\": "/", "`": "'", "'": ",",
        ",": "`",
    ]

    /// Each glyph upside down (turned about a horizontal axis).
    package static let upsideDown: [Character: Character] = [
        "/": "\\", "\\": "/", "_": "‾", "‾": "_", "`": ",", ",": "`", "'": ".", ".": "'", "^": "v", "v": "^", "⌒": "‿",
        "‿": "⌒",
    ]

    /// A glyph flipped upside down when `flipped`, then turned clockwise by `steps` × 45°: whole
    /// quarter turns by the table, and a remaining eighth turn for the glyphs that draw lines.
    package static func orient(_ glyph: Character, flipped: Bool, steps: Int) -> Character {
        var glyph = flipped ? upsideDown[glyph] ?? glyph : glyph
        let quarters = Int((Double(steps) / 2).rounded())
        for _ in 0..<quarters.floorMod(4) { glyph = quarterTurn[glyph] ?? glyph }
        let eighth = steps - 2 * quarters
        guard eighth != 0 else { return glyph }
        let direction: Int
        switch glyph {
        case "-", "_", "‾", "~", "=": direction = 0
        case "/": direction = 1
        case "|": direction = 2
        case "\\": direction = 3
        default: return glyph
        }
        return lineGlyphs[(direction - eighth).floorMod(4)]
    }
}
