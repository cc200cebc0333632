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
            Every other command migrates on its own; init is for setting up ahead of time.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let settings = try global.settings()
        let report = try Store.initialize(settings.databasePath)
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
