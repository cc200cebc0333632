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

    func shown() throws -> Shown {
        let settings = context.settings
        let t = context.t
        let advent = AdventCalendar(database: database)
        let (summaries, selected) = (try advent.summaries(), try advent.selectedKey())
        let store = LoanStore(database: database)
        let range = try DayRange.resolve(from: nil, to: nil, days: 1, today: settings.today)
        let agenda = try Agenda.load(
            EventStore(database: database), range: range, zone: settings.timeZone, withDescriptions: true)
        var overdue = try store.loans(
            LoanFilter(overdueOnly: true, limit: Self.overdueShown + 1), today: settings.today, localizer: t)
        let more = overdue.count > Self.overdueShown
        if more { overdue.removeLast(overdue.count - Self.overdueShown) }
        let today = settings.today
        var intro = HTMLPage.heading(t("serve.home.worlds")) + "<ul class=\"worlds\">\n"
        for world in Self.worlds {
            let name = HTMLText.escaped(t("serve.world." + world.key))
            let linked = Navigation.worlds.first { $0.key == "serve.world." + world.key }
            intro +=
                "<li>"
                + (linked.map { "<a href=\"" + HTMLText.attribute(context.link($0.path)) + "\">" + name + "</a>" }
                    ?? "<strong>" + name + "</strong>")
                + "<span>" + HTMLText.escaped(t(world.command)) + "</span></li>\n"
        }
        intro += "</ul>\n"
        let doors = Shown.Part(
            name: "next_doors", title: "calendar.holidays", heading: t("serve.home.next-doors"),
            empty: t("serve.home.no-calendars")
        ) { renderer, output in
            try output.write(renderer.render(CalendarTables.holidays(summaries, selected: selected, localizer: t)))
        }
        // The overdue loans: all of them as `books list --overdue --format json` writes them, however
        // many; the page the first few, and a link to the rest.
        var loans = Shown.Part(
            name: "overdue_loans", title: "books.list", heading: t("serve.home.overdue"),
            empty: t("serve.home.no-overdue")
        ) { renderer, output in
            try LoanTable.list(
                store, filter: LoanFilter(overdueOnly: true), sort: .due, renderer: renderer, today: today, to: output)
        }
        loans.shown = { $0.render(LoanTable.table(overdue, today: today, localizer: t)) }
        if more {
            loans.more =
                "<p><a href=\"" + HTMLText.attribute(context.link("/books", [("overdue", "1")])) + "\">"
                + HTMLText.escaped(t("serve.home.all-overdue", ["shown": String(Self.overdueShown)])) + "</a></p>\n"
        }
        let events = Shown.Part(
            name: "todays_events", title: "events.agenda", heading: t("serve.home.today"),
            empty: t("serve.home.no-events")
        ) { renderer, output in try output.write(agenda.render(renderer)) }
        return Shown(
            title: "serve",
            content: .parts(
                title: t("serve.home.title"), lead: t("serve.home.lead", ["path": settings.databasePath]),
                intro: intro, [doors, loans, events]))
    }
}
