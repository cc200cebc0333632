import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacStore
import AlmanacText
import Foundation
import Hummingbird

/// Which page answers which path, on Hummingbird's router: a GET (and its HEAD) reads, a POST
/// changes (through the store the CLI uses) and sends the browser back to a page with GET. Every
/// page is made on a worker (`Site.page`) with its open connections (read-only for a GET), asked for
/// only by the pages that read through them.
enum Routes {
    static func register(on router: Router<ServeContext>, _ site: Site) {
        func read(
            _ path: RouterPath,
            _ make: @escaping @Sendable (PageContext, ServeContext, Workers.Connections) throws -> Shown
        ) {
            let handler: @Sendable (Request, ServeContext) async throws -> Response = { request, context in
                await site.page(request, context) { page, connections in
                    try page.reply(make(page, context, connections))
                }
            }
            router.get(path, use: handler)
            router.head(path, use: handler)
        }
        func change(
            _ path: RouterPath,
            _ make: @escaping @Sendable (PageContext, ServeContext, Workers.Connections) throws -> Shown
        ) {
            router.post(path) { request, context in
                await site.page(request, context) { page, connections in
                    try page.reply(make(page, context, connections))
                }
            }
        }
        read("/") { page, _, c in try HomePage(page, c.reader()).shown() }
        read("/books") { page, _, c in try BooksPage(page, c.reader()).list() }
        read("/books/{id}/edit") { page, r, c in try BooksPage(page, c.reader()).editPage(r.parameter("id")) }
        read("/calendar") { page, _, c in
            guard let key = try CalendarPage.defaultKey(page, c) else { return notFound(page) }
            return Shown(title: "calendar.show", content: .elsewhere(page.link("/calendar/" + FormData.encode(key))))
        }
        read("/calendar/{key}") { page, r, c in try CalendarPage(page, c).show(r.parameter("key")) }
        read("/calendar/{key}/reset") { page, r, c in try CalendarPage(page, c).confirmReset(r.parameter("key")) }
        read("/events") { page, _, c in try EventsPage(page, c.reader()).list() }
        read("/events.ics") { page, _, c in try EventsPage(page, c.reader()).calendar() }
        read("/events/{id}/edit") { page, r, c in try EventsPage(page, c.reader()).editPage(r.parameter("id")) }
        read("/events/{id}/delete") { page, r, c in try EventsPage(page, c.reader()).confirmDelete(r.parameter("id")) }
        read("/animation") { page, _, c in try AnimationPage(page, c).list() }
        read("/animation/{name}") { page, r, c in try AnimationPage(page, c).show(r.parameter("name")) }
        read("/reports") { page, _, c in try ReportsPage(page, c).list() }
        read("/reports/{name}") { page, r, c in try ReportsPage(page, c).run(r.parameter("name")) }
        read("/quiz") { page, _, c in try QuizPage(page, c.reader()).show() }
        read("/quiz/scores") { page, _, c in try QuizPage(page, c.reader()).scores() }

        change("/books") { page, _, c in try BooksPage(page, c.writer()).add() }
        change("/books/{id}/edit") { page, r, c in try BooksPage(page, c.writer()).edit(r.parameter("id")) }
        change("/books/{id}/return") { page, r, c in try BooksPage(page, c.writer()).markReturned(r.parameter("id")) }
        change("/calendar/{key}/open") { page, r, c in try CalendarPage(page, c).open(r.parameter("key")) }
        change("/calendar/{key}/reset") { page, r, c in try CalendarPage(page, c).reset(r.parameter("key")) }
        change("/quiz/answer") { page, _, c in try QuizPage(page, c.writer()).answer() }
        change("/events") { page, _, c in try EventsPage(page, c.writer()).add() }
        change("/events/{id}/edit") { page, r, c in try EventsPage(page, c.writer()).edit(r.parameter("id")) }
        change("/events/{id}/delete") { page, r, c in try EventsPage(page, c.writer()).delete(r.parameter("id")) }
        change("/animation/{name}/step") { page, r, c in try AnimationPage(page, c).step(r.parameter("name")) }
    }

    /// True for the pages a worker may give again while the database is unchanged (`PageCache`):
    /// the home page and the listings, made from the database and the request alone.
    static func keepsPage(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.isEmpty || parts == ["books"] || parts == ["events"]
    }

    /// A page's answer, or its failure as the CLI words it (the status from its exit status).
    static func answering(_ context: PageContext, _ deadline: StatementDeadline?, _ body: () throws -> Reply) -> Reply {
        do {
            return try body()
        } catch {
            return failure(context, deadline, error)
        }
    }

    /// A page's failure as the CLI words it, the status from its exit status; a page stopped at its
    /// deadline is the server's "took too long" (503, try again).
    static func failure(_ context: PageContext, _ deadline: StatementDeadline?, _ error: any Error) -> Reply {
        var failure = AlmanacError(reporting: error)
        if let deadline, deadline.hasPassed {
            failure = AlmanacError(.busy, "database.error.deadline", ["seconds": String(deadline.seconds)])
        }
        return refusal(context, failure.message(context.t), status: Reply.status(for: failure.failure))
    }

    /// The page of a path no page answers (404).
    static func notFound(_ context: PageContext) -> Shown {
        Shown.refused(context.t("serve.error.not-found", ["path": context.path]), status: 404, context)
    }

    /// A page saying `words` and nothing else (JSON: `{"error": …}`).
    static func refusal(_ context: PageContext, _ words: String, status: Int) -> Reply {
        // A refusal's page is made of words alone: nothing it makes can fail.
        (try? context.reply(Shown.refused(words, status: status, context))) ?? .text(words, status: status)
    }
}

/// An error for a client that asked for JSON: `{"error": "…"}`.
enum JSONError {
    static func body(_ message: String) -> String {
        "{\"error\": " + quoted(message) + "}\n"
    }

    /// `text` as a JSON string, quotes included.
    static func quoted(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
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
                // The same page in the other language: the query kept (a quiz's game, a listing's
                // filter), so switching language never starts over.
                let kept = context.query.fields.filter { $0.key != "lang" }.sorted { $0.key < $1.key }
                let query = kept.map { $0.key + "=" + FormData.encode($0.value) + "&" }.joined()
                out +=
                    "<a href=\"" + HTMLText.attribute(context.path + "?" + query + "lang=" + language)
                    + "\" hreflang=\""
                    + language
                    + "\" lang=\"" + language
                    + "\">" + HTMLText.escaped(name) + "</a> "
            }
        }
        return out + "</span></nav>\n"
    }
}
