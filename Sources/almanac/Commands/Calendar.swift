import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac calendar …`: advent calendars with 24 doors that open in order.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: localized("help.calendar.abstract"),
        discussion: localized("help.calendar.discussion"),
        subcommands: [Holidays.self, Select.self, Show.self, Open.self, Reset.self, TestMode.self, HolidayCommand.self, DoorCommand.self]
    )

    /// `calendar holidays`.
    struct Holidays: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.calendar.holidays.abstract"),
            discussion: localized("help.calendar.holidays.discussion"))

        static let examples = [Example("almanac calendar holidays", "example.calendar.holidays")]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions

        func run() throws {
            let settings = try page.settings(global, "calendar.holidays")
            try page.write(settings, CalendarSession(settings: settings, terminal: page.terminal, environment: ProcessInfo.processInfo.environment, writing: false).holidays())
        }
    }

    /// `calendar select H`.
    struct Select: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.calendar.select.abstract"),
            discussion: localized("help.calendar.select.discussion"))

        static let examples = [Example("almanac calendar select christmas", "example.calendar.select")]

        static let formats = FormatOption.text

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp(localized("help.calendar.select.holiday"), valueName: "holiday"), completion: .almanac(.holidays))
        var holiday: String

        func run() throws {
            try Print.out(CalendarSession(settings: global.settings()).select(holiday))
        }
    }

    /// `calendar show [H]`.
    struct Show: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.calendar.show.abstract"),
            discussion: localized("help.calendar.show.discussion"))

        static let examples = [
            Example("almanac calendar show", "example.calendar.show.selected"),
            Example("almanac calendar show hanukkah", "example.calendar.show.named"),
            Example("almanac calendar show christmas --format html --out calendar.html", "example.calendar.show.html"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions
        @Argument(help: ArgumentHelp(localized("help.calendar.holiday"), valueName: "holiday"), completion: .almanac(.holidays))
        var holiday: String?

        func run() throws {
            let settings = try page.settings(global, "calendar.show")
            try page.write(settings, CalendarSession(settings: settings, terminal: page.terminal, environment: ProcessInfo.processInfo.environment, writing: false).show(holiday))
        }
    }

    /// `calendar open [H] N`.
    struct Open: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.calendar.open.abstract"),
            discussion: localized("help.calendar.open.discussion"))

        static let examples = [
            Example("almanac calendar open 4", "example.calendar.open.next"),
            Example("almanac calendar open hanukkah 1", "example.calendar.open.named"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions
        @Argument(help: ArgumentHelp(localized("help.calendar.open.arguments"), valueName: "door"), completion: .almanac(.holidays))
        var arguments: [String]

        func run() throws {
            let settings = try page.settings(global, "calendar.open")
            let outcome = try CalendarSession(settings: settings, terminal: page.terminal, environment: ProcessInfo.processInfo.environment).open(arguments)
            try page.write(settings, outcome.output)
            if let failure = outcome.failure { throw failure }
        }
    }

    /// `calendar reset [H] [--yes]`.
    struct Reset: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.calendar.reset.abstract"),
            discussion: localized("help.calendar.reset.discussion"))

        static let examples = [Example("almanac calendar reset --yes", "example.calendar.reset")]

        static let formats = FormatOption.text

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp(localized("help.calendar.holiday"), valueName: "holiday"), completion: .almanac(.holidays))
        var holiday: String?
        @Flag(name: .long, help: ArgumentHelp(localized("help.calendar.reset.yes")))
        var yes = false

        func run() throws {
            try Print.out(CalendarSession(settings: global.settings()).reset(holiday, yes: yes))
        }
    }

    /// `calendar test-mode on|off`.
    struct TestMode: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            commandName: "test-mode",
            abstract: localized("help.calendar.test-mode.abstract"),
            discussion: localized("help.calendar.test-mode.discussion"))

        static let examples = [
            Example("almanac calendar test-mode on", "example.calendar.test-mode.on"),
            Example("almanac calendar test-mode off", "example.calendar.test-mode.off"),
        ]

        static let formats = FormatOption.text

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp(localized("help.calendar.test-mode.state"), valueName: "on|off"), completion: .list(["on", "off"]))
        var state: String

        func run() throws {
            try Print.out(CalendarSession(settings: global.settings()).testMode(state))
        }
    }
}
