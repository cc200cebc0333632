import AlmanacKinds
import AlmanacKit

/// The root command: `almanac SUBCOMMAND`.
struct Almanac: Command, Exemplified {
    static let configuration = CommandConfiguration(
        "almanac",
        abstract: localized("help.almanac.abstract"),
        discussion: localized("help.almanac.discussion"),
        subcommands: [
            Init.self, Import.self, Export.self, BackupCommand.self, Demo.self, Report.self, Query.self, Schema.self,
            CalendarCommand.self, AnimationCommand.self,
            Countries.self, Quiz.self, Books.self, Overdue.self, Config.self, Events.self, Site.self, Serve.self,
        ]
    )

    static let examples = [
        Example("almanac init", "example.almanac.init"),
        Example("almanac --db books.db init", "example.almanac.init-db"),
        Example("almanac demo", "example.almanac.demo"),
        Example("almanac report list", "example.almanac.report-list"),
        Example("almanac report run overdue-books", "example.almanac.report-run"),
        Example("almanac query \"SELECT title, due_on FROM books\"", "example.almanac.query"),
        Example("almanac calendar show", "example.almanac.calendar"),
        Example("almanac animation play Wobble", "example.almanac.animation", status: 66),
        Example("almanac events agenda", "example.almanac.events"),
        Example("almanac --version", "example.almanac.version"),
        Example("almanac help import", "example.almanac.help"),
    ]
}
