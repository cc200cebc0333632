import AlmanacAnimation
import AlmanacKinds
import AlmanacOutput
import AlmanacText
import Foundation

/// The snowman drawn in SVG and animated with CSS along a `Timeline`, as `animation play` moves the
/// text one: scaled by the width and height multipliers, foreshortened by cos(rotation about X)
/// (upside down past 90°), turned about Z (clockwise for positive degrees), moved by the positions
/// (±100 takes it to the stage's edge) and faded by opacity.
///
/// The keyframes are the timeline's own values at every hundredth of the duration, joined by
/// straight lines: at each keyframe the picture is exactly where `animation timeline` says, and in
/// between the sine easing strays from the straight line by less than 0.03 % of the way. The
/// animation loops; a click (or Space on the focused picture) pauses and resumes it through a
/// checkbox and the style sheet alone, and a reader who asks for reduced motion sees it still.
package struct SnowmanPicture {
    /// The timeline to follow.
    package let timeline: Timeline
    /// The setting's name.
    package let name: String
    /// The setting's values that differ from the defaults, in words (`width ×1.2, turn Z 15°`).
    package let summary: String
    /// The user's words.
    package let localizer: Localizer

    package init(timeline: Timeline, name: String, summary: String, localizer: Localizer) {
        self.timeline = timeline
        self.name = name
        self.summary = summary
        self.localizer = localizer
    }

    /// Half the stage's width and height, in user units; the snowman is drawn around (0, 0).
    package static let halfWidth = 240.0, halfHeight = 180.0
    /// Half the snowman's width and height, so ±100 puts its edge on the stage's edge.
    package static let halfSnowmanWidth = 75.0, halfSnowmanHeight = 100.0
    /// How many keyframes the duration is cut into.
    package static let steps = 100

    /// The CSS `transform` and `opacity` for a frame's values.
    package static func style(_ values: [String: Double]) -> (transform: String, opacity: String) {
        let x = (values["horizontal_position"] ?? 0) / 100 * (halfWidth - halfSnowmanWidth)
        let y = (values["vertical_position"] ?? 0) / 100 * (halfHeight - halfSnowmanHeight)
        let turn = values["rotation_z"] ?? 0
        let tilt = (values["rotation_x"] ?? 0) * Double.pi / 180
        let scaleX = values["width_multiplier"] ?? 1
        let scaleY = (values["height_multiplier"] ?? 1) * cos(tilt)
        let n = SVGWriter.number
        return (
            "translate(\(n(x))px, \(n(y))px) rotate(\(n(turn))deg) scale(\(decimal(scaleX)), \(decimal(scaleY)))",
            n(min(1, max(0, values["opacity"] ?? 1)))
        )
    }

    /// Six decimals: the scales are compared within 1 %, and cos() near 90° is small.
    private static func decimal(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// The keyframes and the rule that runs them on the picture `id`, for the page's head. Longhands,
    /// not `animation:`, whose shorthand would also set the play state: the page's pause rule
    /// (`PageStyle`, a click on the snowman) is less specific than `#id`, and would lose to it.
    package func style(id: String) -> String {
        let animation = id + "-moves"
        var css = "@keyframes " + animation + "{\n"
        for step in 0...Self.steps {
            let style = Self.style(timeline.values(at: timeline.duration * Double(step) / Double(Self.steps)))
            css += "\(step)%{transform:\(style.transform);opacity:\(style.opacity)}\n"
        }
        css +=
            "}\n#\(id) .snowman{transform-box:view-box;transform-origin:0px 0px;animation-name:\(animation);"
            + "animation-duration:" + SVGWriter.number(timeline.duration) + "s;animation-timing-function:linear;"
            + "animation-iteration-count:infinite}\n"
        return css
    }

    /// The stage with the snowman and the words that say how to pause it.
    package func figure(id: String) -> String {
        let t = localizer
        let formats = LocalizedFormats(localizer: t)
        let description = t(
            "page.snowman.description",
            ["name": name, "duration": formats.number(timeline.duration), "values": summary])
        var svg = SVGWriter(
            id: id, width: Self.halfWidth * 2, height: Self.halfHeight * 2, origin: (-Self.halfWidth, -Self.halfHeight),
            title: t("page.snowman.title", ["name": name]), description: description)
        svg.element("rect", [("class", "ground"), ("x", "-240"), ("y", "-180"), ("width", "480"), ("height", "360")])
        for (x, y) in [
            (-200.0, -140.0), (-120, -60), (-170, 40), (150, -150), (200, -40), (120, 90), (-60, -150), (60, 130),
            (-210, 120),
        ] {
            svg.element(
                "circle", [("class", "flake"), ("cx", SVGWriter.number(x)), ("cy", SVGWriter.number(y)), ("r", "3.5")])
        }
        svg.open("g", [("class", "snowman")])
        svg.raw(Self.drawing)
        svg.close("g")
        let paused = t("page.snowman.paused")
        let running = t("page.snowman.running")
        return "<figure class=\"snowman-figure\">\n"
            + "<input type=\"checkbox\" class=\"pause\" id=\"\(id)-pause\" aria-label=\""
            + HTMLText.attribute(t("page.snowman.pause")) + "\">\n"
            + "<label for=\"\(id)-pause\" class=\"snowman-stage\" data-running=\"" + HTMLText.attribute(running)
            + "\" data-paused=\"" + HTMLText.attribute(paused) + "\">\n" + svg.finish() + "</label>\n"
            + "<figcaption>" + HTMLText.escaped(description) + "</figcaption>\n</figure>\n"
    }

    /// The snowman, about 150 × 200 units around (0, 0): three balls, a hat, eyes, a carrot nose,
    /// buttons and two twig arms.
    package static let drawing = """
        <path class="arm" d="M-28,-22 L-72,-48 M-58,-40 L-66,-58 M28,-22 L72,-48 M58,-40 L68,-56"/>
        <circle class="snow" cx="0" cy="50" r="44"/>
        <circle class="snow" cx="0" cy="-20" r="32"/>
        <circle class="snow" cx="0" cy="-70" r="24"/>
        <rect class="hat" x="-28" y="-92" width="56" height="7" rx="2"/>
        <rect class="hat" x="-18" y="-120" width="36" height="30" rx="3"/>
        <rect x="-18" y="-98" width="36" height="6" fill="#c62828"/>
        <circle class="ink" cx="-8" cy="-76" r="3"/>
        <circle class="ink" cx="8" cy="-76" r="3"/>
        <path class="nose" d="M0,-69 L20,-65 L0,-62 Z"/>
        <path d="M-10,-58 Q0,-52 10,-58" fill="none" stroke="var(--snow-line)" stroke-width="2" stroke-linecap="round"/>
        <circle class="ink" cx="0" cy="-30" r="3"/>
        <circle class="ink" cx="0" cy="-16" r="3"/>
        <circle class="ink" cx="0" cy="40" r="3.5"/>
        <circle class="ink" cx="0" cy="58" r="3.5"/>

        """
}
