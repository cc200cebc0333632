import AlmanacOutput
import Foundation
import Testing

/// A holiday with a first day (`--starts`) opens door N from day N on, in the commands' zone, besides
/// in order; the refusal says the day it opens (en, ru); test mode opens any; a holiday without a first
/// day opens as before; `serve` applies the same rule.
@Suite struct AdventByDateTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase("a.db")
        #expect(
            try dir.run([
                "--db", "a.db", "calendar", "holiday", "add", "advent", "--title", "Advent", "--starts", "2026-12-01",
            ]).status == 0)
        #expect(try dir.run(["--db", "a.db", "calendar", "holiday", "add", "plain", "--title", "Plain"]).status == 0)
        for key in ["advent", "plain"] {
            for door in 1...5 {
                let set = try dir.run([
                    "--db", "a.db", "calendar", "door", "set", key, String(door), "--surprise", "Gift \(door)",
                ])
                #expect(set.status == 0, "\(set.stderr)")
            }
        }
    }

    func open(_ key: String, _ door: Int, on day: String, _ more: [String] = []) throws -> Workdir.Output {
        try dir.run(
            ["--db", "a.db", "--today", day, "--color", "never"] + more + ["calendar", "open", key, String(door)])
    }

    @Test func doorThreeOpensOnDayThreeAndNotBefore() throws {
        #expect(
            try open("advent", 1, on: "2026-11-30").stderr
                == "almanac: error: Door 1 is not ready: it opens on Tue 1 Dec\n")
        #expect(try open("advent", 1, on: "2026-12-01").status == 0)
        #expect(try open("advent", 2, on: "2026-12-02").status == 0)
        let early = try open("advent", 3, on: "2026-12-02")
        #expect(early.status == 65)
        #expect(early.stderr == "almanac: error: Door 3 is not ready: it opens on Thu 3 Dec\n", "\(early.stderr)")
        let russian = try open("advent", 3, on: "2026-12-02", ["--locale", "ru"])
        #expect(russian.status == 65)
        #expect(
            russian.stderr.hasPrefix("almanac: ошибка: Дверцу 3 пока рано открывать: она откроется "),
            "\(russian.stderr)")
        #expect(russian.stderr.contains("3 дек"), "\(russian.stderr)")
        #expect(
            !(try dir.run(["--db", "a.db", "calendar", "show", "advent", "--format", "csv"]).stdout.contains("Gift 3")),
            "nothing opened")
        let opened = try open("advent", 3, on: "2026-12-03")
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.contains("Gift 3"))
        // Its day has come but not its turn: the order still holds.
        #expect(try open("advent", 5, on: "2026-12-20").stderr.contains("open door 4 first"))
    }

    @Test func testModeOpensAnyDoorAndAPlainHolidayIgnoresTheDate() throws {
        #expect(try dir.run(["--db", "a.db", "calendar", "test-mode", "on"]).status == 0)
        #expect(try open("advent", 5, on: "2026-11-01").status == 0)
        #expect(try dir.run(["--db", "a.db", "calendar", "test-mode", "off"]).status == 0)
        for door in 1...3 { #expect(try open("plain", door, on: "2026-11-01").status == 0) }
        #expect(try open("plain", 5, on: "2026-11-01").stderr.contains("Door 5 is not ready: open door 4 first"))
    }

    /// "Today" is the day in `--tz`: UTC+14 and UTC-11 are always a day or more apart.
    @Test func theDayIsTheOneInTheCommandsZone() throws {
        func today(in zone: String) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone)!
            let parts = calendar.dateComponents([.year, .month, .day], from: Date())
            return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        }
        let west = today(in: "Pacific/Niue")
        #expect(try dir.run(["--db", "a.db", "calendar", "holiday", "edit", "advent", "--starts", west]).status == 0)
        #expect(try dir.run(["--db", "a.db", "--tz", "Pacific/Niue", "calendar", "open", "advent", "1"]).status == 0)
        let refused = try dir.run(["--db", "a.db", "--tz", "Pacific/Niue", "calendar", "open", "advent", "2"])
        #expect(refused.status == 65 && refused.stderr.contains("it opens on"), "\(refused.stderr)")
        let opened = try dir.run(["--db", "a.db", "--tz", "Pacific/Kiritimati", "calendar", "open", "advent", "2"])
        #expect(opened.status == 0, "\(opened.stderr)")
    }

    @Test func showSaysTheDaysAndTheFirstDayTravelsThroughExportAndImport() throws {
        let show = try dir.run(["--db", "a.db", "--today", "2026-12-02", "calendar", "show", "advent"])
        #expect(
            show.stdout.hasPrefix("Door 1 opens on Tue 1 Dec, door N on day N (door 24 on Thu 24 Dec).\n"),
            "\(show.stdout)")
        #expect(!(try dir.run(["--db", "a.db", "calendar", "show", "plain"]).stdout.contains("opens on")))
        let exported = try dir.run(["--db", "a.db", "export", "holidays"]).stdout
        #expect(exported.hasPrefix("key,title,color,image,greeting,first_day\n"), "\(exported)")
        #expect(exported.contains("advent,Advent,,,,2026-12-01\n") && exported.contains("plain,Plain,,,,\n"))
        try dir.initDatabase("b.db")
        try dir.write("holidays.csv", exported)
        #expect(try dir.run(["--db", "b.db", "import", "holidays", "holidays.csv"]).status == 0)
        #expect(try dir.run(["--db", "b.db", "export", "holidays"]).stdout == exported)
        try dir.write("bad.csv", "key,title,first_day\nx,X,2026-13-01\n")
        let bad = try dir.run(["--db", "b.db", "import", "holidays", "bad.csv"])
        #expect(bad.status == 65 && bad.stderr.contains("bad.csv:2:5: error: column \"first_day\""), "\(bad.stderr)")
        let json = try dir.run([
            "--db", "a.db", "calendar", "holiday", "edit", "advent", "--starts", "", "--format", "json",
        ])
        #expect(json.status == 0 && json.stdout.contains("\"starts_on\": null"), "\(json.stdout)")
    }

    @Test func serveRefusesADoorBeforeItsDay() throws {
        try dir.initDatabase("almanac.db")
        for arguments in [
            ["calendar", "holiday", "add", "advent", "--title", "Advent", "--starts", "2025-12-23"],
            ["calendar", "door", "set", "advent", "1", "--surprise", "One"],
            ["calendar", "door", "set", "advent", "2", "--surprise", "Two"],
            ["calendar", "door", "set", "advent", "3", "--surprise", "Three"],
        ] {
            #expect(try dir.run(["--db", "almanac.db"] + arguments).status == 0)
        }
        let server = try RunningServer(dir, [])  // today is 2025-12-24: day 2
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let token = try #require(RunningServer.token(in: try server.get("/calendar/advent").body))
        for door in [1, 2] {
            let opened = try server.request(
                "POST", "/calendar/advent/open", headers: form, body: "csrf=\(token)&door=\(door)")
            #expect(opened.status == 303, "door \(door)")
        }
        let refused = try server.request("POST", "/calendar/advent/open", headers: form, body: "csrf=\(token)&door=3")
        #expect(refused.status == 409)
        #expect(
            refused.body.contains(HTMLText.escaped("Door 3 is not ready: it opens on Thu 25 Dec")),
            "\(refused.body.suffix(600))")
        #expect(server.stop() == 0)
    }
}
