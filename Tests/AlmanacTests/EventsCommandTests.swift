import AlmanacKit
import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacText

/// `almanac events agenda | show | cards | add` as a user runs them: the built binary on a database
/// loaded with the sample events.
@Suite struct EventsCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.prepared("sample events", as: "a.db") { template in
            try template.initDatabase("made.db")
            let sample = Workdir.packageRoot.appendingPathComponent("SampleData/events.csv").path
            let imported = try template.run(["--db", "made.db", "import", "events", sample])
            try #require(imported.status == 0, "\(imported.stderr)")
        }
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Workdir.Output {
        try dir.run(["--db", "a.db", "--today", "2025-12-22"] + arguments, environment: environment)
    }

    @Test func theAgendaIsTheWeekFromTodayGroupedByDay() throws {
        let out = try run(["events", "agenda", "--tz", "Europe/Berlin"])
        #expect(out.status == 0, "\(out.stderr)")
        let headings = out.stdout.split(separator: "\n").filter {
            $0.hasPrefix("│ ") && !$0.contains("┬") && $0.split(separator: "│").count == 1
        }
        #expect(
            headings.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }
                == ["Mon 22 Dec", "Tue 23 Dec", "Wed 24 Dec", "Thu 25 Dec", "Fri 26 Dec", "Sat 27 Dec", "Sun 28 Dec"])
        #expect(out.stdout.contains("│ 16:30–18:00 │ Gift wrapping party "))
        #expect(out.stdout.hasSuffix("\n14 events\n"))
    }

    /// The same instants on other days: Moscow's 19:00 rehearsal is on the 23rd in Tokyo.
    @Test func daysFollowTheTimeZone() throws {
        func days(_ zone: String) throws -> [String: [Int]] {
            let out = try run([
                "events", "agenda", "--from", "2025-12-22", "--days", "2", "--format", "csv", "--tz", zone,
            ])
            #expect(out.status == 0, "\(out.stderr)")
            var result: [String: [Int]] = [:]
            for line in out.stdout.split(separator: "\r\n").dropFirst() {
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                result[String(fields[0]), default: []].append(Int(fields[1])!)
            }
            return result
        }
        #expect(try days("UTC") == ["2025-12-22": [21, 22, 23], "2025-12-23": [24, 25]])
        #expect(try days("Asia/Tokyo") == ["2025-12-22": [20, 21], "2025-12-23": [22, 23, 24]])
        #expect(try days("Europe/Berlin") == days("Europe/Paris"))
        #expect(
            try run(["events", "agenda", "--days", "2", "--format", "csv"], environment: ["TZ": "Asia/Tokyo"]).stdout
                == run(["events", "agenda", "--days", "2", "--format", "csv", "--tz", "Asia/Tokyo"]).stdout)
    }

    @Test func aPartyOverMidnightIsOnBothDaysAndAConcertEndingAtMidnightIsNot() throws {
        let party = try run([
            "events", "agenda", "--from", "2025-12-31", "--to", "2026-01-01", "--tz", "Europe/Berlin", "--format",
            "json",
        ])
        #expect(
            party.stdout.contains(
                #"{"day": "2025-12-31", "id": 40, "starts_at": "2025-12-31T20:00:00Z", "ends_at": "2026-01-01T01:00:00Z", "all_day": false, "title": "New Year's Eve party", "person": "Friends", "image": "party.png", "continuation": "continues"}"#
            ))
        #expect(party.stdout.contains(#"{"day": "2026-01-01", "id": 40,"#))
        #expect(party.stdout.contains(#""continuation": "continued"}"#))
        let concert = try run([
            "events", "agenda", "--from", "2025-12-20", "--days", "2", "--tz", "Europe/Berlin", "--format", "csv",
        ])
        #expect(
            concert.stdout.split(separator: "\r\n").filter { $0.contains(",18,") }.map { $0.prefix(10) } == [
                "2025-12-20"
            ])
    }

    @Test func anEmptyRangeSaysSoAndSucceeds() throws {
        let out = try run(["events", "agenda", "--from", "2026-02-01"])
        #expect(out.status == 0)
        #expect(out.stdout == "No events from Sun 1 Feb 2026 to Sat 7 Feb 2026.\n")
        let russian = try run(["events", "agenda", "--from", "2026-02-01", "--days", "1", "--locale", "ru"])
        #expect(russian.stdout == "Событий нет: Вс, 1 февр. 2026.\n")
        #expect(try run(["events", "agenda", "--from", "2026-02-01", "--format", "json"]).stdout == "[]\n")
    }

    @Test func showPrintsOneEventInFull() throws {
        let out = try run(["events", "show", "22", "--tz", "Europe/Berlin"])
        #expect(out.status == 0)
        #expect(
            out.stdout == """
                Gift wrapping party
                  Person: Chloé Martin
                  When:   Mon 22 Dec 16:30–18:00
                  Image:  wrapping.png

                Bring scissors, tape and the gifts. Paper is on us. Mulled wine at six?

                """)
        let missing = try run(["events", "show", "999"])
        #expect(missing.status == 66)
        #expect(
            missing.stderr
                == "almanac: error: no event with id 999 (list ids with `almanac events agenda --format csv`)\n")
        #expect(try run(["events", "show", "abc"]).status == 64)
    }

    @Test func cardsFillColumnsOrEightyColumns() throws {
        let narrow = try run([
            "events", "cards", "--columns", "3", "--from", "2025-12-22", "--days", "1", "--tz", "Europe/Berlin",
        ])
        #expect(narrow.status == 0, "\(narrow.stderr)")
        let widths = narrow.stdout.split(separator: "\n").map { DisplayWidth.of($0) }
        #expect(widths.max() == 80, "piped without COLUMNS: 80 columns")
        let wide = try run(["events", "cards", "--columns", "3", "--days", "1"], environment: ["COLUMNS": "120"])
        #expect(
            wide.stdout.split(separator: "\n").map { DisplayWidth.of($0) }.max() == 3 * 39 + 2,
            "3 cards of 39 columns, 1 apart")
        #expect(try run(["events", "cards", "--columns", "4"]).status == 64)
        let json = try run(["events", "cards", "--days", "1", "--format", "json", "--tz", "Europe/Berlin"])
        #expect(json.stdout.contains(#""info": "Winter tyres and a new wiper blade."}"#))
    }

    @Test func addStoresAnEventByTheImportRules() throws {
        let added = try run([
            "events", "add", "--title", "Carol walk", "--at", "2025-12-23T18:00", "--ends", "2025-12-23 22:00",
            "--person", "St. Mary's", "--tz", "Europe/Berlin",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Added event 44: Carol walk, Tue 23 Dec 18:00–22:00\n")
        let shown = try run(["events", "show", "44", "--format", "csv"])
        #expect(
            shown.stdout
                == "id,title,person,starts_at,ends_at,image,description,location,uid,recurrence,zone,all_day\r\n"
                + "44,Carol walk,St. Mary's,2025-12-23T17:00:00Z,2025-12-23T21:00:00Z,,,,,,,false\r\n"
        )
        let before = try run([
            "events", "add", "--title", "X", "--at", "2025-12-23T18:00+01:00", "--ends", "2025-12-23T18:00+03:00",
        ])
        #expect(before.status == 65)
        #expect(
            before.stderr
                == "almanac: error: --ends \"2025-12-23T18:00+03:00\" (2025-12-23T15:00:00Z) is before --at (2025-12-23T17:00:00Z)\n"
        )
        let unreadable = try run(["events", "add", "--title", "X", "--at", "23 дек 2025 18:00", "--locale", "ru"])
        #expect(unreadable.status == 64)
        #expect(unreadable.stderr.hasPrefix("almanac: ошибка: --at «23 дек 2025 18:00» — не дата и время"))
        #expect(try run(["events", "show", "45"]).status == 66, "nothing was written by the refused adds")
    }

    /// A Japanese or Chinese description's card shows its first sentence, ended by `。`, `！` or `？`.
    @Test func aCardShowsTheFirstSentenceOfAJapaneseOrChineseDescription() throws {
        for (day, description, sentence, locale) in [
            ("2026-01-05", "新年会は七時から。飲み物は各自でお願いします。", "新年会は七時から。", "en"),
            ("2026-01-06", "年夜饭在奶奶家！别迟到。", "年夜饭在奶奶家！", "ru"),
        ] {
            let added = try run([
                "events", "add", "--title", "宴会", "--at", day + "T19:00", "--description", description,
            ])
            #expect(added.status == 0, "\(added.stderr)")
            let json = try run([
                "--locale", locale, "events", "cards", "--from", day, "--days", "1", "--format", "json",
            ]).stdout
            #expect(json.contains(#""title": "宴会""#) && json.contains(#""info": "\#(sentence)"}"#), "\(json)")
            let cards = try run(["--locale", locale, "events", "cards", "--from", day, "--days", "1"]).stdout
            #expect(
                cards.contains(sentence) && !cards.contains(String(description.dropFirst(sentence.count))), "\(cards)")
        }
    }

    @Test func readingCommandsDoNotCreateADatabase() throws {
        let out = try dir.run(["--db", "none.db", "events", "agenda"])
        #expect(out.status == 66)
        #expect(out.stderr == "almanac: error: \(dir.missing("none.db"))\n")
        #expect(!FileManager.default.fileExists(atPath: dir.path("none.db")))
    }

    /// The bench's `--timing`: the agenda on standard output, and on standard error a line of times and
    /// one per step of the query plans, each on a line of its own (Bench/agenda.sh reads them so).
    @Test func timingPrintsOneNotePerLine() throws {
        let out = try run(["events", "agenda", "--timing", "--tz", "Europe/Berlin"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasSuffix("\n14 events\n"))
        let lines = out.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("agenda: 14 rows over 7 days in ") == true, "\(out.stderr)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("plan: ") } && lines.count > 1, "\(out.stderr)")
    }

    @Test func rangeOptionsAreChecked() throws {
        #expect(
            try run(["events", "agenda", "--to", "2025-12-28", "--days", "3"]).stderr
                == "almanac: error: give --to or --days, not both\n")
        #expect(try run(["events", "agenda", "--from", "2025-12-22", "--to", "2025-12-21"]).status == 64)
        #expect(
            try run(["events", "agenda", "--from", "today+1", "--days", "1", "--format", "csv"]).stdout.hasPrefix(
                "day,id"))
    }
}

/// `events list`: every event one row each, in order of start, any days, found by words or person
/// (any part, case and accents aside, ё as е), in every format; a filter that finds nothing says so.
@Suite struct EventListCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.prepared("sample events", as: "a.db") { template in
            try template.initDatabase("made.db")
            let sample = Workdir.packageRoot.appendingPathComponent("SampleData/events.csv").path
            let imported = try template.run(["--db", "made.db", "import", "events", sample])
            try #require(imported.status == 0, "\(imported.stderr)")
        }
    }

    func run(_ arguments: [String]) throws -> Workdir.Output {
        try dir.run(["--db", "a.db", "--today", "2025-12-22", "--tz", "Europe/Berlin", "events", "list"] + arguments)
    }

    func ids(_ arguments: [String]) throws -> [Int] {
        let out = try run(arguments + ["--format", "csv"])
        #expect(out.status == 0, "\(out.stderr)")
        return out.stdout.split(separator: "\r\n").dropFirst().compactMap { Int($0.prefix { $0 != "," }) }
    }

    @Test func everyEventInOrderOfStartAndAnyDays() throws {
        let all = try run(["--format", "csv"])
        let rows = all.stdout.split(separator: "\r\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        #expect(Set(rows.map { Int($0[0]) ?? 0 }) == Set(1...43), "every event, outside this week too")
        #expect(rows.map { String($0[1]) } == rows.map { String($0[1]) }.sorted(), "in order of start")
        // Berlin's New Year: the party still running at midnight is listed; Moscow's night ended at 23:00 Berlin.
        #expect(try ids(["--from", "2026-01-01"]) == [40, 42, 43])
        #expect(try ids(["--to", "2025-12-12"]) == [2, 1], "Moscow's 19:30 is Berlin's 17:30")
        #expect(try ids(["--from", "today+6", "--to", "today+6"]) == [33, 34])
        let backwards = try run(["--from", "2026-01-02", "--to", "2026-01-01"])
        #expect(backwards.status == 64)
        #expect(
            backwards.stderr.contains("2026-01-01") && backwards.stderr.contains("2026-01-02"), "\(backwards.stderr)")
    }

    @Test func searchAndPersonMatchAnyPartCaseAndAccentsAside() throws {
        #expect(try ids(["--search", "елка"]) == [33], "Ёлка в Кремле: ё is е, case aside")
        #expect(try ids(["--person", "chloe"]) == [5, 22, 39])
        #expect(try ids(["--person", "CHLOÉ", "--from", "2025-12-20"]) == [22, 39])
        #expect(try ids(["--search", "raclette"]) == [39], "the description is searched too")
        #expect(try ids(["--person", "raclette"]).isEmpty, "--person looks at the person alone")
    }

    @Test func aFilterThatFindsNothingSaysSoInEnglishAndRussian() throws {
        #expect(try run(["--person", "Nobody"]).stdout == "No events match --person “Nobody”.\n")
        #expect(
            try run(["--from", "2026-02-01", "--search", "zzz", "--locale", "ru"]).stdout
                == "Нет событий, подходящих под --from 2026-02-01 --search «zzz».\n")
        try dir.initDatabase("empty.db")
        #expect(try dir.run(["--db", "empty.db", "events", "list"]).stdout == "No events yet.\n")
        #expect(try dir.run(["--db", "empty.db", "--locale", "ru", "events", "list"]).stdout == "Событий пока нет.\n")
    }

    @Test func theSameFormatsAsEveryListing() throws {
        let table = try run(["--person", "chloe", "--locale", "ru"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("Brunch with Chloé") && table.stdout.hasSuffix("3 события\n"), "\(table.stdout)")
        let csv = try run(["--search", "елка", "--format", "csv"])
        #expect(
            csv.stdout
                == "id,starts_at,ends_at,all_day,title,person\r\n33,2025-12-28T10:00:00Z,2025-12-28T12:00:00Z,false,Ёлка в Кремле,Мособлёлка\r\n",
            "\(csv.stdout)")
        let tsv = try run(["--search", "елка", "--format", "tsv"])
        #expect(tsv.stdout.hasPrefix("id\tstarts_at\tends_at\tall_day\ttitle\tperson\n33\t"), "\(tsv.stdout)")
        let json = try run(["--search", "елка", "--format", "json"])
        #expect(json.stdout.hasPrefix("[\n  {\"id\": 33, \"starts_at\": \"2025-12-28T10:00:00Z\""), "\(json.stdout)")
        let markdown = try run(["--search", "елка", "--format", "markdown"])
        #expect(
            markdown.stdout.contains(
                "|  33 | Sun 28 Dec 11:00 | Sun 28 Dec 13:00 | no      | Ёлка в Кремле | Мособлёлка |"),
            "\(markdown.stdout)")
        let html = try run(["--search", "елка", "--format", "html", "--locale", "ru"])
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>\n<html lang=\"ru\">") && html.stdout.contains("Ёлка в Кремле"))
    }
}
