import AlmanacCalendar
import AlmanacKinds
import AlmanacOutput
import AlmanacText
import Foundation

/// A calendar's 24 doors as inline SVG, six to a row like the source app's grid, in the holiday's
/// colour: a closed door shows its number, an open one `✓`, its number and its surprise, the next
/// door a star and "next"; door 24, once open, carries the holiday's greeting. Each door says what
/// it is in a `<title>`, and the words say everything the colours say.
package struct CalendarPicture {
    /// The calendar.
    package let view: CalendarView
    /// The user's words.
    package let localizer: Localizer
    /// On a live page (`serve`), the id of the form a door's click submits: each door is then a
    /// button of that form, posting its number. Nil on a page written to a file.
    package var doorForm: String? = nil

    private static let size = 112.0, gap = 10.0, columns = 6

    /// The style of the doors as buttons (`doorForm`): the whole door takes the click, and shows
    /// where the keyboard is.
    package static let doorButtonStyle = """
        .door-button{display:block;width:100%;height:100%;margin:0;padding:0;border:0;border-radius:10px;\
        background:transparent;cursor:pointer}
        .door-button:hover{background:rgba(255,255,255,.14)}
        .door-button:focus-visible{outline:3px solid #1A73E8;outline-offset:-3px}

        """

    /// The holiday's colour as `#RRGGBB`, or a red when it has none (or one that is not a colour).
    package var color: String {
        guard let color = view.holiday.color, Self.rgb(color) != nil else { return "#B3261E" }
        return color.uppercased()
    }

    /// The picture, as an inline `<figure>`.
    package func figure(id: String) -> String {
        let t = localizer
        let byNumber = Dictionary(view.doors.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        let rows = (DoorOrder.revealDoor + Self.columns - 1) / Self.columns
        let width = Double(Self.columns) * (Self.size + Self.gap) + Self.gap
        let height = Double(rows) * (Self.size + Self.gap) + Self.gap
        let opened = view.doors.filter(\.isOpen).count
        let description = t(
            "page.calendar.description",
            [
                "opened": String(opened), "total": String(DoorOrder.revealDoor),
                "next": view.next.map(String.init) ?? t("page.calendar.none"),
            ])
        var svg = SVGWriter(
            id: id, width: width, height: height, title: view.holiday.title, description: description,
            classes: "calendar")
        let (ink, light) = Self.inks(color)
        for number in 1...DoorOrder.revealDoor {
            let door = byNumber[number]
            let x = Self.gap + Double((number - 1) % Self.columns) * (Self.size + Self.gap)
            let y = Self.gap + Double((number - 1) / Self.columns) * (Self.size + Self.gap)
            let status =
                door.map { CalendarTables.status(of: $0, in: view, localizer: t) }
                ?? Table.Tag(value: "closed", label: t("calendar.status.closed"))
            let cx = SVGWriter.number(x + Self.size / 2)
            svg.open(
                "g", [("class", "door " + status.value), ("data-door", String(number)), ("data-status", status.value)])
            var title = t("page.calendar.door", ["door": String(number), "status": status.label])
            if let door, door.isOpen { title += ": " + door.surprise }
            svg.element("title", [], text: title)
            switch status.value {
            case "open":
                svg.element(
                    "rect",
                    [
                        ("x", SVGWriter.number(x)), ("y", SVGWriter.number(y)), ("width", SVGWriter.number(Self.size)),
                        ("height", SVGWriter.number(Self.size)), ("rx", "10"), ("fill", light), ("stroke", color),
                        ("stroke-width", "3"),
                    ])
                svg.element(
                    "text",
                    [
                        ("class", "surprise"), ("x", SVGWriter.number(x + 10)), ("y", SVGWriter.number(y + 22)),
                        ("font-size", "15"), ("font-weight", "700"),
                    ], text: "✓ " + String(number))
                let lines =
                    number == DoorOrder.revealDoor && view.holiday.greeting != nil
                    ? Self.wrap(view.holiday.greeting!, width: 15, lines: 4)
                    : Self.wrap(door!.surprise, width: 15, lines: 4)
                for (index, line) in lines.enumerated() {
                    svg.element(
                        "text",
                        [
                            ("class", "surprise"), ("x", cx), ("y", SVGWriter.number(y + 46 + Double(index) * 16)),
                            ("text-anchor", "middle"),
                        ], text: line)
                }
            case "next":
                svg.element(
                    "rect",
                    [
                        ("x", SVGWriter.number(x)), ("y", SVGWriter.number(y)), ("width", SVGWriter.number(Self.size)),
                        ("height", SVGWriter.number(Self.size)), ("rx", "10"), ("fill", color),
                    ])
                svg.element(
                    "rect",
                    [
                        ("x", SVGWriter.number(x + 6)), ("y", SVGWriter.number(y + 6)),
                        ("width", SVGWriter.number(Self.size - 12)),
                        ("height", SVGWriter.number(Self.size - 12)), ("rx", "7"), ("fill", "none"),
                        ("stroke", "#FFD54A"),
                        ("stroke-width", "3"), ("stroke-dasharray", "7 5"),
                    ])
                svg.element(
                    "text",
                    [
                        ("x", cx), ("y", SVGWriter.number(y + 40)), ("text-anchor", "middle"), ("font-size", "26"),
                        ("fill", "#FFD54A"),
                    ], text: "★")
                svg.element(
                    "text",
                    [
                        ("x", cx), ("y", SVGWriter.number(y + 72)), ("text-anchor", "middle"), ("font-size", "26"),
                        ("font-weight", "700"), ("fill", ink),
                    ], text: String(number))
                svg.element(
                    "text",
                    [
                        ("x", cx), ("y", SVGWriter.number(y + 94)), ("text-anchor", "middle"), ("font-size", "13"),
                        ("fill", ink),
                    ], text: status.label)
            default:
                svg.element(
                    "rect",
                    [
                        ("x", SVGWriter.number(x)), ("y", SVGWriter.number(y)), ("width", SVGWriter.number(Self.size)),
                        ("height", SVGWriter.number(Self.size)), ("rx", "10"), ("fill", color),
                        ("opacity", door == nil ? "0.45" : "1"),
                    ])
                svg.element(
                    "circle",
                    [
                        ("cx", SVGWriter.number(x + Self.size - 16)), ("cy", SVGWriter.number(y + Self.size / 2)),
                        ("r", "4"), ("fill", ink), ("opacity", "0.6"),
                    ])
                svg.element(
                    "text",
                    [
                        ("x", cx), ("y", SVGWriter.number(y + Self.size / 2 + 11)), ("text-anchor", "middle"),
                        ("font-size", "32"), ("font-weight", "700"), ("fill", ink),
                    ], text: String(number))
            }
            if let doorForm {
                svg.open(
                    "foreignObject",
                    [
                        ("x", SVGWriter.number(x)), ("y", SVGWriter.number(y)), ("width", SVGWriter.number(Self.size)),
                        ("height", SVGWriter.number(Self.size)),
                    ])
                svg.raw(
                    "<button xmlns=\"http://www.w3.org/1999/xhtml\" type=\"submit\" class=\"door-button\" form=\""
                        + HTMLText.attribute(doorForm) + "\" name=\"door\" value=\"\(number)\" aria-label=\""
                        + HTMLText.attribute(title) + "\"></button>")
                svg.close("foreignObject")
            }
            svg.close("g")
        }
        var out = "<figure>\n" + svg.finish()
        if let reveal = byNumber[DoorOrder.revealDoor], reveal.isOpen, let greeting = view.holiday.greeting {
            out += "<p class=\"reveal\" style=\"border-color:" + color + "\">" + HTMLText.escaped(greeting) + "</p>\n"
        }
        let next = view.next.map { t("page.calendar.next", ["door": String($0)]) } ?? t("page.calendar.all-open")
        return out + "<figcaption>" + HTMLText.escaped(description) + " " + HTMLText.escaped(next)
            + "</figcaption>\n</figure>\n"
    }

    /// The red, green and blue of `#RRGGBB`, or nil.
    package static func rgb(_ text: String) -> (Double, Double, Double)? {
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
            let value = UInt32(String(text.dropFirst()), radix: 16),
            text.dropFirst().allSatisfy(\.isHexDigit)
        else { return nil }
        return (Double(value >> 16 & 0xFF) / 255, Double(value >> 8 & 0xFF) / 255, Double(value & 0xFF) / 255)
    }

    /// The ink that reads on the colour (white on dark, near-black on light; WCAG's relative
    /// luminance), and the colour's light tint for open doors.
    package static func inks(_ color: String) -> (ink: String, light: String) {
        guard let (r, g, b) = rgb(color) else { return ("#FFFFFF", "#FBEAEA") }
        func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055).power(2.4) }
        let luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
        func tint(_ c: Double) -> String {
            let value = Int((c + (1 - c) * 0.85) * 255)
            let text = String(value, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return (luminance > 0.4 ? "#1F2328" : "#FFFFFF", "#" + tint(r) + tint(g) + tint(b))
    }

    /// Text in lines of at most `width` characters, broken between words, at most `lines` lines
    /// (the last cut with `…`).
    package static func wrap(_ text: String, width: Int, lines: Int) -> [String] {
        var result: [String] = []
        var line = ""
        for word in TerminalText.escaped(text, .cell).split(separator: " ") {
            var word = String(word)
            while word.count > width {
                if !line.isEmpty {
                    result.append(line)
                    line = ""
                }
                result.append(String(word.prefix(width)))
                word = String(word.dropFirst(width))
            }
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                result.append(line)
                line = word
            }
        }
        if !line.isEmpty { result.append(line) }
        guard result.count > lines else { return result }
        return Array(result.prefix(lines - 1)) + [
            SVGWriter.cut(result[lines - 1] + " " + result[lines...].joined(separator: " "), width)
        ]
    }
}

extension Double {
    fileprivate func power(_ exponent: Double) -> Double { Foundation.pow(self, exponent) }
}
