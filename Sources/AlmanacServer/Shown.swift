import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacText

/// What a page made of its request, in no format yet: the command line's output of its values (a
/// table, a picture, a listing however long, a change), what a browser's page adds in the page's named
/// places (`PageSlots`), where a browser goes after a change, and the refusal a page says. `reply(_:)`
/// is the one step that puts it in the format the request asked for with `Accept`: the JSON of
/// `--format json`, or the page of `--format html` with the server's parts in its slots.
struct Shown {
    /// The key of the page's title (`page.title.KEY`), as the command names its output.
    var title: String
    /// What the page shows.
    var content: Content
    /// The HTTP status.
    var status = 200
    /// Under the heading: a notice, a search form.
    var top = ""
    /// Before the footer: a form that adds.
    var bottom = ""
    /// A last column of the table's rows, by their id (a loan's Return and Edit).
    var rowActions: PageSlots.Actions?
    /// A last line of each card, by its id (an event's Edit).
    var cardActions: PageSlots.Actions?
    /// Where a browser is sent (303 See Other) instead of shown the content: after a form's change.
    var location: String?
    /// Headers of the answer besides those every answer has (`Link` to the next page).
    var headers: [(String, String)] = []
    /// The refusal the page says above itself, in the reader's words: a client that asked for JSON
    /// gets it alone, `{"error": "…"}`, with `status`.
    var refusal: String?

    /// The values a page shows, as the command line renders them.
    enum Content {
        /// Made whole by a renderer of the request's format.
        case whole((Renderer) throws -> String)
        /// Written as it is read (a listing, a report: however many rows).
        case streamed((Renderer, OutputWriter) throws -> Void)
        /// Values a machine and a reader are shown differently (a quiz's question: its record, or its
        /// prompt and flags), each made whole by a renderer of the request's format.
        case either(json: (Renderer) throws -> String, page: (Renderer) throws -> String)
        /// A listing however long: JSON all of it as it is read (what `whole` makes, once its own
        /// options are checked), a browser a page of it.
        case listing(whole: () throws -> (Renderer, OutputWriter) throws -> Void, page: () throws -> Shown)
        /// One page of a listing (the renderer's table of its rows): JSON holds the rows under `name`
        /// (`loans`) with the page's number, its size and the next page's address; a page shows the rows.
        case page(name: String, number: Int, size: Int, next: String?, rows: (Renderer) throws -> String)
        /// A page of the server's own (a question before deleting, a quiz's verdict, an error), titled
        /// `title`, around `body`: JSON `json`.
        case own(title: String, body: String, json: String)
        /// Another address, for either format (303 See Other): a new game's.
        case elsewhere(String)
        /// A page of the server's own for a reader (the quiz asking a pupil's name), titled `title`,
        /// around `body`; a machine is sent on to `location` (303), as `elsewhere`.
        case asking(title: String, body: String, location: String)
        /// JSON of a change the command line words no other way (`{"right": true, …}`); a browser is
        /// sent on (`location`) and never sees it.
        case record(String)
        /// Parts under headings (the home page), after `intro`: JSON an object of the parts by name.
        case parts(title: String, lead: String, intro: String, [Part])
        /// A file of its own type for either format (`/events.ics`, `text/calendar`), written as it is read.
        case file(contentType: String, write: (OutputWriter) throws -> Void)
    }

    /// A part of a page of parts: a listing under a heading (a line saying it is empty when it is).
    struct Part {
        /// Its name in the JSON (`overdue_loans`).
        let name: String
        /// The key of its renderer's title (`books.list`).
        let title: String
        /// Its heading on the page.
        let heading: String
        /// What the page says when it is empty.
        let empty: String
        /// All of it, written as it is read (the JSON's).
        let whole: (Renderer, OutputWriter) throws -> Void
        /// What the page shows, when not all of it (the first few, and `more` after).
        var shown: ((Renderer) throws -> String)?
        /// A link after what the page shows, to all of it.
        var more = ""
    }

    /// A question of the server's own (`Delete event 44 …?`) and the markup that answers it: JSON
    /// `{"question": "…"}`.
    static func question(_ title: String, _ text: String, _ markup: String) -> Shown {
        Shown(
            title: "serve",
            content: .own(
                title: title, body: "<p>" + HTMLText.escaped(text) + "</p>\n" + markup,
                json: "{\"question\": " + JSONError.quoted(text) + "}\n"))
    }

    /// A page saying the refusal `words` and nothing else, titled as an error; JSON `{"error": …}`.
    static func refused(_ words: String, status: Int, _ context: PageContext) -> Shown {
        Shown(
            title: "serve", content: .own(title: context.t("serve.error.title"), body: "", json: ""), status: status,
            top: PageContext.notice(words, error: true), refusal: words)
    }

    /// A refusal said above the page `page` makes with its notice: `status` or the one of the
    /// failure's exit status, and the failure alone for a client that asked for JSON.
    static func refused(
        _ error: any Error, status: Int? = nil, _ context: PageContext, _ page: (String) throws -> Shown
    ) throws -> Shown {
        let failure = AlmanacError(reporting: error)
        let words = failure.message(context.t)
        var shown = try page(PageContext.notice(words, error: true))
        // A listing's refusal is said above its first page.
        if case .listing(_, let first) = shown.content { shown = try first() }
        shown.status = status ?? Reply.status(for: failure.failure)
        shown.refusal = words
        return shown
    }
}

extension PageContext {
    /// The answer of what a page made, in the format the request asked for: the one place the
    /// server reads it.
    func reply(_ shown: Shown) throws -> Reply {
        var reply = try settings.format == .json ? json(shown) : page(shown)
        reply.headers += shown.headers
        return reply
    }

    /// `settings` in the format a request asks for: JSON with `Accept: application/json`, else a page.
    static func settings(_ settings: Settings, accept: String?) -> Settings {
        var settings = settings
        settings.format = (accept ?? "").contains("application/json") ? .json : .html
        return settings
    }

    /// The key of a page a worker keeps (`PageCache`): its address, language, day and format.
    func cacheKey(query: String) -> String {
        PageCache.key(
            path: path, query: query, language: t.language, json: settings.format == .json,
            today: settings.today.description)
    }

    private func json(_ shown: Shown) throws -> Reply {
        if let refusal = shown.refusal { return .json(JSONError.body(refusal), status: shown.status) }
        let renderer = renderer(shown.title)
        switch shown.content {
        case .whole(let make), .either(let make, _):
            return .json(try make(renderer), status: shown.status)
        case .streamed(let write):
            return .jsonStream { output in try write(renderer, output) }
        case .listing(let whole, _):
            let write = try whole()
            return .jsonStream { output in try write(renderer, output) }
        case .page(let name, let number, let size, let next, let rows):
            var listed = Substring(try rows(renderer))
            while listed.last == "\n" { listed = listed.dropLast() }
            return .json(
                "{\n\"page\": \(number),\n\"page_size\": \(size),\n\"next\": "
                    + (next.map { JSONError.quoted($0) } ?? "null") + ",\n\"" + name + "\": " + listed + "\n}\n",
                status: shown.status)
        case .own(_, _, let json):
            return .json(json, status: shown.status)
        case .elsewhere(let location), .asking(_, _, let location):
            return .seeOther(location)
        case .record(let json):
            return .json(json, status: shown.status)
        case .file(let type, let write):
            return Reply(status: 200, contentType: type, body: "", stream: write)
        case .parts(_, _, _, let parts):
            let renderers = parts.map { self.renderer($0.title) }
            return .jsonStream { output in
                for (index, part) in parts.enumerated() {
                    try output.write((index == 0 ? "{\n\"" : ",\n\"") + part.name + "\": ")
                    try Self.withoutTrailingNewlines(output) { try part.whole(renderers[index], $0) }
                }
                try output.write("\n}\n")
            }
        }
    }

    private func page(_ shown: Shown) throws -> Reply {
        if let location = shown.location { return .seeOther(location) }
        var slots = PageSlots(
            style: ServerStyle.rules + "\n", nav: Navigation.html(self), top: shown.top, bottom: shown.bottom)
        slots.rowActions = shown.rowActions
        slots.cardActions = shown.cardActions
        var renderer = renderer(shown.title)
        renderer.slots = slots
        switch shown.content {
        case .whole(let make), .either(_, let make):
            return .html(try make(renderer), status: shown.status)
        case .streamed(let write):
            return .htmlStream { output in try write(renderer, output) }
        case .listing(_, let page):
            return try reply(page())
        case .page(_, _, _, _, let rows):
            return .html(try rows(renderer), status: shown.status)
        case .own(let title, let body, _), .asking(let title, let body, _):
            var page = HTMLPage(title: title, localizer: t)
            page.slots = slots
            return .html(page.document(body), status: shown.status)
        case .elsewhere(let location):
            return .seeOther(location)
        case .record:
            return .seeOther(link("/"))
        case .file(let type, let write):
            return Reply(status: 200, contentType: type, body: "", stream: write)
        case .parts(let title, let lead, let intro, let parts):
            var body = intro
            for part in parts {
                var bare = self.renderer(part.title)
                bare.slots.bodyOnly = true
                let text: String
                if let shown = part.shown {
                    text = try shown(bare)
                } else {
                    var written: [UInt8] = []
                    let writer = OutputWriter { written += $0 }
                    try part.whole(bare, writer)
                    try writer.flush()
                    text = String(decoding: written, as: UTF8.self)
                }
                body += HTMLPage.heading(part.heading) + (text.isEmpty ? HTMLPage.empty(part.empty) : text) + part.more
            }
            var page = HTMLPage(title: title, lead: lead, dated: renderer.pageDate(), localizer: t)
            page.slots = slots
            return .html(page.document(body), status: shown.status)
        }
    }

    /// Runs `body` with a writer to `output` that holds back the newlines it ends with (a listing's
    /// JSON inside the page's object), however its bytes are cut; `null` when it writes nothing.
    private static func withoutTrailingNewlines(_ output: OutputWriter, _ body: (OutputWriter) throws -> Void) throws {
        var held = 0
        var wrote = false
        let writer = OutputWriter { bytes in
            let kept = bytes.reversed().drop { $0 == UInt8(ascii: "\n") }.count
            guard kept > 0 else {
                held += bytes.count
                return
            }
            if held > 0 { try output.write([UInt8](repeating: UInt8(ascii: "\n"), count: held)) }
            try output.write(UnsafeRawBufferPointer(rebasing: bytes[..<kept]))
            held = bytes.count - kept
            wrote = true
        }
        try body(writer)
        try writer.flush()
        if !wrote { try output.write("null") }
    }
}
