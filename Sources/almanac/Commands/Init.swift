import AlmanacKit
import ArgumentParser

/// `almanac init`: create the database, or bring its schema up to date.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create the database, or migrate it to the latest schema.",
        discussion: """
            Creates the file when it is missing and applies every pending schema migration, each in its
            own transaction. Running it again on an up-to-date database changes nothing. A database
            whose schema is newer than this almanac knows is refused (exit 65).
            Only init creates a database: every other command needs one that exists (exit 66
            otherwise), and migrates it on its own.
            A file that is not an SQLite database is refused, and so is another program's SQLite
            database (tables of its own, no schema_migrations) unless --force; neither is changed.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Add Almanac's tables to another program's SQLite database.")
    var force = false

    func run() throws {
        let settings = try global.settings()
        let report = try Store.initialize(settings.databasePath, force: force)
        let t = settings.localizer
        let arguments = ["path": report.path, "from": String(report.fromVersion), "version": String(report.toVersion)]
        if report.fromVersion == report.toVersion {
            try Print.line(t("init.up-to-date", arguments))
        } else if report.fromVersion == 0 {
            try Print.line(t("init.created", arguments))
        } else {
            try Print.line(t("init.migrated", arguments))
        }
    }
}
