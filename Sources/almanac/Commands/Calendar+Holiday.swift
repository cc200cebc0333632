import AlmanacArguments
import AlmanacCalendar
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacText

extension CalendarCommand {
    /// `calendar holiday add | edit | delete`: a holiday's own row.
    struct HolidayCommand: Command {
        static let configuration = CommandConfiguration(
            "holiday",
            abstract: localized("help.calendar.holiday.abstract"),
            discussion: localized("help.calendar.holiday.discussion"),
            subcommands: [Add.self, Edit.self, Delete.self])

        /// `calendar holiday add KEY --title T [--holiday-color #RRGGBB] [--image NAME] [--greeting TEXT]
        /// [--starts YYYY-MM-DD]`.
        struct Add: RunnableCommand, Exemplified, Formatted {
            static let configuration = CommandConfiguration(
                "add",
                abstract: localized("help.calendar.holiday.add.abstract"),
                discussion: localized("help.calendar.holiday.add.discussion"))

            static let examples = [
                Example(
                    "almanac calendar holiday add newyear --title \"New Year\" --holiday-color \"#1F6FB2\"",
                    "example.calendar.holiday.add"),
                Example(
                    "almanac calendar holiday add advent --title Advent --starts 2026-12-01",
                    "example.calendar.holiday.starts"),
            ]

            static let formats = FormatOption.changes

            let global: GlobalOptions
            let page: PageOptions
            let key: String
            let title: String
            let fields: HolidayOptions

            init(_ line: ArgumentReader) {
                global = GlobalOptions(line)
                page = PageOptions(line)
                key = line.argument("key", help: "help.calendar.holiday.key")
                title = line.option("--title", value: "text", help: "help.calendar.holiday.title")
                fields = HolidayOptions(line)
            }

            func run() throws {
                let settings = try page.settings(global, "calendar.holiday.add")
                let change = try CalendarEditor(path: settings.databasePath).addHoliday(
                    key, fields.fields(title: title))
                try page.write(settings, change.render(page.renderer(settings)))
            }
        }

        /// `calendar holiday edit KEY [--title T] [--holiday-color C] [--image NAME] [--greeting TEXT]`.
        struct Edit: RunnableCommand, Exemplified, Formatted {
            static let configuration = CommandConfiguration(
                "edit",
                abstract: localized("help.calendar.holiday.edit.abstract"),
                discussion: localized("help.calendar.holiday.edit.discussion"))

            static let examples = [
                Example(
                    "almanac calendar holiday edit christmas --greeting \"Merry Christmas!\" --image \"\"",
                    "example.calendar.holiday.edit")
            ]

            static let formats = FormatOption.changes

            let global: GlobalOptions
            let page: PageOptions
            let key: String
            let title: String?
            let fields: HolidayOptions

            init(_ line: ArgumentReader) {
                global = GlobalOptions(line)
                page = PageOptions(line)
                key = line.argument("key", help: "help.calendar.holiday.key", completion: .list(.holidays))
                title = line.option("--title", value: "text", help: "help.calendar.holiday.new-title")
                fields = HolidayOptions(line)
            }

            func run() throws {
                let settings = try page.settings(global, "calendar.holiday.edit")
                let changes = fields.fields(title: title)
                if changes.isEmpty { throw AlmanacError(.usage, "calendar.error.nothing-to-change") }
                let change = try CalendarEditor(path: settings.databasePath).editHoliday(key, changes)
                try page.write(settings, change.render(page.renderer(settings)))
            }
        }

        /// `calendar holiday delete KEY [--yes]`.
        struct Delete: RunnableCommand, Exemplified, Formatted {
            static let configuration = CommandConfiguration(
                "delete",
                abstract: localized("help.calendar.holiday.delete.abstract"),
                discussion: localized("help.calendar.holiday.delete.discussion"))

            static let examples = [
                Example("almanac calendar holiday delete hanukkah --yes", "example.calendar.holiday.delete")
            ]

            static let formats = FormatOption.changes

            let global: GlobalOptions
            let page: PageOptions
            let key: String
            let yes: Bool

            init(_ line: ArgumentReader) {
                global = GlobalOptions(line)
                page = PageOptions(line)
                key = line.argument("key", help: "help.calendar.holiday.key", completion: .list(.holidays))
                yes = line.flag("--yes", help: "help.change.yes")
            }

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
    struct HolidayOptions: ArgumentGroup {
        let color: String?
        let image: String?
        let greeting: String?
        let starts: String?

        init(_ line: ArgumentReader) {
            color = line.option("--holiday-color", value: "#rrggbb", help: "help.calendar.holiday.color")
            image = line.option("--image", value: "name", help: "help.calendar.holiday.image")
            greeting = line.option("--greeting", value: "text", help: "help.calendar.holiday.greeting")
            starts = line.option("--starts", value: "date", help: "help.calendar.holiday.starts")
        }

        func fields(title: String?) -> CalendarEditor.HolidayFields {
            CalendarEditor.HolidayFields(title: title, color: color, image: image, greeting: greeting, firstDay: starts)
        }
    }
}
