import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac demo`: a fresh database and a tour of what it holds.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a fresh database and show what it holds.",
        discussion: """
            Without --db the database is made in a new temporary directory, so the demo never touches \
            your own data. With --db the file must not exist yet. It ends with the reports you can run.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        var settings = try global.settings()
        if global.db == nil {
            settings.databasePath = try DemoTour.temporaryDatabasePath()
        }
        let t = settings.localizer
        let tour = try DemoTour.run(databasePath: settings.databasePath, localizer: t)
        let renderer = Renderer.standardOutput(settings)
        print(t("demo.database", ["path": tour.databasePath, "version": String(tour.schemaVersion)]))
        print(renderer.render(tour.tables))
        print(t("demo.reports", ["path": tour.databasePath]))
        print(renderer.render(tour.reports), terminator: "")
    }
}
