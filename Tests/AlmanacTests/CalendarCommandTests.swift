import Foundation
import Testing

@testable import AlmanacCalendar

/// `almanac calendar …` end to end, on the sample data.
@Suite struct CalendarCommandTests {
    static func workdir() throws -> Workdir {
        let dir = try Workdir()
        try dir.sampleData("a.db")
        return dir
    }

    @discardableResult
    static func run(_ dir: Workdir, _ arguments: [String], input: String? = nil) throws -> Workdir.Output {
        try dir.run(["--db", "a.db", "--today", "2025-12-22"] + arguments, input: input)
    }

    @Test func withoutASelectionTheErrorListsTheHolidays() throws {
        let dir = try Self.workdir()
        let show = try Self.run(dir, ["calendar", "show"])
        #expect(show.status == 64)
        #expect(
            show.stderr
                == "almanac: error: no holiday is selected: name one (holidays: christmas, hanukkah, new-year, rozhdestvo) "
                + "or choose one with `almanac calendar select HOLIDAY`\n")
        #expect(try Self.run(dir, ["calendar", "select", "easter"]).status == 66)
    }

    /// With one holiday there is nothing to choose: `show` and `open` take it without `select`.
    @Test func theOnlyHolidayNeedsNoSelection() throws {
        let dir = try Workdir()
        try dir.initDatabase("a.db")
        #expect(try Self.run(dir, ["calendar", "holiday", "add", "newyear", "--title", "New Year"]).status == 0)
        #expect(try Self.run(dir, ["calendar", "door", "set", "newyear", "1", "--surprise", "Snow"]).status == 0)
        let show = try Self.run(dir, ["calendar", "show"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("New Year"), "\(show.stdout)")
        let opened = try Self.run(dir, ["calendar", "open", "1"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.contains("Snow"))
        #expect(try Self.run(dir, ["calendar", "holiday", "add", "xmas", "--title", "Christmas"]).status == 0)
        #expect(try Self.run(dir, ["calendar", "show"]).status == 64, "two holidays: one must be named or selected")
    }

    @Test func theSelectedHolidayIsTicked() throws {
        let dir = try Self.workdir()
        #expect(try Self.run(dir, ["calendar", "select", "hanukkah"]).stdout == "Selected Hanukkah (hanukkah)\n")
        let list = try Self.run(dir, ["calendar", "holidays"]).stdout
        #expect(list.split(separator: "\n").first { $0.contains("hanukkah") }?.contains("│ ✓ ") == true)
        #expect(list.split(separator: "\n").first { $0.contains("christmas") }?.contains("✓") == false)
        let json = try Self.run(dir, ["calendar", "holidays", "--format", "json"]).stdout
        #expect(json.contains(#"{"selected": true, "holiday": "hanukkah""#))
        #expect(json.contains(#"{"selected": false, "holiday": "christmas""#))
    }

    @Test func doorsOpenInOrderAndARefusalPointsAtTheDoor() throws {
        let dir = try Self.workdir()
        try Self.run(dir, ["calendar", "select", "christmas"])
        let first = try Self.run(dir, ["calendar", "open", "1"])
        #expect(first.status == 0)
        #expect(
            first.stdout.hasPrefix(
                "Door 1 of Christmas: A paper star to hang in the window\nChristmas: 1 of 24 doors open\n"))
        let before = try Self.run(
            dir, ["query", "SELECT door, opened_at FROM doors WHERE opened_at IS NOT NULL", "--format", "csv"]
        ).stdout
        #expect(before == "door,opened_at\r\n1,2025-12-22T" + before.dropFirst("door,opened_at\r\n1,2025-12-22T".count))
        let refused = try Self.run(dir, ["calendar", "open", "christmas", "3"])
        #expect(refused.status == 65)
        #expect(refused.stderr == "almanac: error: Door 3 is not ready: open door 2 first\n")
        #expect(refused.stdout.contains("│    ✗ 3     │"))
        // The arrow stands under the middle of the third door (each door is 13 columns with its border).
        #expect(
            refused.stdout.contains(
                "\n" + String(repeating: " ", count: 1 + 2 * 13 + 1 + 4) + "↑ Door 3 is not ready: open door 2 first\n")
        )
        #expect(
            try Self.run(
                dir, ["query", "SELECT door, opened_at FROM doors WHERE opened_at IS NOT NULL", "--format", "csv"]
            ).stdout == before)
        let russian = try Self.run(dir, ["--locale", "ru", "calendar", "open", "5"])
        #expect(russian.stderr == "almanac: ошибка: Дверцу 5 пока рано открывать: сначала откройте дверцу 2\n")
        let again = try Self.run(dir, ["calendar", "open", "1"])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("Door 1 of Christmas is already open (since Mon 22 Dec "))
    }

    @Test func testModeOpensAnyDoorAndLeavingItClosesThemAll() throws {
        let dir = try Self.workdir()
        #expect(try Self.run(dir, ["calendar", "test-mode", "on"]).status == 0)
        let reveal = try Self.run(dir, ["calendar", "open", "new-year", "24"])
        #expect(reveal.status == 0)
        #expect(reveal.stdout.contains("New Year: the last door is open!"))
        #expect(reveal.stdout.contains("Happy New Year! Here is to twelve new months and a clean"))
        #expect(reveal.stdout.contains("╔") && reveal.stdout.contains("╝"))
        #expect(try Self.run(dir, ["calendar", "open", "hanukkah", "9"]).status == 0)
        #expect(
            try Self.run(dir, ["calendar", "show", "hanukkah"]).stdout.hasPrefix(
                "Hanukkah: 1 of 24 doors open · test mode (any order)\n"))
        let off = try Self.run(dir, ["calendar", "test-mode", "off"])
        #expect(
            off.stdout
                == "Test mode is off: doors open in order again; every calendar starts afresh (2 doors closed).\n")
        #expect(
            try Self.run(
                dir, ["query", "SELECT count(*) AS n FROM doors WHERE opened_at IS NOT NULL", "--format", "csv"]
            ).stdout == "n\r\n0\r\n")
        #expect(try Self.run(dir, ["calendar", "open", "hanukkah", "9"]).status == 65)
        #expect(try Self.run(dir, ["calendar", "test-mode", "maybe"]).status == 64)
    }

    /// `calendar test-mode` with no argument says the mode, in both languages, and changes nothing.
    @Test func testModeAloneSaysTheMode() throws {
        let dir = try Self.workdir()
        let off = try Self.run(dir, ["calendar", "test-mode"])
        #expect(
            off.status == 0 && off.stdout.hasPrefix("Test mode is off: doors open in order"),
            "\(off.stdout)\(off.stderr)")
        #expect(
            try Self.run(dir, ["--locale", "ru", "calendar", "test-mode"]).stdout.hasPrefix("Тестовый режим выключен"))
        #expect(try Self.run(dir, ["calendar", "test-mode", "on"]).status == 0)
        #expect(
            try Self.run(dir, ["calendar", "test-mode"]).stdout.hasPrefix("Test mode is on: doors open in any order"))
        #expect(
            try Self.run(dir, ["--locale", "ru", "calendar", "test-mode"]).stdout.hasPrefix("Тестовый режим включён"))
        #expect(
            try Self.run(dir, ["calendar", "test-mode"]).stdout.hasPrefix("Test mode is on"),
            "saying it changed nothing")
    }

    @Test func resetNeedsYesWithoutATerminal() throws {
        let dir = try Self.workdir()
        try Self.run(dir, ["calendar", "select", "rozhdestvo"])
        try Self.run(dir, ["calendar", "open", "1"])
        let refused = try Self.run(dir, ["calendar", "reset"], input: "y\n")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("add --yes"))
        #expect(try Self.run(dir, ["calendar", "show", "--format", "csv"]).stdout.contains(",1,open,"))
        let reset = try Self.run(dir, ["--locale", "ru", "calendar", "reset", "--yes"])
        #expect(reset.status == 0)
        #expect(reset.stdout == "Все дверцы календаря «Рождество» снова закрыты (закрыто: 1 дверца).\n")
        #expect(!(try Self.run(dir, ["calendar", "show", "--format", "csv"]).stdout.contains(",open,")))
    }

    @Test(arguments: [
        ["calendar", "open", "25"], ["calendar", "open", "x"], ["calendar", "open", "christmas", "1", "2"],
    ])
    func badDoorsAreUsageErrors(_ arguments: [String]) throws {
        let dir = try Self.workdir()
        try Self.run(dir, ["calendar", "select", "christmas"])
        let result = try Self.run(dir, arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("almanac: error: "))
    }

    @Test func everyFormatShowsTheDoors() throws {
        let dir = try Self.workdir()
        try Self.run(dir, ["calendar", "select", "christmas"])
        try Self.run(dir, ["calendar", "open", "1"])
        let json = try Self.run(dir, ["calendar", "show", "--format", "json"]).stdout
        #expect(
            json.contains(
                #"{"holiday": "christmas", "door": 1, "status": "open", "surprise": "A paper star to hang in the window", "opened_at": "2025-12-22T"#
            ))
        #expect(
            json.contains(
                #"{"holiday": "christmas", "door": 2, "status": "next", "surprise": null, "opened_at": null}"#))
        let markdown = try Self.run(dir, ["--locale", "ru", "calendar", "show", "--format", "markdown"]).stdout
        #expect(markdown.contains("| christmas |      2 | ★ следующая |"))
        let opened = try Self.run(dir, ["calendar", "open", "2", "--format", "tsv"]).stdout
        // The door's state in show's words; already_open tells whether this run opened it.
        #expect(
            opened.hasPrefix(
                "holiday\tdoor\tstatus\tsurprise\topened_at\talready_open\tgreeting\nchristmas\t2\topen\tHot cocoa with marshmallows\t2025-12-22T"
            ))
        #expect(opened.hasSuffix("Z\tfalse\t\n"))
        let again = try Self.run(dir, ["calendar", "open", "2", "--format", "json"]).stdout
        #expect(
            again.contains(#""status": "open", "surprise": "Hot cocoa with marshmallows""#)
                && again.contains(#""already_open": true, "greeting": null}"#))
    }
}

/// The demo's calendar and animation stops.
@Suite struct CalendarDemoTests {
    @Test func theDemoShowsACalendarAndATimeline() throws {
        let dir = try Workdir()
        let demo = try dir.demoDatabase("demo.db")
        #expect(
            demo.stdout.contains(
                "Advent calendar: Christmas selected and doors 1 to 3 opened on the demo day (almanac calendar show):\n"
                    + "Christmas: 3 of 24 doors open\n┌"))
        #expect(demo.stdout.contains("│    ★ 4     │"))
        #expect(
            demo.stdout.contains(
                "Snowman animation: the frames of \"Wobble\" (almanac animation timeline Wobble --fps 4):\n┌"))
        #expect(demo.stdout.contains("7 frames\n"))
        let opened = try dir.run([
            "--db", "demo.db", "query",
            TestStore.sql(
                "SELECT substr(opened_at, 1, 10) AS day FROM doors WHERE opened_at IS NOT NULL",
                postgres: "SELECT CAST(opened_at AS date) AS day FROM doors WHERE opened_at IS NOT NULL"),
            "--format", "csv",
        ])
        #expect(opened.stdout == "day\r\n2025-12-22\r\n2025-12-22\r\n2025-12-22\r\n")
        let russian = try dir.demoDatabase("demo-ru.db", arguments: ["--locale", "ru"])
        #expect(
            russian.stdout.contains("Адвент-календарь: выбран «Christmas»")
                && russian.stdout.contains("Christmas: открыты 3 дверцы из 24\n"))
    }
}
