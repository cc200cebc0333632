import AlmanacKit
import ArgumentParser

/// The root command: `almanac SUBCOMMAND`.
struct Almanac: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac",
        abstract: "Advent calendars, events, a flag quiz, snowman animations and book loans in one SQLite database.",
        discussion: """
            Global options, before or after the command:
              --db PATH         the database (default $ALMANAC_DB, else ./almanac.db)
              --locale ID       en or ru (default from LC_ALL, LC_MESSAGES, LANG)
              --tz ZONE         the zone dates are shown in (default $TZ, else UTC)
              --today DATE      the day "today" means (default $ALMANAC_TODAY)
              --format F        table, markdown, csv, tsv or json
              --color WHEN      auto, always or never (NO_COLOR is honoured)

            Exit codes:
              0 success         64 usage          65 invalid data
              66 missing input  70 internal error 73 cannot create the database
              74 I/O error      75 database busy (try again)
            `almanac overdue` follows the monitoring-plugin convention: 0 to 3.
            """,
        version: AlmanacVersion.current,
        subcommands: [Init.self, Import.self, Export.self, Demo.self, Report.self, Query.self, CalendarCommand.self, AnimationCommand.self,
                      Countries.self, Quiz.self, Books.self, Overdue.self, Events.self]
    )
}
