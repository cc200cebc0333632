import AlmanacKit
import ArgumentParser

extension Events {
    /// `almanac events add`.
    struct Add: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.events.add.abstract"),
            discussion: localized("help.events.add.discussion"))

        static let examples = [
            Example("almanac events add --title \"Carol walk\" --at 2025-12-23T18:00 --ends 2025-12-23T22:00 --tz Europe/Berlin",
                "example.events.add.zone"),
            Example("almanac events add --title \"Carol walk\" --at 2025-12-23T18:00 --person \"St. Mary's Church\"",
                "example.events.add.person"),
            Example("almanac events add --title \"Christmas market\" --at 2025-12-24 --until 2025-12-26", "example.events.add.all-day"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions
        @Option(name: .long, help: ArgumentHelp(localized("help.events.add.title"), valueName: "text"))
        var title: String
        @Option(name: .long, help: ArgumentHelp(localized("help.events.add.at"), valueName: "date-time"))
        var at: String
        @Option(name: [.customLong("ends"), .customLong("until")], help: ArgumentHelp(localized("help.events.add.ends"), valueName: "date-time"))
        var ends: String?
        @Option(name: .long, help: ArgumentHelp(localized("help.events.add.person"), valueName: "name"))
        var person: String?
        @Option(name: .long, help: ArgumentHelp(localized("help.events.add.image"), valueName: "file"), completion: .file())
        var image: String?
        @Option(name: .long, help: ArgumentHelp(localized("help.events.add.description"), valueName: "text"))
        var description: String?

        func run() throws {
            let settings = try page.settings(global, "events.add")
            let edit = EventEdit(title: title, at: at, ends: ends, person: person, image: image, description: description)
            let event = try EventStore.open(settings.databasePath, writing: true).add(edit, zone: settings.timeZone)
            try page.write(settings, EventDetail(event: event).changeMessage(.added, page.renderer(settings)))
        }
    }
}
