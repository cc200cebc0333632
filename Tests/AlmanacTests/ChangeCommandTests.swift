import AlmanacKit
import Foundation
import Testing

@testable import AlmanacKinds

/// Adding, changing and deleting rows of every world from the command line, as a user runs them:
/// the built binary on a database loaded with the sample data, in English and Russian, as sentences
/// and as JSON rows.
@Suite struct ChangeCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.sampleData("a.db")
    }

    func run(_ arguments: [String], input: String? = nil) throws -> Workdir.Output {
        try dir.run(["--db", "a.db", "--today", "2025-12-22"] + arguments, input: input)
    }

    // MARK: events

    @Test func anEventIsEditedAndDeletedAndItsIdIsNeverGivenAgain() throws {
        let edited = try run(["events", "edit", "22", "--title", "Wrapping party", "--person", ""])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout.hasPrefix("Changed event 22: Wrapping party, "))
        let json = try run(["events", "show", "22", "--format", "json"])
        #expect(json.stdout.contains(#""title": "Wrapping party", "person": null"#))
        let deleted = try run(["--locale", "ru", "events", "delete", "22", "--yes"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stdout.hasPrefix("Удалено событие 22: Wrapping party, "))
        let last = try run(["events", "add", "--title", "Last", "--at", "2025-12-30T10:00", "--format", "json"])
        let highest = try run(["query", "SELECT max(id) FROM events", "--format", "csv"])
        #expect(last.stdout.contains(#""id": "#))
        let lastID = Int(highest.stdout.split(separator: "\r\n").last ?? "") ?? 0
        #expect(try run(["events", "delete", String(lastID), "--yes"]).status == 0)
        let next = try run(["events", "add", "--title", "Next", "--at", "2025-12-30T11:00", "--format", "csv"])
        #expect(next.stdout.split(separator: "\r\n").last?.hasPrefix("\(lastID + 1),") == true, "\(next.stdout)")
    }

    /// `events edit --at` moves the event and keeps its length (a timed event's minutes, an all-day
    /// event's days) unless `--ends` is given; a time alone keeps the day.
    @Test func movingAnEventKeepsItsLength() throws {
        func added(_ arguments: [String]) throws -> String {
            let out = try run(["events", "add", "--title", "Party"] + arguments + ["--format", "csv"])
            try #require(out.status == 0, "\(out.stderr)")
            return String(out.stdout.split(separator: "\r\n")[1].prefix { $0 != "," })
        }
        func times(_ arguments: [String]) throws -> String {
            let out = try run(["events", "edit"] + arguments + ["--format", "json"])
            #expect(out.status == 0, "\(arguments): \(out.stderr)")
            let starts = out.stdout.components(separatedBy: #""starts_at": ""#).last?.prefix(20) ?? ""
            let ends = out.stdout.components(separatedBy: #""ends_at": ""#).last?.prefix(20) ?? ""
            return "\(starts)–\(ends)"
        }
        let party = try added(["--at", "2025-12-23T18:30", "--ends", "2025-12-23T20:00"])
        #expect(try times([party, "--at", "2025-12-23T19:00"]) == "2025-12-23T19:00:00Z–2025-12-23T20:30:00Z")
        #expect(
            try times([party, "--at", "21:15"]) == "2025-12-23T21:15:00Z–2025-12-23T22:45:00Z",
            "a time alone keeps the day")
        #expect(
            try times([party, "--at", "2025-12-24T10:00", "--ends", "2025-12-24T11:00"])
                == "2025-12-24T10:00:00Z–2025-12-24T11:00:00Z")
        let berlin = try run(["--tz", "Europe/Berlin", "events", "edit", party, "--at", "12:00", "--format", "json"])
        #expect(
            berlin.stdout.contains(#""starts_at": "2025-12-24T11:00:00Z", "ends_at": "2025-12-24T12:00:00Z""#),
            "\(berlin.stdout)")
        let market = try added(["--at", "2025-12-24", "--until", "2025-12-26"])
        #expect(
            try times([market, "--at", "2025-12-28"]) == "2025-12-28T00:00:00Z–2025-12-31T00:00:00Z",
            "three days stay three days")
        let russian = try run(["--locale", "ru", "events", "edit", party, "--at", "2025-12-25T18:00"])
        #expect(russian.status == 0 && russian.stdout.contains("18:00–19:00"), "\(russian.stdout)")
    }

    /// A step with no amount is one step up, in both languages.
    @Test func aStepWithoutAnAmountIsOneStep() throws {
        #expect(try run(["animation", "step", "Wobble", "opacity", "-100"]).status == 0)
        let once = try run(["animation", "step", "Wobble", "opacity"])
        #expect(
            once.status == 0 && once.stdout == "opacity of \"Wobble\" is now 0.05\n", "\(once.stdout)\(once.stderr)")
        let russian = try run(["--locale", "ru", "animation", "step", "Wobble", "opacity"])
        #expect(russian.stdout.hasPrefix("opacity в настройке «Wobble» теперь 0,1"), "\(russian.stdout)")
    }

    /// An argument's mistake shows its value, never its placeholder (`KEY`, `N`, `HOLIDAY`), in
    /// both languages; an option's names the option.
    @Test func mistakesShowValuesNotPlaceholders() throws {
        for (arguments, english, russian) in [
            (
                ["calendar", "holiday", "add", "день-рождения", "--title", "X"],
                #""день-рождения" is not a holiday key"#, "«день-рождения» — недопустимый ключ праздника"
            ),
            (["calendar", "door", "set", "christmas", "25", "--surprise", "Late"], #""25" "#, "«25» "),
            (["calendar", "holiday", "add", "", "--title", "X"], #""": "#, "«»: "),
            (["books", "add", "", "--due", "today+3"], #""": "#, "«»: "),
        ] {
            let out = try run(arguments)
            #expect(out.stderr.hasPrefix("almanac: error: " + english), "\(arguments): \(out.stderr)")
            let ru = try run(["--locale", "ru"] + arguments)
            #expect(ru.stderr.hasPrefix("almanac: ошибка: " + russian), "\(arguments): \(ru.stderr)")
            for placeholder in ["KEY", "HOLIDAY", " N ", "TITLE", "--title"] {
                #expect(
                    !out.stderr.contains(placeholder) && !ru.stderr.contains(placeholder),
                    "\(arguments): \(out.stderr)\(ru.stderr)")
            }
        }
        let option = try run(["calendar", "holiday", "add", "x", "--title", "   "])
        #expect(
            option.stderr.hasPrefix(#"almanac: error: --title "   " "#),
            "an option is named by its name: \(option.stderr)")
    }

    @Test func deletingAsksOrNeedsYes() throws {
        let refused = try run(["events", "delete", "22"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("add --yes"))
        #expect(try run(["events", "show", "22"]).status == 0)
        let unknown = try run(["events", "delete", "9999", "--yes"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("9999"))
    }

    @Test func anAllDayEventIsAWholeDayInTableAndJSON() throws {
        let added = try run([
            "events", "add", "--title", "Christmas market", "--at", "2025-12-24", "--until", "2025-12-26", "--format",
            "json",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains(#""all_day": true"#))
        let agenda = try run(["events", "agenda", "--from", "2025-12-25", "--days", "1", "--tz", "Asia/Tokyo"])
        #expect(agenda.stdout.contains("all day"))
        #expect(agenda.stdout.contains("Christmas market"))
        let russian = try run([
            "--locale", "ru", "events", "agenda", "--from", "2025-12-26", "--days", "1", "--tz", "America/New_York",
        ])
        #expect(russian.stdout.contains("Christmas market"))
    }

    // MARK: calendar

    @Test func aHolidayIsAddedWithDoorsEditedAndDeletedWithThem() throws {
        let added = try run([
            "calendar", "holiday", "add", "newyear", "--title", "New Year", "--holiday-color", "#1F6FB2",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Added holiday newyear: New Year\n")
        let door = try run(["calendar", "door", "set", "newyear", "1", "--surprise", "Fireworks", "--format", "json"])
        #expect(
            door.stdout.contains(#""holiday": "newyear", "door": 1, "surprise": "Fireworks", "opened_at": null"#),
            "\(door.stdout)")
        let changed = try run(["--locale", "ru", "calendar", "door", "set", "newyear", "1", "--surprise", "Салют"])
        #expect(changed.stdout == "Изменена дверца 1 праздника newyear: Салют\n")
        let edited = try run(["calendar", "holiday", "edit", "newyear", "--holiday-color", "", "--format", "json"])
        #expect(
            edited.stdout.contains(#""holiday": "newyear", "title": "New Year", "color": null"#), "\(edited.stdout)")
        let refused = try run(["calendar", "holiday", "delete", "newyear"])
        #expect(refused.status == 64)
        let deleted = try run(["calendar", "holiday", "delete", "newyear", "--yes"])
        #expect(deleted.stdout == "Deleted holiday newyear: New Year, with its doors (1)\n")
        #expect(
            try run(["query", "SELECT count(*) FROM doors WHERE holiday = 'newyear'", "--format", "csv"]).stdout
                .hasSuffix("\r\n0\r\n"))
    }

    @Test func holidayAndDoorMistakesAreNamed() throws {
        let exists = try run(["calendar", "holiday", "add", "christmas", "--title", "Again"])
        #expect(exists.status == 65)
        let badColour = try run(["calendar", "holiday", "add", "x", "--title", "X", "--holiday-color", "red"])
        #expect(badColour.status == 65)
        #expect(badColour.stderr.contains("--holiday-color \"red\""))
        let unknown = try run(["calendar", "holiday", "edit", "easter", "--title", "Easter"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("\"easter\" is not a holiday"))
        let door = try run(["calendar", "door", "set", "christmas", "25", "--surprise", "Too late"])
        #expect(door.status == 65)
        #expect(
            door.stderr.hasPrefix("almanac: error: \"25\" "),
            "the value, not the argument's placeholder: \(door.stderr)")
        #expect(try run(["calendar", "door", "delete", "easter", "1"]).status == 66)
        let removed = try run(["calendar", "door", "delete", "christmas", "24"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try run(["calendar", "door", "delete", "christmas", "24"]).status == 66)
    }

    // MARK: animation

    @Test func aSettingIsEditedSteppedRenamedAndDeleted() throws {
        let edited = try run(["animation", "edit", "Wobble", "--set", "opacity=0.5"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout.hasPrefix("Changed \"Wobble\": "))
        let russian = try run(["--locale", "ru", "animation", "edit", "Wobble", "--set", "opacity=0,25"])
        #expect(russian.status == 0, "\(russian.stderr)")
        let stepped = try run(["animation", "step", "Wobble", "opacity", "-100"])
        #expect(stepped.stdout == "opacity of \"Wobble\" is now 0 (as far as it goes)\n", "\(stepped.stdout)")
        let up = try run(["--locale", "ru", "animation", "step", "Wobble", "opacity", "+3"])
        #expect(up.stdout.hasPrefix("opacity в настройке «Wobble» теперь 0,15"), "\(up.stdout)")
        let json = try run(["animation", "step", "Wobble", "opacity", "+1", "--format", "json"])
        #expect(json.stdout.contains(#""opacity": 0.2"#), "\(json.stdout)")
        let renamed = try run(["animation", "rename", "Wobble", "Gentle"])
        #expect(renamed.stdout.hasPrefix("Renamed \"Wobble\" to \"Gentle\""))
        #expect(try run(["animation", "delete", "Gentle"]).status == 64)
        #expect(try run(["animation", "delete", "Gentle", "--yes"]).status == 0)
        #expect(try run(["animation", "delete", "Gentle", "--yes"]).status == 66)
    }

    @Test func settingMistakesShowTheLocalesNumbers() throws {
        let out = try run(["--locale", "ru", "animation", "edit", "Wobble", "--set", "opacity=0,33"])
        #expect(out.status == 65)
        #expect(out.stderr.contains("0,33") && out.stderr.contains("0,05"), "\(out.stderr)")
        #expect(try run(["animation", "step", "Wobble", "height", "+1"]).status == 64)
        #expect(try run(["animation", "edit", "Nothing", "--set", "opacity=1"]).status == 66)
    }

    // MARK: books

    @Test func aLoansIdIsNeverGivenAgain() throws {
        let added = try run(["books", "add", "Dune", "--due", "2026-01-10", "--format", "csv"])
        let id = Int(added.stdout.split(separator: "\r\n").last?.split(separator: ",").first ?? "") ?? 0
        #expect(id > 0, "\(added.stdout)")
        #expect(try run(["books", "delete", String(id), "--yes"]).status == 0)
        let again = try run(["books", "add", "Dune", "--due", "2026-01-10", "--format", "csv"])
        #expect(again.stdout.split(separator: "\r\n").last?.hasPrefix("\(id + 1),") == true, "\(again.stdout)")
    }

    @Test func booksAreListedByBorrowerSearchOverdueAndLimit() throws {
        let search = try run(["books", "list", "--search", "толстой", "--format", "csv"])
        #expect(search.stdout.split(separator: "\r\n").count == 3, "\(search.stdout)")
        let borrower = try run(["books", "list", "--borrower", "анна", "--format", "csv"])
        #expect(borrower.stdout.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[0] } == ["1"])
        let overdue = try run(["books", "list", "--overdue", "--format", "json"])
        #expect(overdue.status == 0)
        #expect(!overdue.stdout.contains(#""id": 5,"#))
        let limited = try run(["--locale", "ru", "books", "list", "--sort", "title", "--limit", "2"])
        #expect(limited.status == 0)
        #expect(try run(["books", "list", "--limit", "0"]).status == 64)
    }
}
