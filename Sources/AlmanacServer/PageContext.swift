import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacText
import Foundation

/// One request as a page sees it: the settings of the CLI with the reader's language and today's
/// day, the format asked for (a page, or the JSON of `--format json`), and how to make links and
/// forms that keep the language and carry the token.
struct PageContext: Sendable {
    /// The global options with the request's language and day, and `html` or `json`.
    let settings: Settings
    /// The CSRF token forms carry.
    let token: String
    /// True with `--read-only`: no forms.
    let readOnly: Bool
    /// `?lang=` when the request gave it, kept in links and forms; nil when the language came from
    /// `Accept-Language` (links then say nothing and the browser keeps saying it).
    let lang: String?
    /// The request's path, for the language links.
    let path: String
    /// The query's fields.
    let query: FormData
    /// A POST's form fields (none for a GET).
    var form: FormData
    /// How "done" notices are signed and checked.
    let notices: Notice

    /// The reader's words.
    var t: Localizer { settings.localizer }

    /// A renderer of the request's format titled `page.title.TITLE`, never cut or coloured, as
    /// `--format html|json --out FILE` renders.
    func renderer(_ title: String) -> Renderer {
        var settings = settings
        settings.pageTitle = t("page.title." + title)
        return Renderer(settings: settings, terminal: .pipe, environment: [:])
    }

    /// A link to a path of this server, with `?lang=` when the request had it and the fields given.
    func link(_ path: String, _ fields: [(String, String)] = []) -> String {
        let all = fields + (lang.map { [("lang", $0)] } ?? [])
        guard !all.isEmpty else { return path }
        return path + "?" + all.map { $0.0 + "=" + FormData.encode($0.1) }.joined(separator: "&")
    }

    /// A link to `path` that says `fields` were just done (`done=returned`, `id=24`), signed: the
    /// page there shows the notice (`says`), and no link made elsewhere can.
    func doneLink(_ path: String, _ fields: [(String, String)], keeping: [(String, String)] = []) -> String {
        link(path, keeping + notices.signed(path, fields))
    }

    /// The fields `names` of this request's query when a redirect of this server just signed them
    /// (`doneLink`), else nil: a notice is shown only for a change this client just made.
    func said(_ names: String...) -> [String]? {
        guard notices.holds(path, names, in: query) else { return nil }
        return names.map { query[$0] ?? "" }
    }

    /// A `<form method="post">` to `action` (with `query` in its address, the language last) holding
    /// the token, the fields' markup and a button (none when `button` is nil: the fields have their
    /// own, or buttons elsewhere name the form by its `id`; `disabled`: it cannot be pressed now); no
    /// form in read-only mode.
    func postForm(
        _ action: String, query: [(String, String)] = [], id: String? = nil, class name: String = "serve-form",
        _ fields: String, button: String?, disabled: Bool = false
    ) -> String {
        guard !readOnly else { return "" }
        return "<form method=\"post\"" + (id.map { " id=\"" + $0 + "\"" } ?? "") + " class=\"" + name
            + "\" action=\"" + HTMLText.attribute(link(action, query)) + "\">"
            + "<input type=\"hidden\" name=\"" + Guard.tokenField + "\" value=\"" + token + "\">"
            + fields
            + (button.map {
                "<button type=\"submit\"" + (disabled ? " disabled" : "") + ">" + HTMLText.escaped($0) + "</button>"
            } ?? "")
            + "</form>\n"
    }

    /// A labelled input of a form.
    static func field(
        _ label: String, name: String, value: String? = nil, type: String = "text", required: Bool = false,
        extra: String = ""
    ) -> String {
        "<label>" + HTMLText.escaped(label) + " <input type=\"" + type + "\" name=\"" + name + "\""
            + (value.map { " value=\"" + HTMLText.attribute($0) + "\"" } ?? "") + (required ? " required" : "") + extra
            + "></label>"
    }

    /// A paragraph saying what was done (`books.returned`'s sentence), or an error as the CLI words it.
    static func notice(_ text: String, error: Bool = false) -> String {
        "<p class=\"" + (error ? "serve-error" : "serve-notice") + "\""
            + (error ? " role=\"alert\"" : " role=\"status\"") + ">"
            + HTMLText.escaped(text) + "</p>\n"
    }

    /// The error as the CLI's one line says it, in the reader's language (without `almanac: error:`).
    func message(_ error: Error) -> String {
        AlmanacError(reporting: error).message(t)
    }
}
