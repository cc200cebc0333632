import Foundation

/// One event in full (Events List's detail screen): title, person, when (`Mon 22 Dec 16:30–18:00`),
/// image and the whole description.
public struct EventDetail: Sendable {
    /// The event, with its description.
    public let event: Event

    /// The detail of an event.
    public init(event: Event) {
        self.event = event
    }

    /// Reads the event with id `id`; an unknown id is an error that says so (exit 66).
    public static func load(_ store: EventStore, id: Int64) throws -> EventDetail {
        guard let event = try store.event(id: id) else {
            throw AlmanacError.notFound("events.error.no-such-event", ["id": String(id)])
        }
        return EventDetail(event: event)
    }

    /// When the event is, in the zone: `Mon 22 Dec 16:30–18:00`; an end on another day gets its own
    /// date (`Wed 31 Dec 21:00 – Thu 1 Jan 2026 02:00`); a point in time only its start.
    public static func when(_ event: Event, _ formats: LocalizedFormats) -> String {
        let start = formats.instant(Agenda.moment(event.startsAt))
        guard !event.isPoint, let end = event.endsAt else { return start }
        let zone = formats.timeZone
        let day = LocalDate(Agenda.moment(event.startsAt), in: zone)
        if LocalDate(Agenda.moment(end - 1), in: zone) == day {
            return start + "–" + ZoneDays(range: DayRange(first: day, last: day)!, zone: zone).clockTime(end)
        }
        return start + " – " + formats.instant(Agenda.moment(end))
    }

    /// The detail in the renderer's format: labelled lines and the description (wrapped to a terminal's
    /// width, as written otherwise) in `table`; a heading, a list and a paragraph in `markdown`; one
    /// row of the stored fields in `csv`, `tsv` and `json`.
    public func render(_ renderer: Renderer) -> String {
        let formats = LocalizedFormats(localizer: renderer.localizer, timeZone: renderer.timeZone, today: renderer.today)
        let t = renderer.localizer
        var fields: [(label: String, value: String)] = []
        if let person = event.person { fields.append((t("events.detail.person"), person)) }
        fields.append((t("events.detail.when"), Self.when(event, formats)))
        if let image = event.image { fields.append((t("events.detail.image"), image)) }
        let paragraphs = (event.description ?? "").split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { Renderer.singleLine(String($0)) }
        switch renderer.format {
        case .csv, .tsv, .json:
            return renderer.render(machineTable())
        case .html:
            var page = renderer
            page.title = event.title
            return page.htmlPage(renderer.titled(machineTable()), lead: ([event.person].compactMap { $0 } + [Self.when(event, formats)]).joined(separator: " · "),
                body: paragraphs.filter { !$0.isEmpty }.map { "<p>" + HTMLText.escaped($0) + "</p>\n" }.joined())
        case .markdown:
            var out = "## " + Self.escape(event.title) + "\n\n"
            out += fields.map { "- **" + Self.escape($0.label) + ":** " + Self.escape($0.value) + "\n" }.joined()
            if event.description != nil { out += "\n" + paragraphs.map(Self.escape).joined(separator: "  \n") + "\n" }
            return out
        case .table:
            let labelWidth = fields.map { DisplayWidth.of($0.label) + 1 }.max() ?? 0
            var out = Renderer.singleLine(event.title) + "\n"
            for field in fields {
                out += "  " + DisplayWidth.pad(field.label + ":", to: labelWidth, alignment: .left) + " "
                    + Renderer.singleLine(field.value) + "\n"
            }
            guard event.description != nil else { return out }
            out += "\n"
            for paragraph in paragraphs {
                let lines = renderer.width.map { TextWrap.lines(paragraph, width: $0) } ?? [paragraph]
                out += (lines.isEmpty ? [""] : lines).joined(separator: "\n") + "\n"
            }
            return out
        }
    }

    /// The stored fields as one row.
    public func machineTable() -> Table {
        Table(columns: ["id", "title", "person", "starts_at", "ends_at", "image", "description"].map {
            Table.Column(key: $0, title: $0)
        }, rows: [[
            .identifier(event.id), .text(event.title), Agenda.text(event.person), .instant(Agenda.moment(event.startsAt)),
            event.endsAt.map { .instant(Agenda.moment($0)) } ?? .null, Agenda.text(event.image), Agenda.text(event.description),
        ]], summaryUnit: nil)
    }

    /// Text with Markdown's punctuation escaped, so a title such as `*New* year` stays as written.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in Renderer.singleLine(text) {
            if "\\`*_[]<>|~".contains(character) || (out.isEmpty && "#-+>=".contains(character)) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// What `events add` says for a new event, in the renderer's format: a line for people
    /// (`Added event 44: Carols, Mon 22 Dec 18:00`), the event's row for machines.
    public func addedMessage(_ renderer: Renderer) -> String {
        switch renderer.format {
        case .csv, .tsv, .json: return renderer.render(machineTable())
        case .html: return renderer.render(renderer.titled(machineTable()))
        case .table, .markdown:
            let formats = LocalizedFormats(localizer: renderer.localizer, timeZone: renderer.timeZone, today: renderer.today)
            return renderer.localizer("events.added", [
                "id": String(event.id), "title": Renderer.singleLine(event.title), "when": Self.when(event, formats),
            ]) + "\n"
        }
    }
}
