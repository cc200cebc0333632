import AlmanacArguments
import AlmanacEvents
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacText
import AlmanacViews
import Foundation

/// `almanac events agenda | list | show | cards | add | edit | delete`.
struct Events: Command {
    static let configuration = CommandConfiguration(
        "events",
        abstract: localized("help.events.abstract"),
        discussion: localized("help.events.discussion"),
        subcommands: [AgendaCommand.self, List.self, Show.self, Cards.self, Add.self, Edit.self, Delete.self]
    )
}

/// `--from D [--to D | --days N]`, shared by the agenda and the cards.
struct DayRangeOptions: ArgumentGroup {
    let from: String?
    let to: String?
    let days: Int?

    init(_ line: ArgumentReader) {
        from = line.option("--from", value: "day", help: "help.events.from")
        to = line.option("--to", value: "day", help: "help.events.to")
        days = line.option("--days", value: "n", help: "help.events.days")
    }

    /// The range, checked; a note says when it was cut at 0001-01-01 or 9999-12-31.
    func range(_ settings: Settings) throws -> DayRange {
        let range = try DayRange.resolve(from: from, to: to, days: days, today: settings.today)
        for note in range.notes(settings.localizer) { try Print.note(note) }
        return range
    }
}

extension Events {
    /// `almanac events agenda`.
    struct AgendaCommand: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "agenda",
            abstract: localized("help.events.agenda.abstract"),
            discussion: localized("help.events.agenda.discussion"))

        static let examples = [
            Example("almanac events agenda", "example.events.agenda.week"),
            Example("almanac events agenda --from 2025-12-22 --days 3 --tz Asia/Tokyo", "example.events.agenda.zone"),
            Example("almanac events agenda --from today --to today+13 --format json", "example.events.agenda.json"),
            Example("almanac events agenda --format html --out week.html", "example.events.agenda.html"),
            Example("almanac events agenda --from 2025-12-22 --days 7 --format ics", "example.events.agenda.ics"),
        ]

        static let formats = FormatOption.rows + [.ics]

        let global: GlobalOptions
        let page: PageOptions
        let range: DayRangeOptions
        let timing: Bool

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            range = DayRangeOptions(line)
            timing = line.flag("--timing", help: "help.timing", hidden: true)
        }

        func run() throws {
            let settings = try page.settings(global, "events.agenda")
            let days = try range.range(settings)
            let renderer = page.renderer(settings)
            if timing {
                let timed = try AgendaTiming.run(
                    path: settings.databasePath, range: days, zone: settings.timeZone, renderer: renderer)
                try page.write(settings, timed.output)
                // One note per line: a note escapes line breaks inside it.
                for line in timed.summary(days: days.count).split(separator: "\n") { try Print.note(String(line)) }
                return
            }
            let store = try EventStore.open(settings.databasePath, writing: false)
            if global.isCalendar {
                let agenda = try Agenda.load(store, range: days, zone: settings.timeZone)
                return try page.output(settings) {
                    try EventCalendar.write(
                        ids: agenda.occurrences.map(\.event.id), store, to: $0,
                        now: Int64(settings.now().timeIntervalSince1970))
                }
            }
            try page.output(settings) {
                try Agenda.write(store, range: days, zone: settings.timeZone, renderer: renderer, to: $0)
            }
        }
    }

    /// `almanac events list [--from DAY] [--to DAY] [--search TEXT] [--person NAME]`.
    struct List: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "list",
            abstract: localized("help.events.list.abstract"),
            discussion: localized("help.events.list.discussion"))

        static let examples = [
            Example("almanac events list", "example.events.list.all"),
            Example("almanac events list --from 2025-12-25 --search елка", "example.events.list.search"),
            Example("almanac events list --person anna --format csv", "example.events.list.person"),
        ]

        static let formats = FormatOption.rows + [.ics]

        let global: GlobalOptions
        let page: PageOptions
        let from: String?
        let to: String?
        let search: String?
        let person: String?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            from = line.option("--from", value: "day", help: "help.events.list.from")
            to = line.option("--to", value: "day", help: "help.events.to")
            search = line.option("--search", value: "text", help: "help.events.list.search")
            person = line.option("--person", value: "name", help: "help.events.list.person")
        }

        func run() throws {
            let settings = try page.settings(global, "events.list")
            let filter = try EventFilter.resolve(
                from: from, to: to, search: search, person: person, today: settings.today)
            let store = try EventStore.open(settings.databasePath, writing: false)
            if global.isCalendar {
                var ids: [Int64] = []
                try store.forEachEvent(filter, zone: settings.timeZone, localizer: settings.localizer) {
                    ids.append($0.id)
                }
                return try page.output(settings) {
                    try EventCalendar.write(ids: ids, store, to: $0, now: Int64(settings.now().timeIntervalSince1970))
                }
            }
            try page.output(settings) {
                try EventList.write(
                    store, filter: filter, zone: settings.timeZone, renderer: page.renderer(settings), to: $0)
            }
        }
    }

    /// `almanac events show ID`.
    struct Show: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "show",
            abstract: localized("help.events.show.abstract"),
            discussion: localized("help.events.show.discussion"))

        static let examples = [Example("almanac events show 22", "example.events.show")]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let id: RowID

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            id = line.argument("id", help: "help.events.show.id")
        }

        func run() throws {
            let settings = try page.settings(global, "events.show")
            let store = try EventStore.open(settings.databasePath, writing: false)
            try page.write(settings, EventDetail.load(store, id: id.value).render(page.renderer(settings)))
        }
    }

    /// `almanac events cards`.
    struct Cards: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "cards",
            abstract: localized("help.events.cards.abstract"),
            discussion: localized("help.events.cards.discussion"))

        static let examples = [
            Example("almanac events cards --columns 3", "example.events.cards.three"),
            Example("almanac events cards --from 2025-12-31 --days 2", "example.events.cards.range"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let range: DayRangeOptions
        let columns: Int

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            range = DayRangeOptions(line)
            columns = line.option("--columns", value: "n", help: "help.events.cards.columns", default: 2)
        }

        func run() throws {
            let settings = try page.settings(global, "events.cards")
            guard EventCards.allowedColumns.contains(columns) else {
                throw AlmanacError(.usage, "events.error.bad-columns", ["value": String(columns)])
            }
            let days = try range.range(settings)
            let store = try EventStore.open(settings.databasePath, writing: false)
            let agenda = try Agenda.load(store, range: days, zone: settings.timeZone, withDescriptions: true)
            let environment = ProcessInfo.processInfo.environment
            let width = EventCards.layoutWidth(terminal: page.terminal, environment: environment)
            try page.write(
                settings, EventCards(agenda: agenda, columns: columns, width: width).render(page.renderer(settings)))
        }
    }
}
