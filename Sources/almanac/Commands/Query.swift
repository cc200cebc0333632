import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac query "SQL" [--param K=V...]`: an ad-hoc report on a read-only connection.
struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run one read-only SQL statement and print its rows.",
        discussion: """
            The database is opened read-only: one statement only (SELECT, WITH, VALUES, EXPLAIN or a \
            reading pragma), and nothing that writes, attaches a file, sets a pragma or loads an \
            extension. A refused statement is a usage error (exit 64); SQL that SQLite rejects is \
            invalid data (exit 65). The file is never changed.

            Parameters are named in the SQL (:name, @name, $name) and given with --param name=VALUE; a \
            value that reads as a number is bound as one. :today is --today unless given. \
            local_date(instant) gives the day an instant falls on in --tz. Columns named *_on and *_at \
            are shown as dates and times. Give "-" to read the SQL from standard input.

            Example: almanac --format json query - --param days=3 < overdue.sql
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The SQL statement, or - to read it from standard input.", valueName: "sql"))
    var sql: String
    @Option(name: .long, help: ArgumentHelp("A parameter value; repeat for more.", valueName: "name=value"))
    var param: [String] = []

    func run() throws {
        let settings = try global.settings()
        settings.timeZone.becomeTheCLibrarysZone()
        let text = sql == "-" ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : sql
        let table = try ReportSession(settings: settings).query(text, arguments: param)
        try Print.out(Renderer.standardOutput(settings).render(table))
    }
}
