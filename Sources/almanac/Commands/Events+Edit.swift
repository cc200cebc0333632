import AlmanacKit
import ArgumentParser

extension Events {
    /// `almanac events edit ID [--title T] [--at D] [--ends D] [--person P] [--image F] [--description T]`.
    struct Edit: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.events.edit.abstract"),
            discussion: localized("help.events.edit.discussion"))

        static let examples = [
            Example("almanac events edit 22 --at 2025-12-22T17:00 --ends 2025-12-22T19:00", "example.events.edit.time"),
            Example("almanac events edit 22 --person \"\" --format json", "example.events.edit.clear"),
            Example("almanac events edit 22 --at 2025-12-23 --ends \"\"", "example.events.edit.all-day"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions
        @Argument(help: ArgumentHelp(localized("help.events.id"), valueName: "id"))
        var id: EventID
        @Option(name: .long, help: ArgumentHelp(localized("help.events.edit.title"), valueName: "text"))
        var title: String?
        @Option(name: .long, help: ArgumentHelp(localized("help.events.edit.at"), valueName: "date-time"))
        var at: String?
        @Option(name: [.customLong("ends"), .customLong("until")], help: ArgumentHelp(localized("help.events.edit.ends"), valueName: "date-time"))
        var ends: String?
        @Option(name: .long, help: ArgumentHelp(localized("help.events.edit.person"), valueName: "name"))
        var person: String?
        @Option(name: .long, help: ArgumentHelp(localized("help.events.edit.image"), valueName: "file"), completion: .file())
        var image: String?
        @Option(name: .long, help: ArgumentHelp(localized("help.events.edit.description"), valueName: "text"))
        var description: String?

        func run() throws {
            let settings = try page.settings(global, "events.edit")
            let edit = EventEdit(title: title, at: at, ends: ends, person: person, image: image, description: description)
            if edit.isEmpty { throw AlmanacError(.usage, "events.error.nothing-to-change") }
            let event = try EventStore.open(settings.databasePath, writing: true).update(id: id.value, edit, zone: settings.timeZone)
            try page.write(settings, EventDetail(event: event).changeMessage(.updated, page.renderer(settings)))
        }
    }

    /// `almanac events delete ID [--yes]`.
    struct Delete: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.events.delete.abstract"),
            discussion: localized("help.events.delete.discussion"))

        static let examples = [Example("almanac events delete 22 --yes", "example.events.delete")]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions
        @Argument(help: ArgumentHelp(localized("help.events.id"), valueName: "id"))
        var id: EventID
        @Flag(name: .long, help: ArgumentHelp(localized("help.change.yes")))
        var yes = false

        func run() throws {
            let settings = try page.settings(global, "events.delete")
            let store = try EventStore.open(settings.databasePath, writing: true)
            let renderer = Renderer.standardOutput(settings)
            let found = EventDetail(event: try store.existing(id: id.value))
            guard try found.confirmsDeletion(yes: yes, renderer) else { return try page.write(settings, found.keptMessage(renderer)) }
            try page.write(settings, EventDetail(event: try store.delete(id: id.value)).changeMessage(.deleted, renderer))
        }
    }
}

/// An event's id on the command line: a whole number from 1, else a usage error naming the value.
struct EventID: ExpressibleByArgument, BoundedWholeNumber {
    static let least: Int64 = 1
    let value: Int64

    init?(argument: String) {
        guard let value = Int64(argument), value >= Self.least else { return nil }
        self.value = value
    }
}
