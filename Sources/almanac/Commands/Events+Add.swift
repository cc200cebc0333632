import AlmanacArguments
import AlmanacEvents
import AlmanacKinds
import AlmanacKit
import AlmanacViews

extension Events {
    /// `almanac events add`.
    struct Add: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "add",
            abstract: localized("help.events.add.abstract"),
            discussion: localized("help.events.add.discussion"))

        static let examples = [
            Example(
                "almanac events add --title \"Carol walk\" --at 2025-12-23T18:00 --ends 2025-12-23T22:00 --tz Europe/Berlin",
                "example.events.add.zone"),
            Example(
                "almanac events add --title \"Carol walk\" --at 2025-12-23T18:00 --person \"St. Mary's Church\"",
                "example.events.add.person"),
            Example(
                "almanac events add --title \"Christmas market\" --at 2025-12-24 --until 2025-12-26",
                "example.events.add.all-day"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let title: String
        let at: String
        let ends: String?
        let person: String?
        let image: String?
        let description: String?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            title = line.option("--title", value: "text", help: "help.events.add.title")
            at = line.option("--at", value: "date-time", help: "help.events.add.at")
            ends = line.option("--ends", "--until", value: "date-time", help: "help.events.add.ends")
            person = line.option("--person", value: "name", help: "help.events.add.person")
            image = line.option("--image", value: "file", help: "help.events.add.image", completion: .files)
            description = line.option("--description", value: "text", help: "help.events.add.description")
        }

        func run() throws {
            let settings = try page.settings(global, "events.add")
            let edit = EventEdit(
                title: title, at: at, ends: ends, person: person, image: image, description: description)
            let event = try EventStore.open(settings.databasePath, writing: true).add(edit, zone: settings.timeZone)
            try page.write(settings, EventDetail(event: event).changeMessage(.added, page.renderer(settings)))
        }
    }
}
