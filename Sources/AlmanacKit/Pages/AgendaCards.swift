/// The agenda as a page, like the source app's screen: a section per day headed `Mon 22 Dec`, its
/// events as cards two or three to a row (title; the image beside the person and the hours; the
/// description's first sentence), then the table of every event and day, as JSON has them.
extension Agenda {
    /// The page for `renderer` (an `html` renderer), cards `columns` to a row, over `table` (the rows
    /// JSON prints for the same command).
    public func htmlPage(_ renderer: Renderer, columns: Int, table: Table) -> String {
        let t = renderer.localizer
        let formats = LocalizedFormats(localizer: t, timeZone: days.zone, today: renderer.today)
        let lead = range.count == 1 ? formats.date(range.first) : t("page.agenda.range", ["from": formats.date(range.first), "to": formats.date(range.last)])
        let page = HTMLPage(title: renderer.pageTitle, lead: lead, localizer: t)
        var out = page.head()
        guard !groups.isEmpty else { return out + HTMLPage.empty(emptyLine(formats)) + page.foot() }
        for day in groups {
            out += "<section class=\"day\" data-day=\"" + day.date.description + "\">\n" + HTMLPage.heading(formats.date(day.date))
            out += "<div class=\"cards\" style=\"--columns:\(max(1, min(3, columns)))\">\n"
            for occurrence in day.occurrences { out += card(occurrence, localizer: t) }
            out += "</div>\n</section>\n"
        }
        out += HTMLPage.heading(t("page.agenda.table"))
        // The rows JSON prints, under titles in the user's words.
        out += renderer.htmlTable(renderer.titled(table)) + "<p class=\"count\">" + HTMLText.escaped(formats.count(Int64(eventCount), unit: "unit.event")) + "</p>\n"
        return out + page.foot()
    }

    /// A file name without its extension (`carols.png` → `carols`): what fits the image's square.
    static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    private func card(_ occurrence: Occurrence, localizer t: Localizer) -> String {
        let event = occurrence.event
        var out = "<article class=\"card\" data-id=\"\(event.id)\">\n<h3>" + HTMLText.escaped(event.title) + "</h3>\n<div class=\"body\">"
        out += "<div class=\"image\" role=\"img\" aria-label=\"" + HTMLText.attribute(t("page.agenda.image", ["image": event.image ?? ""])) + "\">"
            + HTMLText.escaped(Self.stem(event.image ?? "")) + "</div>"
        out += "<div>"
        if let person = event.person { out += "<div class=\"person\">" + HTMLText.escaped(person) + "</div>" }
        out += "<div class=\"hours\">" + HTMLText.escaped(hours(occurrence)) + "</div>"
        if let continuation = occurrence.continuation {
            let tag = Self.tag(continuation, t)
            out += "<div class=\"hours\">" + HTMLText.escaped((tag.symbol.map { $0 + " " } ?? "") + tag.label) + "</div>"
        }
        out += "</div></div>\n"
        if let description = event.description {
            out += "<p class=\"info\">" + HTMLText.escaped(FirstSentence.of(description)) + "</p>\n"
        }
        return out + "</article>\n"
    }
}
