import AlmanacEvents
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacStore
import AlmanacText
import AlmanacViews

/// `/events?from=&to=&columns=2|3`: the days' events as `events cards --from --to --columns N` draws
/// them (a toggle between 2 and 3 cards a row, as the app had), each card with Edit and Delete, and a
/// form to add one. Changes go through `EventStore`, as `events add`, `edit` and `delete --yes` make
/// them, with the CLI's rules and words; deleting asks first.
struct EventsPage {
    let context: PageContext
    /// The worker's open connection (read-only for a GET).
    let database: Database

    init(_ context: PageContext, _ database: Database) {
        self.context = context
        self.database = database
    }

    private var settings: Settings { context.settings }
    private var t: Localizer { context.t }

    /// The page's days and cards a row, from the query (as the options of `events cards`).
    private func listing() throws -> (range: DayRange, columns: Int) {
        let query = context.query
        var columns = 2
        if let given = query.text("columns") {
            guard let number = Int(given), EventCards.allowedColumns.contains(number) else {
                throw AlmanacError(.usage, "events.error.bad-columns", ["value": given])
            }
            columns = number
        }
        return (
            try DayRange.resolve(from: query.text("from"), to: query.text("to"), days: nil, today: settings.today),
            columns
        )
    }

    /// The query that shows the same days (and cards a row), for links and redirects.
    private func same(_ extra: [(String, String)] = []) -> [(String, String)] {
        ["from", "to", "columns"].compactMap { name in context.query.text(name).map { (name, $0) } } + extra
    }

    /// GET `/events.ics`: every event as an iCalendar file (`export events --format ics`), for a
    /// calendar program to subscribe to; written as it is read.
    func calendar() throws -> Shown {
        let database = database
        let now = Int64(settings.now().timeIntervalSince1970)
        return Shown(
            title: "events.list",
            content: .file(contentType: "text/calendar; charset=utf-8") { output in
                try EventCalendar.export(database, to: output, now: now)
            })
    }

    /// GET `/events`: the cards, what a POST just did said above them, the toggle, the add form.
    func list(notice: String = "", adding: FormData = FormData()) throws -> Shown {
        let (range, columns) = try listing()
        let store = EventStore(database: database)
        let agenda = try Agenda.load(store, range: range, zone: settings.timeZone, withDescriptions: true)
        var top = notice
        if notice.isEmpty, let said = context.said("done", "id"), ["added", "updated"].contains(said[0]),
            let id = Int64(said[1]), let event = try? store.existing(id: id)
        {
            top = PageContext.notice(sentence(event, said[0] == "added" ? .added : .updated))
        }
        var toggle = "<p class=\"toggle\">" + HTMLText.escaped(t("serve.events.per-row")) + " "
        for number in EventCards.allowedColumns {
            let label = HTMLText.escaped(String(number))
            toggle +=
                number == columns
                ? "<strong>" + label + "</strong> "
                : "<a href=\""
                    + HTMLText.attribute(
                        context.link("/events", same().filter { $0.0 != "columns" } + [("columns", String(number))]))
                    + "\">" + label + "</a> "
        }
        top += toggle + "</p>\n" + rangeForm(columns)
        return Shown(
            title: "events.cards",
            content: .whole { EventCards(agenda: agenda, columns: columns, width: 120).render($0) }, top: top,
            bottom: addForm(adding), cardActions: actions)
    }

    /// What `events add` or `edit` says for people: `Added event 44: Carols, Mon 22 Dec 18:00`.
    private func sentence(_ event: Event, _ change: Change) -> String {
        EventDetail(event: event).changeSentence(
            change, Renderer(settings: settings, terminal: .pipe, environment: [:]))
    }

    /// POST `/events`: `events add` from the form.
    func add() throws -> Shown {
        let form = context.form
        let edit = EventEdit(
            title: form["title"] ?? "", at: form["at"] ?? "", ends: form.text("ends"), person: form.text("person"),
            image: form.text("image"), description: form.text("description"))
        do {
            let event = try EventStore(database: database).add(edit, zone: settings.timeZone)
            return done(event, .added)
        } catch {
            return try Shown.refused(error, context) { try list(notice: $0, adding: form) }
        }
    }

    private func done(_ event: Event, _ change: Change) -> Shown {
        Shown(
            title: "events." + change.rawValue, content: .whole { EventDetail(event: event).changeMessage(change, $0) },
            location: context.doneLink(
                "/events", [("done", change.rawValue), ("id", String(event.id))], keeping: same()))
    }

    /// The fields of an event as a form shows them: times as stored (UTC, `2025-12-24T14:00:00Z`).
    private static func fields(_ event: Event) -> [String: String] {
        [
            "title": event.title, "at": Instant.utcText(event.startsAt),
            "ends": event.endsAt.map(Instant.utcText) ?? "",
            "person": event.person ?? "", "image": event.image ?? "", "description": event.description ?? "",
        ]
    }

    /// GET `/events/ID/edit`: the event as `events show` shows it, and its fields in a form.
    func editPage(_ id: String, notice: String = "") throws -> Shown {
        let detail = try EventDetail.load(
            EventStore(database: database),
            id: try BooksPage.id(id, "events.error.no-such-event"))
        let current = Self.fields(detail.event)
        let inputs = Self.names.map { name in
            PageContext.field(
                t("serve.events.field." + name), name: name, value: context.form[name] ?? current[name] ?? "",
                required: name == "title" || name == "at")
        }.joined()
        let form = context.postForm("/events/\(detail.event.id)/edit", inputs, button: t("serve.books.save"))
        let delete =
            "<p><a href=\"" + HTMLText.attribute(context.link("/events/\(detail.event.id)/delete")) + "\">"
            + HTMLText.escaped(t("serve.events.delete")) + "</a></p>\n"
        return Shown(
            title: "events.show", content: .whole { detail.render($0) }, top: notice,
            bottom: form + (context.readOnly ? "" : delete))
    }

    static let names = ["title", "at", "ends", "person", "image", "description"]

    /// POST `/events/ID/edit`: `events edit ID` with the fields the form changed.
    func edit(_ id: String) throws -> Shown {
        let number = try BooksPage.id(id, "events.error.no-such-event")
        let store = EventStore(database: database)
        let current = Self.fields(try store.existing(id: number))
        func changed(_ name: String) -> String? {
            guard let given = context.form[name]?.trimmingCharacters(in: .whitespaces), given != current[name] else {
                return nil
            }
            return given
        }
        let edit = EventEdit(
            title: changed("title"), at: changed("at"), ends: changed("ends"), person: changed("person"),
            image: changed("image"),
            description: changed("description"))
        do {
            if edit.isEmpty { throw AlmanacError(.usage, "events.error.nothing-to-change") }
            return done(try store.update(id: number, edit, zone: settings.timeZone), .updated)
        } catch {
            return try Shown.refused(error, context) { try editPage(id, notice: $0) }
        }
    }

    /// GET `/events/ID/delete`: the question `events delete` asks, with a button; nothing is deleted.
    func confirmDelete(_ id: String) throws -> Shown {
        let event = try EventStore(database: database).existing(
            id: try BooksPage.id(id, "events.error.no-such-event"))
        let renderer = Renderer(settings: settings, terminal: .pipe, environment: [:])
        let question = t(
            "events.delete.question",
            [
                "id": String(event.id), "title": Renderer.singleLine(event.title),
                "when": EventDetail.when(
                    event, LocalizedFormats(localizer: t, timeZone: settings.timeZone, today: settings.today)),
            ])
        let kept = EventDetail(event: event).keptMessage(renderer).trimmingCharacters(in: .newlines)
        let markup =
            context.postForm("/events/\(event.id)/delete", "", button: t("serve.events.delete-yes"))
            + "<p><a href=\"" + HTMLText.attribute(context.link("/events")) + "\">" + HTMLText.escaped(kept)
            + "</a></p>\n"
        return Shown.question(event.title, question, markup)
    }

    /// POST `/events/ID/delete`: `events delete ID --yes`.
    func delete(_ id: String) throws -> Shown {
        let event = try EventStore(database: database).delete(
            id: try BooksPage.id(id, "events.error.no-such-event"))
        return Shown(
            title: "events.deleted", content: .whole { EventDetail(event: event).changeMessage(.deleted, $0) },
            location: context.link("/events"))
    }

    /// Each card's Edit link, by the event's id; read-only pages have none.
    private var actions: PageSlots.Actions? {
        guard !context.readOnly else { return nil }
        let (context, edit) = (context, HTMLText.escaped(t("serve.books.edit")))
        return PageSlots.Actions(title: edit) { id in
            "<a href=\"" + HTMLText.attribute(context.link("/events/\(id)/edit")) + "\">" + edit + "</a>"
        }
    }

    /// The days shown (a GET form: it changes nothing).
    private func rangeForm(_ columns: Int) -> String {
        var out = "<form method=\"get\" class=\"serve-form\" action=\"/events\">"
        if let lang = context.lang { out += "<input type=\"hidden\" name=\"lang\" value=\"" + lang + "\">" }
        out += "<input type=\"hidden\" name=\"columns\" value=\"\(columns)\">"
        out += PageContext.field(
            t("serve.events.from"), name: "from", value: context.query["from"] ?? "", extra: " placeholder=\"today\"")
        out += PageContext.field(
            t("serve.events.to"), name: "to", value: context.query["to"] ?? "", extra: " placeholder=\"today+6\"")
        return out + "<button type=\"submit\">" + HTMLText.escaped(t("serve.books.find")) + "</button></form>\n"
    }

    /// The form that adds an event (`events add`), keeping what was typed after a refusal.
    private func addForm(_ given: FormData) -> String {
        let inputs = Self.names.map { name in
            PageContext.field(
                t("serve.events.field." + name), name: name, value: given[name],
                required: name == "title" || name == "at",
                extra: name == "at" ? " placeholder=\"2025-12-24T18:00\"" : "")
        }.joined()
        let form = context.postForm("/events", inputs, button: t("serve.events.add"))
        return form.isEmpty ? "" : HTMLPage.heading(t("serve.events.add-heading")) + form
    }
}
