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

    private func session(writing: Bool, renderer: Renderer) throws -> AnimationSession {
        AnimationSession(
            database: try writing ? connections.writer() : connections.reader(), settings: context.settings,
            renderer: renderer)
    }

    /// GET `/animation`: `animation settings`, with a link to each.
    func list() throws -> Shown {
        let settings = try AnimationLibrary(database: try connections.reader()).settings()
        let links = settings.map { setting in
            "<li><a href=\"" + HTMLText.attribute(context.link("/animation/" + FormData.encode(setting.name))) + "\">"
                + HTMLText.escaped(t("page.snowman.title", ["name": setting.name])) + "</a></li>"
        }.joined(separator: "\n")
        return Shown(
            title: "animation.settings",
            content: .whole { renderer in try self.session(writing: false, renderer: renderer).list() },
            top: "<ul class=\"pages\">\n" + links + "\n</ul>\n")
    }

    /// GET `/animation/NAME[?fps=N]`: the timeline, and the steppers.
    func show(_ name: String, notice: String = "") throws -> Shown {
        let fps = try context.query.value("fps", as: FrameRate.self) ?? FrameRate(checked: 10)
        let library = AnimationLibrary(database: try connections.reader())
        let setting = try library.setting(named: name)
        return Shown(
            title: "animation.timeline",
            content: .whole { renderer in
                try self.session(writing: false, renderer: renderer).timeline(name: name, fps: fps)
            }, top: notice + steppers(setting, try library.catalog()))
    }

    /// POST `/animation/NAME/step` with `key` and `by` (+1 or −1).
    func step(_ name: String) throws -> Shown {
        let key = context.form["key"] ?? ""
        let by = try context.form.value("by", as: Int.self) ?? 0
        do {
            // The session says it in the request's format, as `animation step` prints it.
            let said = try session(writing: true, renderer: context.renderer("animation.timeline"))
                .step(name: name, key: key, by: by)
            return Shown(
                title: "animation.timeline", content: .whole { _ in said },
                location: context.link("/animation/" + FormData.encode(name)))
        } catch let error where AlmanacError(reporting: error).failure != .missingInput {
            return try Shown.refused(error, context) { try show(name, notice: $0) }
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
                    buttons += context.postForm(
                        "/animation/" + FormData.encode(setting.name) + "/step", class: "inline", field, button: label,
                        disabled: value == limit)
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
