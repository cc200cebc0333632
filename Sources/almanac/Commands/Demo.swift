import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac demo`: a fresh database with the sample data, and a tour of what it holds.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a fresh database from the sample data and tour it.",
        discussion: """
            Writes the embedded sample CSV files into a new temporary directory, imports them into a new \
            database there, and shows what each part of Almanac does with them. Your own data is never \
            touched. With --db the database is made at that path instead (the file must not exist yet) \
            and the sample files are written beside it, in sample-data/.

            The sample data is built around Monday 22 December 2025, so the tour's "today" is that day \
            unless you give --today (or ALMANAC_TODAY).
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        var settings = try global.settings()
        if global.db == nil {
            settings.databasePath = try DemoTour.temporaryDatabasePath()
        }
        if global.today == nil && (ProcessInfo.processInfo.environment["ALMANAC_TODAY"] ?? "").isEmpty {
            settings.today = DemoTour.demoDay
        }
        let t = settings.localizer
        let tour = try DemoTour.run(settings: settings, renderer: .standardOutput(settings))
        try Print.line(t("demo.database", ["path": tour.databasePath, "version": String(tour.schemaVersion)]))
        try Print.line(t("demo.sample-data", ["path": tour.sampleDataPath]))
        for step in tour.steps {
            try Print.line()
            try Print.line(step.heading)
            try Print.out(step.body)
        }
    }
}
