import AlmanacArguments
import AlmanacEvents
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacText
import AlmanacViews

extension Events {
    /// `almanac events edit ID [--title T] [--at D] [--ends D] [--person P] [--image F] [--description T]`.
    struct Edit: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "edit",
            abstract: localized("help.events.edit.abstract"),
            discussion: localized("help.events.edit.discussion"))

        static let examples = [
            Example("almanac events edit 22 --at 2025-12-22T17:00 --ends 2025-12-22T19:00", "example.events.edit.time"),
            Example("almanac events edit 22 --person \"\" --format json", "example.events.edit.clear"),
            Example("almanac events edit 22 --at 2025-12-23 --ends \"\"", "example.events.edit.all-day"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let id: RowID
        let title: String?
        let at: String?
        let ends: String?
        let person: String?
        let image: String?
        let description: String?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            id = line.argument("id", help: "help.events.id")
            title = line.option("--title", value: "text", help: "help.events.edit.title")
            at = line.option("--at", value: "date-time", help: "help.events.edit.at")
            ends = line.option("--ends", "--until", value: "date-time", help: "help.events.edit.ends")
            person = line.option("--person", value: "name", help: "help.events.edit.person")
            image = line.option("--image", value: "file", help: "help.events.edit.image", completion: .files)
            description = line.option("--description", value: "text", help: "help.events.edit.description")
        }

        func run() throws {
            let settings = try page.settings(global, "events.edit")
            let edit = EventEdit(
                title: title, at: at, ends: ends, person: person, image: image, description: description)
            if edit.isEmpty { throw AlmanacError(.usage, "events.error.nothing-to-change") }
            let event = try EventStore.open(settings.databasePath, writing: true).update(
                id: id.value, edit, zone: settings.timeZone)
            try page.write(settings, EventDetail(event: event).changeMessage(.updated, page.renderer(settings)))
        }
    }

    /// `almanac events delete ID [--yes]`.
    struct Delete: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "delete",
            abstract: localized("help.events.delete.abstract"),
            discussion: localized("help.events.delete.discussion"))

        static let examples = [Example("almanac events delete 22 --yes", "example.events.delete")]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let id: RowID
        let yes: Bool

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            id = line.argument("id", help: "help.events.id")
            yes = line.flag("--yes", help: "help.change.yes")
        }

        func run() throws {
            let settings = try page.settings(global, "events.delete")
            let store = try EventStore.open(settings.databasePath, writing: true)
            let renderer = Renderer.standardOutput(settings)
            let found = EventDetail(event: try store.existing(id: id.value))
            guard try found.confirmsDeletion(yes: yes, renderer) else {
                return try page.write(settings, found.keptMessage(renderer))
            }
            try page.write(
                settings, EventDetail(event: try store.delete(id: id.value)).changeMessage(.deleted, renderer))
        }
    }
}
