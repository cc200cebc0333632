import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac calendar …`: advent calendars with 24 doors that open in order.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Advent calendars: pick a holiday, open its 24 doors in order, see the grid.",
        discussion: """
            Doors open in order: the next door is the lowest closed one. Out of order, nothing opens; \
            the grid is printed with an arrow at the refused door and the command exits 65. In test \
            mode any door opens; leaving test mode closes every door of every calendar. Door 24 is \
            the big reveal with the holiday's greeting.

            HOLIDAY may be left out wherever it is in brackets: the selected holiday is used.

              almanac calendar holidays
              almanac calendar select christmas
              almanac calendar open 1
              almanac calendar show hanukkah
            """,
        subcommands: [Holidays.self, Select.self, Show.self, Open.self, Reset.self, TestMode.self]
    )

    /// `calendar holidays`.
    struct Holidays: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the holidays, with ✓ on the selected one.",
            discussion: "Shows each holiday's key, title, colour, picture, how many doors are open and the next door."
        )

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try Print.out(CalendarSession(settings: global.settings()).holidays())
        }
    }

    /// `calendar select H`.
    struct Select: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Select the holiday other calendar commands use by default.",
            discussion: "The selection is kept in the database."
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The holiday's key (see `almanac calendar holidays`).", valueName: "holiday"))
        var holiday: String

        func run() throws {
            try Print.out(CalendarSession(settings: global.settings()).select(holiday))
        }
    }

    /// `calendar show [H]`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a calendar's 24 doors as a grid.",
            discussion: """
                6 × 4 doors, or 4 × 6 on a terminal narrower than 67 columns. A closed door shows its \
                number, an open one ✓ and its surprise, the next door ★. With --format other than \
                table, the doors are printed as rows (a closed door's surprise stays hidden).
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The holiday (default: the selected one).", valueName: "holiday"))
        var holiday: String?

        func run() throws {
            try Print.out(CalendarSession(settings: global.settings()).show(holiday))
        }
    }

    /// `calendar open [H] N`.
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Open a door: calendar open [HOLIDAY] DOOR.",
            discussion: """
                Outside test mode only the next door opens. Any other closed door is refused: nothing \
                opens, the grid points at the refused door and names the next one, and the command exits \
                65. Opening an open door says so. The time of opening is recorded (on the --today day).
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("[HOLIDAY] DOOR: the door (1-24), after the holiday if you name one.", valueName: "door"))
        var arguments: [String]

        func run() throws {
            let outcome = try CalendarSession(settings: global.settings()).open(arguments)
            try Print.out(outcome.output)
            if let failure = outcome.failure { throw failure }
        }
    }

    /// `calendar reset [H] [--yes]`.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Close every door of a calendar.",
            discussion: """
                On a terminal it asks first (y/N). Without a terminal (a script, cron) it needs --yes, \
                and fails with exit 64 otherwise.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The holiday (default: the selected one).", valueName: "holiday"))
        var holiday: String?
        @Flag(name: .long, help: "Close the doors without asking.")
        var yes = false

        func run() throws {
            try Print.out(CalendarSession(settings: global.settings()).reset(holiday, yes: yes))
        }
    }

    /// `calendar test-mode on|off`.
    struct TestMode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test-mode",
            abstract: "Turn test mode on (doors open in any order) or off.",
            discussion: """
                Test mode is kept in the database. Turning it off closes every door of every calendar \
                without asking, so doors opened out of order never stay open.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("on or off.", valueName: "on|off"))
        var state: String

        func run() throws {
            try Print.out(CalendarSession(settings: global.settings()).testMode(state))
        }
    }
}
