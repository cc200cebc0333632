import Foundation
import Testing

/// The years 0001 to 9999 at their edges, through the binary. A range of days that would run before
/// 0001-01-01 or past 9999-12-31 is cut there, with a note saying so (the agenda, the cards and the
/// site were refused, naming a `--to` nobody gave), and so is a report's day counted from today;
/// `local_date()` refuses an instant whose day in the zone is outside the years (it answered
/// 0000-12-31 and 10000-01-01); an instant whose day in the zone is in year 0 or 10000 is shown as
/// stored, never as year "1".
@Suite struct YearEdgeCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase()
        for (title, at) in [
            ("First", "0001-01-01T00:30:00Z"), ("Last", "9999-12-31T23:30:00Z"), ("Eve", "9999-12-30T12:00:00Z"),
        ] {
            let out = try dir.run(["--db", "a.db", "--tz", "UTC", "events", "add", "--title", title, "--at", at])
            try #require(out.status == 0, "\(out.stderr)")
        }
    }

    func run(_ arguments: [String], locale: String = "en") throws -> Workdir.Output {
        try dir.run(["--db", "a.db", "--locale", locale] + arguments)
    }

    static let note = (
        en: "almanac: note: the days end at 9999-12-31, the last day a date can be\n",
        ru: "almanac: примечание: дни кончаются 9999-12-31 — это последний день, какой может быть у даты\n"
    )
    static let firstNote = (
        en: "almanac: note: the days begin at 0001-01-01, the first day a date can be\n",
        ru: "almanac: примечание: дни начинаются 0001-01-01 — это первый день, какой может быть у даты\n"
    )

    /// A week from 9999-12-30 is two days, with the note; the events of those days are there.
    @Test(arguments: [
        ["events", "agenda"], ["events", "cards"], ["events", "agenda", "--days", "30"],
        ["events", "agenda", "--from", "9999-12-27"], ["events", "agenda", "--format", "json"],
        ["events", "agenda", "--to", "today+5"], ["events", "agenda", "--from", "today-3", "--to", "today+3000000"],
        ["events", "cards", "--from", "today+1"],
    ])
    func aRangePastTheLastDayEndsThereWithANote(_ command: [String]) throws {
        for (locale, note) in [("en", Self.note.en), ("ru", Self.note.ru)] {
            let out = try run(["--today", "9999-12-30", "--tz", "UTC"] + command, locale: locale)
            #expect(out.status == 0, "\(command): \(out.stderr)")
            #expect(out.stderr == note, "\(command)")
            #expect(out.stdout.contains("Last"), "\(command): \(out.stdout)")
        }
    }

    /// A range counted back past 0001-01-01 begins there, with the note.
    @Test(arguments: [
        ["events", "agenda", "--from", "today-5"], ["events", "cards", "--from", "today-400", "--days", "3"],
        ["events", "agenda", "--from", "today-9", "--to", "today-7"],
    ])
    func aRangeBeforeTheFirstDayBeginsThereWithANote(_ command: [String]) throws {
        for (locale, note) in [("en", Self.firstNote.en), ("ru", Self.firstNote.ru)] {
            let out = try run(["--today", "0001-01-02", "--tz", "UTC"] + command, locale: locale)
            #expect(out.status == 0, "\(command): \(out.stderr)")
            #expect(out.stderr == note, "\(command)")
            #expect(out.stdout.contains("First"), "\(command): \(out.stdout)")
        }
    }

    @Test func aRangeThatFitsHasNoNote() throws {
        let out = try run(["--today", "9999-12-24", "--tz", "UTC", "events", "agenda"])
        #expect(out.status == 0 && out.stderr == "", "\(out.stderr)")
        #expect(out.stdout.contains("Eve") && !out.stdout.contains("Last"))
    }

    /// A day the user wrote outside the years is still their mistake, named as theirs; a count of
    /// days too large to be one (it trapped on an overflow, exit 132) too.
    @Test(arguments: [
        ("--to", "10000-01-01"), ("--from", "0000-12-31"), ("--from", "today--9223372036854775808"),
        ("--to", "today+99999999999"),
    ])
    func aDayWrittenOutsideTheYearsIsRefusedNamingIt(_ option: String, _ value: String) throws {
        let out = try run(["--today", "9999-12-30", "events", "agenda", option, value])
        #expect(out.status == 64)
        #expect(
            out.stderr
                == "almanac: error: \(option): \"\(value)\" is not a day (expected YYYY-MM-DD, today, today+N or today-N)\n",
            "\(out.stderr)")
    }

    /// A report's day counted from today past the years is cut there, with a note naming it.
    @Test func aReportsDayPastTheYearsIsCutWithANote() throws {
        let out = try run([
            "--today", "0001-01-02", "--tz", "UTC", "report", "run", "events-by-day", "--param", "from=today-30",
            "--format", "csv",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(
            out.stderr
                == "almanac: note: from=today-30 is before 0001-01-01, the first day a date can be; 0001-01-01 is used\n"
        )
        #expect(out.stdout.contains("0001-01-01"), "\(out.stdout)")
        let russian = try run(
            ["--today", "9999-12-30", "--tz", "UTC", "report", "run", "events-by-day", "--param", "from=today+3"],
            locale: "ru")
        #expect(russian.status == 0, "\(russian.stderr)")
        #expect(
            russian.stderr
                == "almanac: примечание: from=today+3 — позже 9999-12-31, последнего дня, какой может быть у даты; взято 9999-12-31\n"
        )
        let trap = try run(["report", "run", "events-by-day", "--param", "from=today--9223372036854775808"])
        #expect(trap.status == 64, "\(trap.stderr)")
    }

    @Test func theSiteIsMadeWithTheNote() throws {
        let out = try run(["--today", "9999-12-30", "--tz", "UTC", "site", "public"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.hasPrefix(Self.note.en), "\(out.stderr)")
        let agenda = try String(contentsOfFile: dir.path("public/events-agenda.html"), encoding: .utf8)
        #expect(agenda.contains("Last") && agenda.contains("Eve"))
    }

    /// `local_date()` of an instant whose day in `--tz` is outside the years is an error (65), east
    /// and west; inside them it answers as before.
    @Test(arguments: [
        ("Asia/Tokyo", "9999-12-31T23:00:00Z", "10000-01-01"),
        ("America/New_York", "0001-01-01T01:00:00Z", "0000-12-31"),
        ("Pacific/Kiritimati", "9999-12-31T10:00:00Z", "10000-01-01"),
    ])
    func localDateRefusesADayOutsideTheYears(_ zone: String, _ instant: String, _ day: String) throws {
        let out = try run(["--tz", zone, "query", "SELECT local_date('\(instant)') AS day", "--format", "csv"])
        #expect(out.status == 65)
        #expect(
            out.stderr
                == "almanac: error: query: \(TestStore.engine) cannot run the SQL: local_date('\(instant)'): in \(zone) "
                + "that is \(day), outside the years 0001 to 9999 (\(TestStore.engine) error "
                + (TestStore.isPostgres ? "ALM01" : "1") + ")\n", "\(out.stderr)")
        let russian = try run(["--tz", zone, "query", "SELECT local_date('\(instant)') AS day"], locale: "ru")
        #expect(
            russian.stderr.contains("local_date('\(instant)'): в \(zone) это \(day), вне годов 0001–9999"),
            "\(russian.stderr)")
        let inside = try run(["--tz", "UTC", "query", "SELECT local_date('\(instant)') AS day", "--format", "csv"])
        #expect(inside.status == 0 && inside.stdout == "day\r\n" + instant.prefix(10) + "\r\n", "\(inside.stderr)")
    }

    /// The first event is on 0000-12-31 in New York: shown there it is the instant as stored, never
    /// year 0 as year "1" (it was "Sun 31 Dec 1 19:33"); in UTC it is shown as ever.
    @Test func anInstantOutsideTheYearsInTheZoneIsShownAsStoredNotAsYearOne() throws {
        for command in [
            ["events", "show", "1"], ["query", "SELECT title, starts_at FROM events"],
            ["events", "agenda", "--from", "0001-01-01"],
        ] {
            for locale in ["en", "ru"] {
                let out = try run(["--tz", "America/New_York", "--today", "0001-01-01"] + command, locale: locale)
                #expect(out.status == 0, "\(command): \(out.stderr)")
                if command[1] != "agenda" {
                    #expect(out.stdout.contains("0001-01-01T00:30:00Z"), "\(command): \(out.stdout)")
                }
                #expect(!out.stdout.contains(" 1 19:") && !out.stdout.contains(" 1 г."), "\(command): \(out.stdout)")
            }
        }
        let utc = try run(["--tz", "UTC", "events", "show", "1"])
        #expect(utc.status == 0 && utc.stdout.contains("Mon 1 Jan 1 00:30"), "\(utc.stdout)")
    }

    /// An all-day event on 9999-12-31 cannot be stored (its end is the next midnight): the refusal
    /// names the option that gave that day, `--at` or `--ends`, and says why, en and ru.
    @Test func anAllDayEventOnTheLastDayIsRefusedNamingTheOptionGiven() throws {
        let out = try run(["events", "add", "--title", "Too late", "--at", "9999-12-31"])
        #expect(out.status == 65, "\(out.stderr)")
        #expect(
            out.stderr
                == "almanac: error: --at \"9999-12-31\" is the last day a date can be: an all-day event lasts until the "
                + "midnight after its last day, and that is past the years the database can hold\n", "\(out.stderr)")
        let ends = try run(
            ["events", "add", "--title", "Too late", "--at", "9999-12-30", "--ends", "9999-12-31"], locale: "ru")
        #expect(ends.status == 65, "\(ends.stderr)")
        #expect(
            ends.stderr
                == "almanac: ошибка: --ends «9999-12-31» — последний день, какой может быть у даты: событие на весь день длится "
                + "до полуночи после последнего дня, а она за пределами годов, которые хранит база\n", "\(ends.stderr)")
    }
}
