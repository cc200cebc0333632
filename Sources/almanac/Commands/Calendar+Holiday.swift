import AlmanacKit
import ArgumentParser

extension CalendarCommand {
    /// `calendar holiday add | edit | delete`: a holiday's own row.
    struct HolidayCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "holiday",
            abstract: localized("help.calendar.holiday.abstract"),
            discussion: localized("help.calendar.holiday.discussion"),
            subcommands: [Add.self, Edit.self, Delete.self])

        /// `calendar holiday add KEY --title T [--holiday-color #RRGGBB] [--image NAME] [--greeting TEXT]`.
        struct Add: ParsableCommand, Exemplified, Formatted {
            static let configuration = CommandConfiguration(
                abstract: localized("help.calendar.holiday.add.abstract"),
                discussion: localized("help.calendar.holiday.add.discussion"))

            static let examples = [
                Example("almanac calendar holiday add newyear --title \"New Year\" --holiday-color \"#1F6FB2\"", "example.calendar.holiday.add"),
            ]

            static let formats = FormatOption.changes

            @OptionGroup var global: GlobalOptions
            @OptionGroup var page: PageOptions
            @Argument(help: ArgumentHelp(localized("help.calendar.holiday.key"), valueName: "key"))
            var key: String
            @Option(name: .long, help: ArgumentHelp(localized("help.calendar.holiday.title"), valueName: "text"))
            var title: String
            @OptionGroup var fields: HolidayOptions

            func run() throws {
                let settings = try page.settings(global, "calendar.holiday.add")
                let change = try CalendarEditor(path: settings.databasePath).addHoliday(key, fields.fields(title: title))
                try page.write(settings, change.render(page.renderer(settings)))
            }
        }

        /// `calendar holiday edit KEY [--title T] [--holiday-color C] [--image NAME] [--greeting TEXT]`.
        struct Edit: ParsableCommand, Exemplified, Formatted {
            static let configuration = CommandConfiguration(
                abstract: localized("help.calendar.holiday.edit.abstract"),
                discussion: localized("help.calendar.holiday.edit.discussion"))

            static let examples = [
                Example("almanac calendar holiday edit christmas --greeting \"Merry Christmas!\" --image \"\"", "example.calendar.holiday.edit"),
            ]

            static let formats = FormatOption.changes

            @OptionGroup var global: GlobalOptions
            @OptionGroup var page: PageOptions
            @Argument(help: ArgumentHelp(localized("help.calendar.holiday.key"), valueName: "key"), completion: .almanac(.holidays))
            var key: String
            @Option(name: .long, help: ArgumentHelp(localized("help.calendar.holiday.new-title"), valueName: "text"))
            var title: String?
            @OptionGroup var fields: HolidayOptions

            func run() throws {
                let settings = try page.settings(global, "calendar.holiday.edit")
                let changes = fields.fields(title: title)
                if changes.isEmpty { throw AlmanacError(.usage, "calendar.error.nothing-to-change") }
                let change = try CalendarEditor(path: settings.databasePath).editHoliday(key, changes)
                try page.write(settings, change.render(page.renderer(settings)))
            }
        }

        /// `calendar holiday delete KEY [--yes]`.
        struct Delete: ParsableCommand, Exemplified, Formatted {
            static let configuration = CommandConfiguration(
                abstract: localized("help.calendar.holiday.delete.abstract"),
                discussion: localized("help.calendar.holiday.delete.discussion"))

            static let examples = [Example("almanac calendar holiday delete hanukkah --yes", "example.calendar.holiday.delete")]

            static let formats = FormatOption.changes

            @OptionGroup var global: GlobalOptions
            @OptionGroup var page: PageOptions
            @Argument(help: ArgumentHelp(localized("help.calendar.holiday.key"), valueName: "key"), completion: .almanac(.holidays))
            var key: String
            @Flag(name: .long, help: ArgumentHelp(localized("help.change.yes")))
            var yes = false

            func run() throws {
                let settings = try page.settings(global, "calendar.holiday.delete")
                let editor = try CalendarEditor(path: settings.databasePath)
                let found = try editor.holidayToDelete(key, localizer: settings.localizer)
                guard try Confirmation.allowsDeletion(found.question, yes: yes, localizer: settings.localizer) else {
                    return try page.write(settings, found.change.sentence("calendar.holiday.kept", settings.localizer))
                }
                try page.write(settings, editor.deleteHoliday(key).render(page.renderer(settings)))
            }
        }
    }

    /// The optional fields of a holiday, as `add` and `edit` take them.
    struct HolidayOptions: ParsableArguments {
        @Option(name: .customLong("holiday-color"), help: ArgumentHelp(localized("help.calendar.holiday.color"), valueName: "#rrggbb"))
        var color: String?
        @Option(name: .long, help: ArgumentHelp(localized("help.calendar.holiday.image"), valueName: "name"))
        var image: String?
        @Option(name: .long, help: ArgumentHelp(localized("help.calendar.holiday.greeting"), valueName: "text"))
        var greeting: String?

        func fields(title: String?) -> CalendarEditor.HolidayFields {
            CalendarEditor.HolidayFields(title: title, color: color, image: image, greeting: greeting)
        }
    }

    /// `calendar door set | delete`: one door of a holiday.
    struct DoorCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "door",
            abstract: localized("help.calendar.door.abstract"),
            discussion: localized("help.calendar.door.discussion"),
            subcommands: [SetDoor.self, Delete.self])

        /// `calendar door set HOLIDAY N --surprise TEXT`.
        struct SetDoor: ParsableCommand, Exemplified, Formatted {
            static let configuration = CommandConfiguration(
                commandName: "set",
                abstract: localized("help.calendar.door.set.abstract"),
                discussion: localized("help.calendar.door.set.discussion"))

            static let examples = [
                Example("almanac calendar door set christmas 24 --surprise \"A golden star\"", "example.calendar.door.set"),
            ]

            static let formats = FormatOption.changes

            @OptionGroup var global: GlobalOptions
            @OptionGroup var page: PageOptions
            @Argument(help: ArgumentHelp(localized("help.calendar.door.holiday"), valueName: "holiday"), completion: .almanac(.holidays))
            var holiday: String
            @Argument(help: ArgumentHelp(localized("help.calendar.door.number"), valueName: "n"))
            var door: String
            @Option(name: .long, help: ArgumentHelp(localized("help.calendar.door.surprise"), valueName: "text"))
            var surprise: String

            func run() throws {
                let settings = try page.settings(global, "calendar.door.set")
                let change = try CalendarEditor(path: settings.databasePath).setDoor(holiday, door, surprise: surprise)
                try page.write(settings, change.render(page.renderer(settings)))
            }
        }

        /// `calendar door delete HOLIDAY N`.
        struct Delete: ParsableCommand, Exemplified, Formatted {
            static let configuration = CommandConfiguration(
                abstract: localized("help.calendar.door.delete.abstract"),
                discussion: localized("help.calendar.door.delete.discussion"))

            static let examples = [Example("almanac calendar door delete christmas 24", "example.calendar.door.delete")]

            static let formats = FormatOption.changes

            @OptionGroup var global: GlobalOptions
            @OptionGroup var page: PageOptions
            @Argument(help: ArgumentHelp(localized("help.calendar.door.holiday"), valueName: "holiday"), completion: .almanac(.holidays))
            var holiday: String
            @Argument(help: ArgumentHelp(localized("help.calendar.door.number"), valueName: "n"))
            var door: String

            func run() throws {
                let settings = try page.settings(global, "calendar.door.delete")
                let change = try CalendarEditor(path: settings.databasePath).deleteDoor(holiday, door)
                try page.write(settings, change.render(page.renderer(settings)))
            }
        }
    }
}
