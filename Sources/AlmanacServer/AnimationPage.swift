import AlmanacAnimation
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacText

/// `/animation/NAME`: the snowman on its timeline as `animation timeline NAME --format html` draws
/// it (a click on the snowman pauses and resumes it: a checkbox and the style sheet, no script), and
/// its settings with steppers: each property moved by a whole step, kept within its min and max, as
/// `animation step NAME KEY +1|-1` moves it. `/animation` lists the saved settings.
struct AnimationPage {
    let context: PageContext
    let connections: Workers.Connections

    init(_ context: PageContext, _ connections: Workers.Connections) {
        self.context = context
        self.connections = connections
    }

    private var t: Localizer { context.t }

    private func session(writing: Bool, title: String) throws -> AnimationSession {
        AnimationSession(
            database: try writing ? connections.writer() : connections.reader(), settings: context.settings,
            renderer: context.renderer(title))
    }

    /// GET `/animation`: `animation settings`, with a link to each.
    func list() throws -> Reply {
        let session = try session(writing: false, title: "animation.settings")
        let text = try session.list()
        if context.wantsJSON { return .json(text) }
        let links = try session.library.settings().map { setting in
            "<li><a href=\"" + HTMLText.attribute(context.link("/animation/" + FormData.encode(setting.name))) + "\">"
                + HTMLText.escaped(t("page.snowman.title", ["name": setting.name])) + "</a></li>"
        }.joined(separator: "\n")
        return .html(
            Frame(text).adding(nav: Navigation.html(context), top: "<ul class=\"pages\">\n" + links + "\n</ul>\n"))
    }

    /// GET `/animation/NAME[?fps=N]`: the timeline, and the steppers.
    func show(_ name: String, notice: String = "", status: Int = 200) throws -> Reply {
        let fps = try context.query.value("fps", as: FrameRate.self) ?? FrameRate(checked: 10)
        let session = try session(writing: false, title: "animation.timeline")
        let text = try session.timeline(name: name, fps: fps)
        if context.wantsJSON { return .json(text, status: status) }
        let setting = try session.library.setting(named: name)
        return .html(
            Frame(text).adding(
                nav: Navigation.html(context), top: notice + steppers(setting, try session.library.catalog())),
            status: status)
    }

    /// POST `/animation/NAME/step` with `key` and `by` (+1 or −1).
    func step(_ name: String) throws -> Reply {
        let key = context.form["key"] ?? ""
        let by = try context.form.value("by", as: Int.self) ?? 0
        do {
            let said = try session(writing: true, title: "animation.timeline").step(name: name, key: key, by: by)
            if context.wantsJSON { return .json(said) }
            return .seeOther(context.link("/animation/" + FormData.encode(name)))
        } catch let error where !context.wantsJSON && AlmanacError(reporting: error).failure != .missingInput {
            let failure = AlmanacError(reporting: error)
            return try show(
                name, notice: PageContext.notice(failure.message(t), error: true),
                status: Reply.status(for: failure.failure))
        }
    }

    /// The setting's values, each with − and + buttons (none in read-only mode).
    private func steppers(_ setting: AnimationSetting, _ catalog: AnimationCatalog) -> String {
        let formats = LocalizedFormats(localizer: t)
        var rows = ""
        for property in catalog.properties {
            let value = setting.value(property)
            let stepper = property.stepper
            var buttons = ""
            if !context.readOnly {
                for (by, label, limit) in [(-1, "−", stepper.min), (1, "+", stepper.max)] {
                    let field =
                        "<input type=\"hidden\" name=\"key\" value=\"" + HTMLText.attribute(property.key) + "\">"
                        + "<input type=\"hidden\" name=\"by\" value=\"\(by)\">"
                    let form = context.postForm(
                        "/animation/" + FormData.encode(setting.name) + "/step", class: "inline", field, button: label)
                    buttons +=
                        value == limit
                        ? form.replacingOccurrences(
                            of: "<button type=\"submit\">", with: "<button type=\"submit\" disabled>") : form
                }
            }
            rows +=
                "<tr><th scope=\"row\">" + HTMLText.escaped(property.label(t)) + "</th><td class=\"num\">"
                + HTMLText.escaped(formats.number(value.doubleValue)) + "</td><td class=\"num\">"
                + HTMLText.escaped(
                    t(
                        "serve.animation.range",
                        [
                            "min": formats.number(stepper.min.doubleValue),
                            "max": formats.number(stepper.max.doubleValue),
                            "step": formats.number(stepper.step.doubleValue),
                        ]))
                + "</td><td class=\"actions\">" + buttons + "</td></tr>\n"
        }
        return HTMLPage.heading(t("serve.animation.settings")) + "<div class=\"scroll\"><table>\n<tbody>\n" + rows
            + "</tbody>\n</table></div>\n"
    }
}
