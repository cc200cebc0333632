import AlmanacKit
import ArgumentParser

/// The root command: `almanac SUBCOMMAND`.
struct Almanac: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac",
        abstract: "Advent calendars, events, a flag quiz, snowman animations and book loans in one SQLite database.",
        discussion: """
            Every command takes the global options (--db, --locale, --tz, --today, --format, --color).
            Exit codes: 0 success, 64 usage, 65 invalid data, 66 missing input, 70 internal error,
            73 cannot create the database, 74 I/O error, 75 database busy (try again).
            `almanac overdue` follows the monitoring-plugin convention instead: 0 to 3.
            """,
        version: AlmanacVersion.current,
        subcommands: [Init.self, Import.self, Export.self, Demo.self, Report.self, Query.self, CalendarCommand.self, AnimationCommand.self,
                      Countries.self, Quiz.self, Books.self, Overdue.self, Events.self]
    )
}
