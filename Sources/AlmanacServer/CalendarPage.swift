import AlmanacKit
import AlmanacOutput
import AlmanacText

/// `/calendar/HOLIDAY`: the 24 doors as `calendar show H --format html` draws them, with a button for
/// each door. A door opens only in order (`calendar open H N`, the same session and rule): an
/// out-of-order one is refused with the CLI's words (409), nothing opened. Reset asks first
/// (`/calendar/H/reset` is the question, its POST closes the doors, as `calendar reset H --yes`).
struct CalendarPage {
    let context: PageContext

    init(_ context: PageContext) {
        self.context = context
    }

    private var t: Localizer { context.t }

    private func session(writing: Bool, title: String = "calendar.show") throws -> CalendarSession {
        try CalendarSession(
            settings: context.settings, renderer: context.renderer(title), environment: [:], writing: writing)
    }

    /// GET: the calendar, with what a POST just did said above it (`?opened=N`, `?reset=N`).
    func show(_ key: String, notice: String = "", status: Int = 200) throws -> Reply {
        let session = try session(writing: false)
        let page = try session.show(key)
        if context.wantsJSON { return .json(page, status: status) }
        let view = try session.calendar.view(key)
        var top = notice
        if notice.isEmpty, let opened = context.query.text("opened").flatMap({ Int($0) }), let door = view.door(opened),
            door.isOpen
        {
            top = PageContext.notice(
                t(
                    "calendar.open.opened",
                    ["door": String(door.number), "title": view.holiday.title, "surprise": door.surprise]))
        } else if notice.isEmpty, let closed = context.query.text("reset").flatMap({ Int64($0) }) {
            top = PageContext.notice(
                t(
                    "calendar.reset.done",
                    [
                        "title": view.holiday.title,
                        "closed": LocalizedFormats(localizer: t).count(closed, unit: "unit.door"),
                    ]))
        }
        return .html(Frame(page).adding(nav: Navigation.html(context), top: top, bottom: doors(view)), status: status)
    }

    /// POST `/calendar/H/open` with `door=N`.
    func open(_ key: String) throws -> Reply {
        let door = context.form["door"] ?? ""
        let outcome: CalendarSession.Outcome
        do {
            outcome = try session(writing: true, title: "calendar.open").open([key, door])
        } catch let error where !context.wantsJSON && AlmanacError(reporting: error).failure != .missingInput {
            let failure = AlmanacError(reporting: error)
            return try show(
                key, notice: PageContext.notice(failure.message(t), error: true),
                status: Reply.status(for: failure.failure))
        }
        if let failure = outcome.failure {
            // Out of order: refused as the CLI refuses it, nothing opened.
            if context.wantsJSON { return .json(JSONError.body(failure.message(t)), status: 409) }
            return try show(key, notice: PageContext.notice(failure.message(t), error: true), status: 409)
        }
        if context.wantsJSON { return .json(outcome.output) }
        return .seeOther(context.link("/calendar/" + key, [("opened", door)]))
    }

    /// GET `/calendar/H/reset`: the question, with a button that closes every door and a way back.
    func confirmReset(_ key: String) throws -> Reply {
        let holiday = try session(writing: false).calendar.holiday(key)
        let question = "<p>" + HTMLText.escaped(t("calendar.reset.question", ["title": holiday.title])) + "</p>\n"
        let back =
            "<p><a href=\"" + HTMLText.attribute(context.link("/calendar/" + holiday.key)) + "\">"
            + HTMLText.escaped(t("calendar.reset.kept", ["title": holiday.title])) + "</a></p>\n"
        let form =
            context.readOnly
            ? "" : context.postForm("/calendar/" + holiday.key + "/reset", "", button: t("serve.calendar.reset-yes"))
        return Routes.page(context, title: holiday.title, question + form + back)
    }

    /// POST `/calendar/H/reset`: every door closed again.
    func reset(_ key: String) throws -> Reply {
        let calendar = try session(writing: true).calendar
        let holiday = try calendar.holiday(key)
        let closed = try calendar.reset(holiday.key)
        if context.wantsJSON { return .json("{\"holiday\": \"" + holiday.key + "\", \"closed\": \(closed)}\n") }
        return .seeOther(context.link("/calendar/" + holiday.key, [("reset", String(closed))]))
    }

    /// The doors as buttons of one form: an open door says so, the next one is marked; each button
    /// posts its number. Read-only pages have none.
    private func doors(_ view: CalendarView) -> String {
        guard !context.readOnly else { return "" }
        var buttons = ""
        for door in view.doors.sorted(by: { $0.number < $1.number }) {
            let label = door.isOpen ? t("serve.calendar.door-open", ["door": String(door.number)]) : String(door.number)
            buttons +=
                "<button type=\"submit\" name=\"door\" value=\"\(door.number)\""
                + (door.isOpen ? " class=\"open\"" : "")
                + (door.number == view.next ? " class=\"next\"" : "") + ">" + HTMLText.escaped(label) + "</button>"
        }
        let heading = HTMLPage.heading(t("serve.calendar.doors"))
        let form = context.postForm(
            "/calendar/" + view.holiday.key + "/open", class: "serve-form doors", buttons, button: ""
        )
        .replacingOccurrences(of: "<button type=\"submit\"></button>", with: "")
        let reset =
            "<p><a href=\"" + HTMLText.attribute(context.link("/calendar/" + view.holiday.key + "/reset")) + "\">"
            + HTMLText.escaped(t("serve.calendar.reset")) + "</a></p>\n"
        return heading + form + reset
    }

    /// Links to every calendar, for the navigation's world: the selected one, else the first.
    static func defaultKey(_ context: PageContext) throws -> String? {
        let calendar = try CalendarSession(
            settings: context.settings, renderer: context.renderer("calendar.show"), environment: [:],
            writing: false
        ).calendar
        return try calendar.selectedKey() ?? calendar.holidays().first?.key
    }
}
