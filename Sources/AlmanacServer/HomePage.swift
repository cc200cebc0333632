import AlmanacBooks
import AlmanacCalendar
import AlmanacEvents
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacStore
import AlmanacText
import AlmanacViews

/// `/`: the five worlds, and today's news: each calendar's next door (`calendar holidays`), the
/// overdue loans (`books list --overdue`) and today's events (`events agenda --days 1`), each as the
/// CLI renders it. A page shows the first `overdueShown` overdue loans and links to the rest (a
/// library with thousands overdue would otherwise get them all on every visit); the JSON has them all,
/// as `books list --overdue --format json`. JSON: those three listings' JSON under their names.
struct HomePage {
    let context: PageContext
    /// The worker's open connection (read-only for a GET).
    let database: Database

    init(_ context: PageContext, _ database: Database) {
        self.context = context
        self.database = database
    }

    /// The five worlds, each with the CLI's abstract of its command; a world the server has pages
    /// for links to them.
    static let worlds: [(key: String, command: String)] = [
        ("calendar", "help.calendar.abstract"), ("events", "help.events.abstract"), ("quiz", "help.quiz.abstract"),
        ("animation", "help.animation.abstract"), ("books", "help.books.abstract"),
    ]

    /// How many overdue loans the page lists before its link to all of them.
    static let overdueShown = 10

    func reply() throws -> Reply {
        let settings = context.settings
        let path = settings.databasePath
        let advent = AdventCalendar(database: database)
        let calendar = context.renderer("calendar.holidays").render(
            CalendarTables.holidays(try advent.summaries(), selected: try advent.selectedKey(), localizer: context.t))
        let store = LoanStore(database: database)
        let range = try DayRange.resolve(from: nil, to: nil, days: 1, today: settings.today)
        let events = try Agenda.load(
            EventStore(database: database), range: range, zone: settings.timeZone, withDescriptions: true
        )
        .render(context.renderer("events.agenda"))
        if context.wantsJSON {
            // The overdue loans as `books list --overdue --format json` writes them, however many.
            let (renderer, today) = (context.renderer("books.list"), settings.today)
            return .jsonStream { output in
                try output.write("{\n\"next_doors\": " + Self.trimmed(calendar) + ",\n\"overdue_loans\": ")
                try Self.withoutTrailingNewlines(output) { loans in
                    try LoanTable.list(
                        store, filter: LoanFilter(overdueOnly: true), sort: .due, renderer: renderer, today: today,
                        to: loans)
                }
                try output.write(",\n\"todays_events\": " + Self.trimmed(events) + "\n}\n")
            }
        }
        var overdue = try store.loans(
            LoanFilter(overdueOnly: true, limit: Self.overdueShown + 1), today: settings.today, localizer: context.t)
        let more = overdue.count > Self.overdueShown
        if more { overdue.removeLast(overdue.count - Self.overdueShown) }
        let loans = context.renderer("books.list").render(
            LoanTable.table(overdue, today: settings.today, localizer: context.t))
        let t = context.t
        var body = HTMLPage.heading(t("serve.home.worlds")) + "<ul class=\"worlds\">\n"
        for world in Self.worlds {
            let name = HTMLText.escaped(t("serve.world." + world.key))
            let linked = Navigation.worlds.first { $0.key == "serve.world." + world.key }
            body +=
                "<li>"
                + (linked.map { "<a href=\"" + HTMLText.attribute(context.link($0.path)) + "\">" + name + "</a>" }
                    ?? "<strong>" + name + "</strong>")
                + "<span>" + HTMLText.escaped(t(world.command)) + "</span></li>\n"
        }
        body += "</ul>\n"
        body +=
            HTMLPage.heading(t("serve.home.next-doors")) + Self.section(calendar, empty: t("serve.home.no-calendars"))
        body += HTMLPage.heading(t("serve.home.overdue")) + Self.section(loans, empty: t("serve.home.no-overdue"))
        if more {
            body +=
                "<p><a href=\"" + HTMLText.attribute(context.link("/books", [("overdue", "1")])) + "\">"
                + HTMLText.escaped(t("serve.home.all-overdue", ["shown": String(Self.overdueShown)])) + "</a></p>\n"
        }
        body += HTMLPage.heading(t("serve.home.today")) + Self.section(events, empty: t("serve.home.no-events"))
        let page = HTMLPage(
            title: t("serve.home.title"), lead: t("serve.home.lead", ["path": path]),
            dated: context.renderer("serve").pageDate(), localizer: t)
        return .html(Frame(page.document(body)).adding(nav: Navigation.html(context)))
    }

    /// A CLI page's body, or a line saying there is nothing.
    private static func section(_ html: String, empty: String) -> String {
        let body = Frame(html).body
        return body.isEmpty ? HTMLPage.empty(empty) : String(body)
    }

    /// Runs `body` with a writer to `output` that holds back the newlines it ends with (a listing's
    /// JSON inside the page's object), however its bytes are cut.
    private static func withoutTrailingNewlines(_ output: OutputWriter, _ body: (OutputWriter) throws -> Void) throws {
        var held = 0
        let writer = OutputWriter { bytes in
            let kept = bytes.reversed().drop { $0 == UInt8(ascii: "\n") }.count
            guard kept > 0 else {
                held += bytes.count
                return
            }
            if held > 0 { try output.write([UInt8](repeating: UInt8(ascii: "\n"), count: held)) }
            try output.write(UnsafeRawBufferPointer(rebasing: bytes[..<kept]))
            held = bytes.count - kept
        }
        try body(writer)
        try writer.flush()
    }

    private static func trimmed(_ json: String) -> String {
        var text = Substring(json)
        while text.last == "\n" { text = text.dropLast() }
        return text.isEmpty ? "null" : String(text)
    }
}
