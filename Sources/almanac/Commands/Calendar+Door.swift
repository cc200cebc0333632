import AlmanacArguments
import AlmanacCalendar
import AlmanacKinds
import AlmanacKit

extension CalendarCommand {
    /// `calendar door set | delete`: one door of a holiday.
    struct DoorCommand: Command {
        static let configuration = CommandConfiguration(
            "door",
            abstract: localized("help.calendar.door.abstract"),
            discussion: localized("help.calendar.door.discussion"),
            subcommands: [SetDoor.self, Delete.self])

        /// `calendar door set HOLIDAY N --surprise TEXT`.
        struct SetDoor: RunnableCommand, Exemplified, Formatted {
            static let configuration = CommandConfiguration(
                "set",
                abstract: localized("help.calendar.door.set.abstract"),
                discussion: localized("help.calendar.door.set.discussion"))

            static let examples = [
                Example(
                    "almanac calendar door set christmas 24 --surprise \"A golden star\"", "example.calendar.door.set")
            ]

            static let formats = FormatOption.changes

            let global: GlobalOptions
            let page: PageOptions
            let holiday: String
            let door: String
            let surprise: String

            init(_ line: ArgumentReader) {
                global = GlobalOptions(line)
                page = PageOptions(line)
                holiday = line.argument("holiday", help: "help.calendar.door.holiday", completion: .list(.holidays))
                door = line.argument("n", help: "help.calendar.door.number")
                surprise = line.option("--surprise", value: "text", help: "help.calendar.door.surprise")
            }

            func run() throws {
                let settings = try page.settings(global, "calendar.door.set")
                let change = try CalendarEditor(path: settings.databasePath).setDoor(holiday, door, surprise: surprise)
                try page.write(settings, change.render(page.renderer(settings)))
            }
        }

        /// `calendar door delete HOLIDAY N`.
        struct Delete: RunnableCommand, Exemplified, Formatted {
            static let configuration = CommandConfiguration(
                "delete",
                abstract: localized("help.calendar.door.delete.abstract"),
                discussion: localized("help.calendar.door.delete.discussion"))

            static let examples = [Example("almanac calendar door delete christmas 24", "example.calendar.door.delete")]

            static let formats = FormatOption.changes

            let global: GlobalOptions
            let page: PageOptions
            let holiday: String
            let door: String

            init(_ line: ArgumentReader) {
                global = GlobalOptions(line)
                page = PageOptions(line)
                holiday = line.argument("holiday", help: "help.calendar.door.holiday", completion: .list(.holidays))
                door = line.argument("n", help: "help.calendar.door.number")
            }

            func run() throws {
                let settings = try page.settings(global, "calendar.door.delete")
                let change = try CalendarEditor(path: settings.databasePath).deleteDoor(holiday, door)
                try page.write(settings, change.render(page.renderer(settings)))
            }
        }
    }
}
