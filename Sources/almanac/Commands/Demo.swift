import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import AlmanacText
import Foundation

/// `almanac demo`: a fresh database with the sample data, and a tour of what it holds.
struct Demo: RunnableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        "demo",
        abstract: localized("help.demo.abstract"),
        discussion: localized("help.demo.discussion"))

    static let examples = [
        Example("almanac demo", "example.demo.temporary"),
        Example("almanac --locale ru demo", "example.demo.russian"),
    ]

    static let formats = FormatOption.text

    let global: GlobalOptions
    let keep: Bool

    init(_ line: ArgumentReader) {
        global = GlobalOptions(line)
        keep = line.flag("--keep", help: "help.demo.keep")
    }

    func run() throws {
        // Only init creates a database the user names: the demo's is always new, in its own folder.
        if global.db != nil { throw AlmanacError(.usage, "demo.error.db") }
        var settings = try global.settings()
        if global.today == nil && (ProcessInfo.processInfo.environment["ALMANAC_TODAY"] ?? "").isEmpty {
            settings.today = DemoTour.demoDay
        }
        let t = settings.localizer
        let folder = try DemoTour.temporaryFolder()
        // The folder goes when the tour ends, however it ends, unless --keep asks to explore it further.
        defer { if !keep { try? FileManager.default.removeItem(atPath: folder) } }
        let tour = try DemoTour.run(in: folder, settings: settings, renderer: .standardOutput(settings))
        try Print.line(t("demo.database", ["path": tour.databasePath, "version": String(tour.schemaVersion)]))
        try Print.line(t("demo.sample-data", ["path": tour.sampleDataPath]))
        for step in tour.steps {
            try Print.line()
            try Print.line(step.heading)
            try Print.out(step.body)
        }
        if !keep {
            try Print.line()
            try Print.line(t("demo.removed", ["folder": folder]))
        }
    }
}
