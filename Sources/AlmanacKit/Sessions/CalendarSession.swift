import AlmanacCalendar
import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText
import AlmanacViews
import Foundation

/// What `almanac calendar …` does, with its output as text: the command line only parses and prints.
///
/// A terminal is shown a calendar as its grid (see `CalendarGrid`), a page as its picture above the
/// doors' rows, every other format the doors as rows (`CalendarTables.calendar`). Output that is not
/// a terminal is drawn 80 columns wide and never coloured.
public final class CalendarSession {
    /// What a command printed, and the error it ends with, if any (after printing the output).
    public struct Outcome: Sendable {
        /// Text for standard output.
        public let output: String
        /// The failure to report once the output is printed (a refused door).
        public let failure: AlmanacError?
    }

    /// The calendars.
    public let calendar: AdventCalendar
    private let settings: Settings
    private let renderer: Renderer
    private let depth: HolidayColor.Depth
    private var t: Localizer { settings.localizer }
    private var gridWidth: Int { renderer.width ?? 80 }

    /// A session on the settings' database, printing for `terminal`. Only a session that changes
    /// something (`writing`) opens the database for writing: showing a calendar needs read access only.
    public convenience init(settings: Settings, terminal: Terminal, environment: [String: String], writing: Bool = true)
        throws
    {
        try self.init(
            settings: settings, renderer: Renderer(settings: settings, terminal: terminal, environment: environment),
            environment: environment, writing: writing)
    }

    /// A session on the settings' database, printing with `renderer`.
    public convenience init(
        settings: Settings, renderer: Renderer, environment: [String: String], writing: Bool = true
    ) throws {
        let path = settings.databasePath
        try self.init(
            database: writing ? Store.open(path) : Store.openReadOnly(path), settings: settings, renderer: renderer,
            environment: environment)
    }

    /// A session on an open database, printing with `renderer` (a site's pages, on a worker's connection).
    public init(database: Database, settings: Settings, renderer: Renderer, environment: [String: String]) {
        self.settings = settings
        self.calendar = AdventCalendar(database: database)
        self.renderer = renderer
        self.depth = HolidayColor.Depth(environment: environment)
    }

    /// A session printing to standard output as it is now.
    public convenience init(
        settings: Settings, writing: Bool = true,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        try self.init(
            settings: settings, terminal: .standardOutput(environment: environment), environment: environment,
            writing: writing)
    }

    /// `calendar holidays`: every holiday, `✓` on the selected one.
    public func holidays() throws -> String {
        renderer.render(
            CalendarTables.holidays(try calendar.summaries(), selected: try calendar.selectedKey(), localizer: t))
    }

    /// `calendar select H`.
    public func select(_ key: String) throws -> String {
        let holiday = try calendar.select(key)
        return t("calendar.selected", ["title": holiday.title, "holiday": holiday.key]) + "\n"
    }

    /// `calendar show [H]`: the grid, or the doors as rows; with `doorForm`, a page's doors are the
    /// buttons of that form (`serve`).
    public func show(_ key: String?, doorForm: String? = nil) throws -> String {
        let view = try calendar.view(key)
        let caption = view.holiday.firstDay.map { first in
            t(
                "calendar.first-day",
                [
                    "date": formats.date(first),
                    "last": formats.date(DoorOrder.opensOn(DoorOrder.revealDoor, firstDay: first)!),
                ])
        }
        return renderer.render(
            CalendarTables.calendar(
                view, grid: { self.grid(view) }, doorForm: doorForm, caption: caption, localizer: t))
    }

    /// `calendar open [H] N`: `arguments` are the door, or the holiday and the door.
    public func open(_ arguments: [String], clock: Date = Date()) throws -> Outcome {
        let (key, doorText): (String?, String)
        switch arguments.count {
        case 1: (key, doorText) = (nil, arguments[0])
        case 2: (key, doorText) = (arguments[0], arguments[1])
        default: throw AlmanacError(.usage, "calendar.error.open-arguments")
        }
        let number: Int
        switch CalendarRules.door(doorText) {
        case .success(let door): number = door
        case .failure(let violation):
            throw AlmanacError(
                .usage, "calendar.error.bad-door",
                ["value": doorText, "problem": t(violation.key, violation.arguments)])
        }
        let result = try calendar.open(number, of: key, at: settings.now(clock: clock), today: settings.today)
        let view = try calendar.view(key)
        switch result {
        case .opened(let door, let reveal):
            let sentence = t(
                "calendar.open.opened",
                ["door": String(door.number), "title": view.holiday.title, "surprise": door.surprise])
            let picture = Picture(terminal: {
                guard reveal else { return self.grid(view) }
                return self.grid(view) + "\n"
                    + CalendarReveal(
                        holiday: view.holiday, surprise: door.surprise, localizer: self.t,
                        styling: self.renderer.styling, depth: self.depth, width: self.gridWidth
                    ).render()
            })
            let row = CalendarTables.opened(door, of: view.holiday, already: false, localizer: t)
            return Outcome(
                output: renderer.render(Page(sections: [.caption(sentence), .table(row, picture: picture)])),
                failure: nil)
        case .alreadyOpen(let door):
            let when =
                door.openedAt.map {
                    LocalizedFormats(localizer: t, timeZone: settings.timeZone, today: settings.today).instant($0)
                } ?? ""
            let sentence = t(
                "calendar.open.already",
                ["door": String(door.number), "title": view.holiday.title, "surprise": door.surprise, "when": when])
            let row = CalendarTables.opened(door, of: view.holiday, already: true, localizer: t)
            return Outcome(
                output: renderer.render(
                    Page(sections: [.caption(sentence), .table(row, picture: Picture(terminal: { self.grid(view) }))])),
                failure: nil)
        case .refused(let door, let next):
            let failure = AlmanacError(
                .invalidData, "calendar.error.not-ready", ["door": String(door), "next": String(next)])
            // No door was opened, so there is no row: only a terminal shows the calendar, with the refusal.
            let picture = Picture(terminal: { self.grid(view, refusal: (door, failure.message(self.t))) })
            return Outcome(output: renderer.render(Page(sections: [.picture(picture)])), failure: failure)
        case .tooEarly(let door, let day):
            let failure = AlmanacError(
                .invalidData, "calendar.error.too-early",
                ["door": String(door), "date": formats.date(day)])
            let picture = Picture(terminal: { self.grid(view, refusal: (door, failure.message(self.t))) })
            return Outcome(output: renderer.render(Page(sections: [.picture(picture)])), failure: failure)
        }
    }

    /// `calendar test-mode` with no argument: whether test mode is on.
    public func testMode() throws -> String {
        t(try calendar.isTestMode() ? "calendar.test-mode.is-on" : "calendar.test-mode.is-off") + "\n"
    }

    /// `calendar test-mode on|off`; leaving test mode closes every door.
    public func testMode(_ value: String) throws -> String {
        let on: Bool
        switch value.lowercased() {
        case "on", "true", "yes", "1": on = true
        case "off", "false", "no", "0": on = false
        default: throw AlmanacError(.usage, "calendar.error.test-mode-value", ["value": value])
        }
        let change = try calendar.setTestMode(on)
        switch (change.wasOn, change.isOn) {
        case (false, true): return t("calendar.test-mode.on") + "\n"
        case (true, false):
            return t(
                "calendar.test-mode.off",
                ["closed": LocalizedFormats(localizer: t).count(Int64(change.closedDoors), unit: "unit.door")]) + "\n"
        case (true, true): return t("calendar.test-mode.already-on") + "\n"
        case (false, false): return t("calendar.test-mode.already-off") + "\n"
        }
    }

    /// `calendar reset [H] [--yes]`: asks on a terminal, needs `--yes` anywhere else.
    public func reset(_ key: String?, yes: Bool, input: Int32 = STDIN_FILENO, prompt: Int32 = STDERR_FILENO) throws
        -> String
    {
        let holiday = try calendar.holiday(key)
        if !yes {
            guard RawMode.isTerminal(input) else { throw AlmanacError(.usage, "calendar.error.reset-needs-yes") }
            let question = t("calendar.reset.question", ["title": holiday.title])
            guard try Confirmation.ask(question, input: input, output: prompt, localizer: t) else {
                return t("calendar.reset.kept", ["title": holiday.title]) + "\n"
            }
        }
        let closed = try calendar.reset(holiday.key)
        return t(
            "calendar.reset.done",
            [
                "title": holiday.title,
                "closed": LocalizedFormats(localizer: t).count(Int64(closed), unit: "unit.door"),
            ]) + "\n"
    }

    /// Dates in the user's words and zone (`Tue 1 Dec`, with the year outside today's).
    private var formats: LocalizedFormats {
        LocalizedFormats(localizer: t, timeZone: settings.timeZone, today: settings.today)
    }

    private func grid(_ view: CalendarView, refusal: (door: Int, message: String)? = nil) -> String {
        CalendarGrid(
            view: view, refusal: refusal, localizer: t, styling: renderer.styling, depth: depth, width: gridWidth
        ).render()
    }
}
