import AlmanacKit
import Foundation

/// `almanac demo`: a fresh database with the sample data, and a tour of what it holds.
struct Demo: RunnableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration("demo",
        abstract: localized("help.demo.abstract"),
        discussion: localized("help.demo.discussion"))

    static let examples = [
        Example("almanac demo", "example.demo.temporary"),
        Example("almanac --locale ru demo", "example.demo.russian"),
    ]

    static let formats = FormatOption.text

    let global: GlobalOptions

    init(_ line: ArgumentReader) {
        global = GlobalOptions(line)
    }

    func run() throws {
        // Only init creates a database the user names: the demo's is always new, in its own folder.
        if global.db != nil { throw AlmanacError(.usage, "demo.error.db") }
        var settings = try global.settings()
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
