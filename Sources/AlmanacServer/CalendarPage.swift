import AlmanacCalendar
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacText

/// `/calendar/HOLIDAY`: the 24 doors as `calendar show H --format html` draws them, each door a
/// button: a click opens it. A door opens only in order (`calendar open H N`, the same session and rule): an
/// out-of-order one is refused with the CLI's words (409), nothing opened. Reset asks first
/// (`/calendar/H/reset` is the question, its POST closes the doors, as `calendar reset H --yes`).
struct CalendarPage {
    let context: PageContext
    let connections: Workers.Connections

    init(_ context: PageContext, _ connections: Workers.Connections) {
        self.context = context
        self.connections = connections
    }

    private var t: Localizer { context.t }

    private func session(writing: Bool, renderer: Renderer? = nil) throws -> CalendarSession {
        CalendarSession(
            database: try writing ? connections.writer() : connections.reader(), settings: context.settings,
            renderer: renderer ?? context.renderer("calendar.show"), environment: [:])
    }

    /// GET: the calendar, with what a POST just did said above it (a signed `?opened=N`, `?reset=N`).
    func show(_ key: String, notice: String = "") throws -> Shown {
        let session = try session(writing: false)
        let view = try session.calendar.view(key)
        var top = notice
        if notice.isEmpty, let opened = context.said("opened").flatMap({ Int($0[0]) }), let door = view.door(opened),
            door.isOpen
        {
            top = PageContext.notice(
                t(
                    "calendar.open.opened",
                    ["door": String(door.number), "title": view.holiday.title, "surprise": door.surprise]))
        } else if notice.isEmpty, let closed = context.said("reset").flatMap({ Int64($0[0]) }) {
            top = PageContext.notice(
                t(
                    "calendar.reset.done",
                    [
                        "title": view.holiday.title,
                        "closed": LocalizedFormats(localizer: t).count(closed, unit: "unit.door"),
                    ]))
        }
        let doorForm = context.readOnly ? nil : Self.doorForm
        return Shown(
            title: "calendar.show",
            content: .whole { renderer in
                try self.session(writing: false, renderer: renderer).show(key, doorForm: doorForm)
            }, top: top, bottom: doors(view))
    }

    /// POST `/calendar/H/open` with `door=N`.
    func open(_ key: String) throws -> Shown {
        let door = context.form["door"] ?? ""
        let outcome: CalendarSession.Outcome
        do {
            outcome = try session(writing: true, renderer: context.renderer("calendar.open")).open([key, door])
        } catch let error where AlmanacError(reporting: error).failure != .missingInput {
            return try Shown.refused(error, context) { try show(key, notice: $0) }
        }
        if let failure = outcome.failure {
            // Out of order: refused as the CLI refuses it, nothing opened.
            return try Shown.refused(failure, status: 409, context) { try show(key, notice: $0) }
        }
        // The session said it in the request's format, as `calendar open` prints it.
        return Shown(
            title: "calendar.open", content: .whole { _ in outcome.output },
            location: context.doneLink("/calendar/" + key, [("opened", door)]))
    }

    /// GET `/calendar/H/reset`: the question, with a button that closes every door and a way back.
    func confirmReset(_ key: String) throws -> Shown {
        let holiday = try session(writing: false).calendar.holiday(key)
        let back =
            "<p><a href=\"" + HTMLText.attribute(context.link("/calendar/" + holiday.key)) + "\">"
            + HTMLText.escaped(t("calendar.reset.kept", ["title": holiday.title])) + "</a></p>\n"
        let form =
            context.readOnly
            ? "" : context.postForm("/calendar/" + holiday.key + "/reset", "", button: t("serve.calendar.reset-yes"))
        return Shown.question(holiday.title, t("calendar.reset.question", ["title": holiday.title]), form + back)
    }

    /// POST `/calendar/H/reset`: every door closed again.
    func reset(_ key: String) throws -> Shown {
        let calendar = try session(writing: true).calendar
        let holiday = try calendar.holiday(key)
        let closed = try calendar.reset(holiday.key)
        return Shown(
            title: "calendar.reset",
            content: .record("{\"holiday\": \"" + holiday.key + "\", \"closed\": \(closed)}\n"),
            location: context.doneLink("/calendar/" + holiday.key, [("reset", String(closed))]))
    }

    /// The form each door of the picture submits (`CalendarPicture.doorForm`): it carries the token,
    /// and the door's button its number. Read-only pages have none, and their doors are pictures.
    private static let doorForm = "open-door"

    /// The form the doors post, and the way to close them all again.
    private func doors(_ view: CalendarView) -> String {
        guard !context.readOnly else { return "" }
        let form = context.postForm(
            "/calendar/" + view.holiday.key + "/open", id: Self.doorForm, class: "doors", "", button: nil)
        let reset =
            "<p><a href=\"" + HTMLText.attribute(context.link("/calendar/" + view.holiday.key + "/reset")) + "\">"
            + HTMLText.escaped(t("serve.calendar.reset")) + "</a></p>\n"
        return form + reset
    }

    /// Links to every calendar, for the navigation's world: the selected one, else the first.
    static func defaultKey(_ context: PageContext, _ connections: Workers.Connections) throws -> String? {
        let calendar = AdventCalendar(database: try connections.reader())
        return try calendar.selectedKey() ?? calendar.holidays().first?.key
    }
}
