import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac events agenda | show | cards | add`.
struct Events: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Events grouped by day: the agenda, one event in full, cards, and adding one.",
        discussion: """
            Events are stored as UTC instants and shown, and grouped into days, in --tz. An event that \
            crosses midnight appears on every day it covers, marked as continuing; one that ends at 00:00 \
            belongs to the day before. An event without an end is a point in time.

            Days for --from and --to are YYYY-MM-DD, today, today+N or today-N (--today sets today).
            """,
        subcommands: [AgendaCommand.self, Show.self, Cards.self, Add.self]
    )
}

/// `--from D [--to D | --days N]`, shared by the agenda and the cards.
struct DayRangeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The first day (default: today).", valueName: "day"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("The last day, included.", valueName: "day"))
    var to: String?

    @Option(name: .long, help: ArgumentHelp("How many days from --from (default 7: today and the next 6).", valueName: "n"))
    var days: Int?

    /// The range, checked.
    func range(_ settings: Settings) throws -> DayRange {
        try DayRange.resolve(from: from, to: to, days: days, today: settings.today)
    }
}

extension Events {
    /// `almanac events agenda`.
    struct AgendaCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "agenda",
            abstract: "List the events of a range of days, grouped by day, in time order.",
            discussion: """
                One section per day that has events, headed by the day (Mon 22 Dec), each event with its \
                hours, title and person; an event running on from the day before says so. A range without \
                events prints one line saying so and exits 0. With --format csv, tsv or json there is one \
                row per event and day, with its day and continuation (continues, continued or through).

                Examples: almanac events agenda --from 2025-12-22 --days 3 --tz Asia/Tokyo
                          almanac events agenda --from today --to today+13 --format json
                """
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var range: DayRangeOptions
        @Flag(name: .long, help: ArgumentHelp("Print how long each step took on standard error (for make bench).", visibility: .hidden))
        var timing = false

        func run() throws {
            let settings = try global.settings()
            let days = try range.range(settings)
            let renderer = Renderer.standardOutput(settings)
            if timing {
                let timed = try AgendaTiming.run(path: settings.databasePath, range: days, zone: settings.timeZone, renderer: renderer)
                try Print.out(timed.output)
                // One note per line: a note escapes line breaks inside it.
                for line in timed.summary(days: days.count).split(separator: "\n") { try Print.note(String(line)) }
                return
            }
            let store = try EventStore.open(settings.databasePath, writing: false)
            try Print.out(Agenda.load(store, range: days, zone: settings.timeZone).render(renderer))
        }
    }

    /// `almanac events show ID`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one event in full: title, person, when, image and the whole description.",
            discussion: "An id that is not in the database is an error (exit 66). Find ids with --format csv or json."
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The event's id.", valueName: "id"))
        var id: Int64

        func run() throws {
            let settings = try global.settings()
            let store = try EventStore.open(settings.databasePath, writing: false)
            try Print.out(EventDetail.load(store, id: id).render(.standardOutput(settings)))
        }
    }

    /// `almanac events cards`.
    struct Cards: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the events of a range of days as cards, 2 or 3 side by side, under each day.",
            discussion: """
                Each card shows the title, the image, the person, the hours and the first sentence of the \
                description. Cards fill the width of COLUMNS, else of the terminal, else 80 columns; when \
                the width cannot hold the cards asked for, a row holds fewer. With --format markdown, csv, \
                tsv or json there is one row per card.
                """
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var range: DayRangeOptions
        @Option(name: .long, help: ArgumentHelp("Cards per row: 2 or 3.", valueName: "n"))
        var columns = 2

        func run() throws {
            let settings = try global.settings()
            guard EventCards.allowedColumns.contains(columns) else {
                throw AlmanacError(.usage, "events.error.bad-columns", ["value": String(columns)])
            }
            let days = try range.range(settings)
            let store = try EventStore.open(settings.databasePath, writing: false)
            let agenda = try Agenda.load(store, range: days, zone: settings.timeZone, withDescriptions: true)
            let environment = ProcessInfo.processInfo.environment
            let width = EventCards.layoutWidth(terminal: .standardOutput(environment: environment), environment: environment)
            try Print.out(EventCards(agenda: agenda, columns: columns, width: width).render(.standardOutput(settings)))
        }
    }
}
