import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import Foundation

/// `almanac calendar …`: advent calendars with 24 doors that open in order.
struct CalendarCommand: Command {
    static let configuration = CommandConfiguration(
        "calendar",
        abstract: localized("help.calendar.abstract"),
        discussion: localized("help.calendar.discussion"),
        subcommands: [
            Holidays.self, Select.self, Show.self, Open.self, Reset.self, TestMode.self, HolidayCommand.self,
            DoorCommand.self,
        ]
    )

    /// `calendar holidays`.
    struct Holidays: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "holidays",
            abstract: localized("help.calendar.holidays.abstract"),
            discussion: localized("help.calendar.holidays.discussion"))

        static let examples = [Example("almanac calendar holidays", "example.calendar.holidays")]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
        }

        func run() throws {
            let settings = try page.settings(global, "calendar.holidays")
            try page.write(
                settings,
                CalendarSession(
                    settings: settings, terminal: page.terminal, environment: ProcessInfo.processInfo.environment,
                    writing: false
                ).holidays())
        }
    }

    /// `calendar select H`.
    struct Select: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "select",
            abstract: localized("help.calendar.select.abstract"),
            discussion: localized("help.calendar.select.discussion"))

        static let examples = [Example("almanac calendar select christmas", "example.calendar.select")]

        static let formats = FormatOption.text

        let global: GlobalOptions
        let holiday: String

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            holiday = line.argument("holiday", help: "help.calendar.select.holiday", completion: .list(.holidays))
        }

        func run() throws {
            try Print.out(CalendarSession(settings: global.settings()).select(holiday))
        }
    }

    /// `calendar show [H]`.
    struct Show: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "show",
            abstract: localized("help.calendar.show.abstract"),
            discussion: localized("help.calendar.show.discussion"))

        static let examples = [
            Example("almanac calendar show", "example.calendar.show.selected"),
            Example("almanac calendar show hanukkah", "example.calendar.show.named"),
            Example("almanac calendar show christmas --format html --out calendar.html", "example.calendar.show.html"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let holiday: String?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            holiday = line.argument("holiday", help: "help.calendar.holiday", completion: .list(.holidays))
        }

        func run() throws {
            let settings = try page.settings(global, "calendar.show")
            try page.write(
                settings,
                CalendarSession(
                    settings: settings, terminal: page.terminal, environment: ProcessInfo.processInfo.environment,
                    writing: false
                ).show(holiday))
        }
    }

    /// `calendar open [H] N`.
    struct Open: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "open",
            abstract: localized("help.calendar.open.abstract"),
            discussion: localized("help.calendar.open.discussion"))

        static let examples = [
            Example("almanac calendar open 4", "example.calendar.open.next"),
            Example("almanac calendar open hanukkah 1", "example.calendar.open.named"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let arguments: [String]

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            arguments = line.argument("door", help: "help.calendar.open.arguments", completion: .list(.holidays))
        }

        func run() throws {
            let settings = try page.settings(global, "calendar.open")
            let outcome = try CalendarSession(
                settings: settings, terminal: page.terminal, environment: ProcessInfo.processInfo.environment
            ).open(arguments)
            try page.write(settings, outcome.output)
            if let failure = outcome.failure { throw failure }
        }
    }

    /// `calendar reset [H] [--yes]`.
    struct Reset: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "reset",
            abstract: localized("help.calendar.reset.abstract"),
            discussion: localized("help.calendar.reset.discussion"))

        static let examples = [Example("almanac calendar reset --yes", "example.calendar.reset")]

        static let formats = FormatOption.text

        let global: GlobalOptions
        let holiday: String?
        let yes: Bool

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            holiday = line.argument("holiday", help: "help.calendar.holiday", completion: .list(.holidays))
            yes = line.flag("--yes", help: "help.calendar.reset.yes")
        }

        func run() throws {
            try Print.out(CalendarSession(settings: global.settings()).reset(holiday, yes: yes))
        }
    }

    /// `calendar test-mode on|off`.
    struct TestMode: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "test-mode",
            abstract: localized("help.calendar.test-mode.abstract"),
            discussion: localized("help.calendar.test-mode.discussion"))

        static let examples = [
            Example("almanac calendar test-mode", "example.calendar.test-mode.say"),
            Example("almanac calendar test-mode on", "example.calendar.test-mode.on"),
            Example("almanac calendar test-mode off", "example.calendar.test-mode.off"),
        ]

        static let formats = FormatOption.text

        let global: GlobalOptions
        let state: String?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            state = line.argument("on|off", help: "help.calendar.test-mode.state", completion: .words(["on", "off"]))
        }

        func run() throws {
            let session = try CalendarSession(settings: global.settings())
            try Print.out(state.map { try session.testMode($0) } ?? session.testMode())
        }
    }
}
