import AlmanacKit
import ArgumentParser

extension Events {
    /// `almanac events add`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an event.",
            discussion: """
                --at and --ends are ISO 8601 date-times, as in an events CSV file: 2025-12-22T16:30, \
                2025-12-22 16:30:00 or 2025-12-22T16:30:00+03:00. Without an offset they are read in \
                --tz: a time the clocks skip moves forward by the gap (02:30 becomes 03:30), one they \
                repeat is the earlier of the two. --ends may not be before --at; leave it out for a \
                point in time. An unreadable \
                value is a usage error (exit 64), a value that breaks a rule is invalid data (exit 65); \
                nothing is written then. Prints the new event's id (with --format json, its row).

                Example: almanac events add --title "Carol walk" --at 2025-12-23T18:00 --ends 2025-12-23T22:00 \
                --tz Europe/Berlin --person "St. Mary's Church"
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(name: .long, help: ArgumentHelp("What the event is.", valueName: "text"))
        var title: String
        @Option(name: .long, help: ArgumentHelp("When it starts (ISO 8601).", valueName: "date-time"))
        var at: String
        @Option(name: .long, help: ArgumentHelp("When it ends (ISO 8601); none for a point in time.", valueName: "date-time"))
        var ends: String?
        @Option(name: .long, help: ArgumentHelp("The person it is with or about.", valueName: "name"))
        var person: String?
        @Option(name: .long, help: ArgumentHelp("An image file name.", valueName: "file"))
        var image: String?
        @Option(name: .long, help: ArgumentHelp("The description; its first sentence is the card's info line.", valueName: "text"))
        var description: String?

        func run() throws {
            let settings = try global.settings()
            let draft = try EventDraft(title: title, at: at, ends: ends, person: person, image: image,
                description: description, zone: settings.timeZone)
            let store = try EventStore.open(settings.databasePath, writing: true)
            let id = try store.add(draft)
            try Print.out(EventDetail.load(store, id: id).addedMessage(.standardOutput(settings)))
        }
    }
}
