import AlmanacKit
import AlmanacOutput
import AlmanacSQLite
import AlmanacText
import Foundation

/// Which page answers which path: a GET reads, a POST changes (through the store the CLI uses) and
/// sends the browser back to a page with GET. `connection` is the worker's open connection (read-only
/// for a GET), asked for only by the pages that read through it.
struct Routes: Sendable {
    func get(_ path: String, _ context: PageContext, _ connection: () throws -> Database) -> Reply {
        answering(context) {
            let parts = Self.parts(path)
            if parts.isEmpty { return try HomePage(context, connection()).reply() }
            if parts == ["books"] { return try BooksPage(context, connection()).list() }
            if let id = Self.item(parts, "books", "edit") { return try BooksPage(context, connection()).editPage(id) }
            if parts == ["calendar"] {
                guard let key = try CalendarPage.defaultKey(context) else { return Self.notFound(context) }
                return .seeOther(context.link("/calendar/" + key))
            }
            if parts.count == 2, parts[0] == "calendar" { return try CalendarPage(context).show(parts[1]) }
            if let key = Self.item(parts, "calendar", "reset") { return try CalendarPage(context).confirmReset(key) }
            if parts == ["events"] { return try EventsPage(context, connection()).list() }
            if let id = Self.item(parts, "events", "edit") { return try EventsPage(context, connection()).editPage(id) }
            if let id = Self.item(parts, "events", "delete") {
                return try EventsPage(context, connection()).confirmDelete(id)
            }
            if parts == ["animation"] { return try AnimationPage(context).list() }
            if parts.count == 2, parts[0] == "animation" { return try AnimationPage(context).show(parts[1]) }
            if parts == ["reports"] { return try ReportsPage(context).list() }
            if parts.count == 2, parts[0] == "reports" { return try ReportsPage(context).run(parts[1]) }
            if parts == ["quiz"] { return try QuizPage(context, connection()).show() }
            if parts == ["quiz", "scores"] { return try QuizPage(context, connection()).scores() }
            return Self.notFound(context)
        }
    }

    /// True for the pages a worker may give again while the database is unchanged (`PageCache`):
    /// the home page and the listings, made from the database and the request alone.
    static func keepsPage(_ path: String) -> Bool {
        let parts = parts(path)
        return parts.isEmpty || parts == ["books"] || parts == ["events"]
    }

    func post(_ path: String, _ context: PageContext, _ connection: () throws -> Database) -> Reply {
        answering(context) {
            let parts = Self.parts(path)
            if parts == ["books"] { return try BooksPage(context, connection()).add() }
            if let id = Self.item(parts, "books", "edit") { return try BooksPage(context, connection()).edit(id) }
            if let id = Self.item(parts, "books", "return") {
                return try BooksPage(context, connection()).markReturned(id)
            }
            if let key = Self.item(parts, "calendar", "open") { return try CalendarPage(context).open(key) }
            if let key = Self.item(parts, "calendar", "reset") { return try CalendarPage(context).reset(key) }
            if parts == ["quiz", "answer"] { return try QuizPage(context, connection()).answer() }
            if parts == ["events"] { return try EventsPage(context, connection()).add() }
            if let name = Self.item(parts, "animation", "step") { return try AnimationPage(context).step(name) }
            if let id = Self.item(parts, "events", "edit") { return try EventsPage(context, connection()).edit(id) }
            if let id = Self.item(parts, "events", "delete") { return try EventsPage(context, connection()).delete(id) }
            return Self.notFound(context)
        }
    }

    /// The path's parts (`/books/3/edit` → books, 3, edit), each percent-decoded (`Grow%20tall`).
    static func parts(_ path: String) -> [String] {
        path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
    }

    /// The middle part of `/world/ITEM/action` (`/books/3/edit` → 3), or nil for another path.
    static func item(_ parts: [String], _ world: String, _ action: String) -> String? {
        parts.count == 3 && parts[0] == world && parts[2] == action ? parts[1] : nil
    }

    /// A page's answer, or its failure as the CLI words it (the status from its exit status).
    private func answering(_ context: PageContext, _ body: () throws -> Reply) -> Reply {
        do {
            return try body()
        } catch {
            let failure = AlmanacError(reporting: error)
            let status = Reply.status(for: failure.failure)
            if context.wantsJSON { return .json(JSONError.body(failure.message(context.t)), status: status) }
            return Self.page(
                context, title: context.t("serve.error.title"),
                PageContext.notice(failure.message(context.t), error: true),
                status: status)
        }
    }

    static func notFound(_ context: PageContext) -> Reply {
        let words = context.t("serve.error.not-found", ["path": context.path])
        if context.wantsJSON { return .json(JSONError.body(words), status: 404) }
        return page(context, title: context.t("serve.error.title"), PageContext.notice(words, error: true), status: 404)
    }

    /// A page of the server's own (an error, a confirmation), in the pages' frame.
    static func page(_ context: PageContext, title: String, _ body: String, status: Int = 200) -> Reply {
        let page = HTMLPage(title: title, localizer: context.t)
        return .html(Frame(page.document(body)).adding(nav: Navigation.html(context)), status: status)
    }
}

/// An error for a client that asked for JSON: `{"error": "…"}`.
enum JSONError {
    static func body(_ message: String) -> String {
        var escaped = ""
        for scalar in message.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "{\"error\": \"" + escaped + "\"}\n"
    }
}

/// The links at the top of every page: the worlds, and the page in the other language.
enum Navigation {
    /// The worlds' pages, in the order of the home page: path, and the key of its name.
    static let worlds: [(path: String, key: String)] = [
        ("/calendar", "serve.world.calendar"), ("/events", "serve.world.events"), ("/quiz", "serve.world.quiz"),
        ("/animation", "serve.world.animation"), ("/books", "serve.world.books"),
        ("/reports", "serve.world.reports"),
    ]

    static func html(_ context: PageContext) -> String {
        var out =
            "<nav class=\"serve\"><a href=\"" + HTMLText.attribute(context.link("/")) + "\">"
            + HTMLText.escaped(context.t("serve.home"))
            + "</a>"
        for world in worlds {
            out +=
                "<a href=\"" + HTMLText.attribute(context.link(world.path)) + "\">"
                + HTMLText.escaped(context.t(world.key)) + "</a>"
        }
        out += "<span class=\"lang\">"
        for language in Language.all {
            let name = context.t("serve.language." + language)
            if language == context.t.language {
                out += "<strong>" + HTMLText.escaped(name) + "</strong> "
            } else {
                out +=
                    "<a href=\"" + HTMLText.attribute(context.path + "?lang=" + language) + "\" hreflang=\"" + language
                    + "\" lang=\"" + language
                    + "\">" + HTMLText.escaped(name) + "</a> "
            }
        }
        return out + "</span></nav>\n"
    }
}
