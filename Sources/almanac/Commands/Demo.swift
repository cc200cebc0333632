import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac demo`: a fresh database and a tour of what it holds.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a fresh database and show what it holds.",
        discussion: """
            Without --db the database is made in a new temporary directory, so the demo never touches
            your own data. With --db the file must not exist yet.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        var settings = try global.settings()
        if global.db == nil {
            settings.databasePath = try DemoTour.temporaryDatabasePath()
        }
        let tour = try DemoTour.run(databasePath: settings.databasePath)
        let t = settings.localizer
        print(t("demo.database", ["path": tour.databasePath, "version": String(tour.schemaVersion)]))
        print(Renderer(format: settings.format, localizer: t).render(tour.tables), terminator: "")
    }
}
