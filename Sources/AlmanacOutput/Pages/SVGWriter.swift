import AlmanacText
import Foundation

/// A small writer of inline SVG: elements with escaped attributes and text, numbers without
/// exponents, and a picture's text alternative (`role="img"`, `<title>` and `<desc>` named by
/// `aria-labelledby`), so a screen reader says what the picture shows.
package struct SVGWriter {
    /// The markup so far.
    private(set) var markup = ""

    /// Opens an `<svg>` of `width` × `height` user units (its viewBox starting at `origin`), with
    /// its title and description under ids made from `id`.
    package init(
        id: String, width: Double, height: Double, origin: (x: Double, y: Double) = (0, 0), title: String,
        description: String,
        classes: String? = nil
    ) {
        var attributes: [(String, String)] = [
            ("xmlns", "http://www.w3.org/2000/svg"), ("role", "img"),
            ("viewBox", [origin.x, origin.y, width, height].map(Self.number).joined(separator: " ")),
            ("width", Self.number(width)), ("height", Self.number(height)),
            ("aria-labelledby", id + "-title " + id + "-desc"), ("id", id),
        ]
        if let classes { attributes.append(("class", classes)) }
        open("svg", attributes)
        element("title", [("id", id + "-title")], text: title)
        element("desc", [("id", id + "-desc")], text: description)
    }

    /// Opens an element; close it with `close(_:)`.
    package mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        markup += "<" + name + Self.attributes(attributes) + ">"
    }

    /// Closes an element.
    package mutating func close(_ name: String) {
        markup += "</" + name + ">\n"
    }

    /// An element with text inside, or empty.
    package mutating func element(_ name: String, _ attributes: [(String, String)], text: String? = nil) {
        if let text {
            markup += "<" + name + Self.attributes(attributes) + ">" + HTMLText.escaped(text) + "</" + name + ">\n"
        } else {
            markup += "<" + name + Self.attributes(attributes) + "/>\n"
        }
    }

    /// Markup the caller built from this writer's own pieces.
    package mutating func raw(_ text: String) {
        markup += text
    }

    /// The finished picture.
    package mutating func finish() -> String {
        close("svg")
        return markup
    }

    /// A number for an attribute: at most three decimals, no exponent, no `-0`.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " " + $0.0 + "=\"" + HTMLText.attribute($0.1) + "\"" }.joined()
    }

    /// `text` cut to `limit` characters with `…`, for a label that must fit (SVG text does not wrap).
    package static func cut(_ text: String, _ limit: Int) -> String {
        let single = TerminalText.escaped(text, .cell)
        return single.count <= limit ? single : String(single.prefix(limit - 1)) + "…"
    }
}
