import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac demo`: a fresh database with the sample data, and a tour of what it holds.
struct Demo: ParsableCommand, Exemplified {
    static let configuration = CommandConfiguration(
        abstract: localized("help.demo.abstract"),
        discussion: localized("help.demo.discussion"))

    static let examples = [
        Example("almanac demo", "example.demo.temporary"),
        Example("almanac demo --db tour.db", "example.demo.db"),
    ]

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
