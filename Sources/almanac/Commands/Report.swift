import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac report list | run NAME`: the named reports of `Reports/*.sql`, and your own.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the named reports, or run one.",
        discussion: """
            A report is one SQL statement in a .sql file whose header of comment lines gives its name, \
            title, description, typed parameters with defaults and how each column is shown:

              -- name: overdue-books
              -- title: Overdue books
              -- param: within integer = 7
              -- column: due_on date = Due
              SELECT title, due_on ...

            Parameter types: integer, real, text, date (YYYY-MM-DD, today, today+N, today-N), boolean. \
            Column kinds: text, integer, id, real, percent, boolean, date, instant, status, count(UNIT).

            Reports run on a read-only connection, like `almanac query`. Put your own in a directory \
            and pass --reports-dir DIR; a report there replaces a built-in one of the same name.
            """,
        subcommands: [List.self, Run.self]
    )

    /// `almanac report list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the reports with their titles and parameters.",
            discussion: "Needs no database. Titles and parameter types are shown in the chosen --locale."
        )

        @OptionGroup var global: GlobalOptions
        @Option(name: .long, help: ArgumentHelp("Also read the .sql reports in this directory.", valueName: "dir"))
        var reportsDir: String?

        func run() throws {
            let settings = try global.settings()
            let catalog = try ReportCatalog.load(directory: reportsDir)
            try Print.out(Renderer.standardOutput(settings).render(catalog.listTable(settings.localizer)))
        }
    }

    /// `almanac report run NAME [--param K=V...]`.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a report and print its rows.",
            discussion: """
                Parameters not given take their defaults; an unknown parameter, a missing one or a value \
                of the wrong type is a usage error (exit 64) that lists what the report accepts.

                Example: almanac report run overdue-books --param within=14 --format csv
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The report's name (see `almanac report list`).", valueName: "name"))
        var name: String
        @Option(name: .long, help: ArgumentHelp("A parameter value; repeat for more.", valueName: "name=value"))
        var param: [String] = []
        @Option(name: .long, help: ArgumentHelp("Also read the .sql reports in this directory.", valueName: "dir"))
        var reportsDir: String?

        func run() throws {
            let settings = try global.settings()
            settings.timeZone.becomeTheCLibrarysZone()
            let report = try ReportCatalog.load(directory: reportsDir).report(named: name)
            let table = try ReportSession(settings: settings).run(report, arguments: param)
            try Print.out(Renderer.standardOutput(settings).render(table))
        }
    }
}
