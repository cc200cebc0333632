import AlmanacText

/// Cards as a page, like the source app's screen: a section per day headed `Mon 22 Dec`, its cards
/// two or three to a row (title; the image beside the person and the hours; the line of text), then
/// the table of the rows machines read.
extension Cards {
    /// The page for `renderer` (an `html` renderer).
    func htmlPage(_ renderer: Renderer) -> String {
        let t = renderer.localizer
        // The lead names the days shown: the line under it says when the page was made.
        var page = HTMLPage(title: renderer.pageTitle, lead: lead, dated: renderer.pageDate(about: false), localizer: t)
        page.slots = renderer.slots
        var out = page.head()
        guard !days.isEmpty else { return out + HTMLPage.empty(empty) + page.foot() }
        for day in days {
            out += "<section class=\"day\" data-day=\"" + day.date.description + "\">\n" + HTMLPage.heading(day.heading)
            out += "<div class=\"cards\" style=\"--columns:\(max(1, min(3, columns)))\">\n"
            for card in day.cards { out += Self.html(card, localizer: t, actions: renderer.slots.cardActions) }
            out += "</div>\n</section>\n"
        }
        out += HTMLPage.heading(t("page.agenda.table"))
        // The rows JSON prints, under titles in the user's words.
        out +=
            renderer.htmlTable(renderer.titled(machines())) + "<p class=\"count\">" + HTMLText.escaped(count) + "</p>\n"
        return out + page.foot()
    }

    /// A file name without its extension (`carols.png` → `carols`): what fits the image's square.
    package static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    private static func html(_ card: Card, localizer t: Localizer, actions: PageSlots.Actions?) -> String {
        var out =
            "<article class=\"card\" data-id=\"\(card.id)\">\n<h3>" + HTMLText.escaped(card.title)
            + "</h3>\n<div class=\"body\">"
        // A card without an image has no box for one.
        if let image = card.image {
            out +=
                "<div class=\"image\" role=\"img\" aria-label=\""
                + HTMLText.attribute(t("page.agenda.image", ["image": image])) + "\">"
                + HTMLText.escaped(stem(image)) + "</div>"
        }
        out += "<div>"
        if let person = card.person { out += "<div class=\"person\">" + HTMLText.escaped(person) + "</div>" }
        out += "<div class=\"hours\">" + HTMLText.escaped(card.pageHours) + "</div>"
        if let note = card.note { out += "<div class=\"hours\">" + HTMLText.escaped(note) + "</div>" }
        out += "</div></div>\n"
        if let info = card.info { out += "<p class=\"info\">" + HTMLText.escaped(info) + "</p>\n" }
        if let actions { out += "<p class=\"actions\">" + actions.markup(card.id) + "</p>\n" }
        return out + "</article>\n"
    }
}
