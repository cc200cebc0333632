import Foundation
import Testing

@testable import AlmanacImport

/// The same missing thing has the same exit code: a book, an event, a holiday, a saved setting, a
/// report or a player that is not there is exit 66 in every command, with one line that names it,
/// in English and Russian, and the database is left as it was.
@Suite struct UnknownNameCommandTests {
    struct Case: CustomStringConvertible, Sendable {
        let arguments: [String]
        let english: String
        let russian: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let holiday = (
        #""nope" is not a holiday (holidays: christmas, hanukkah, new-year, rozhdestvo)"#,
        "«nope» — не праздник (праздники: christmas, hanukkah, new-year, rozhdestvo)"
    )
    static let settings =
        #""Wobble", "Grow tall", "Somersault", "Slide away", "Spin and fade", "Tiny hop", "Снеговик-путешественник""#
    static let setting = (
        #""Nope" is not a saved setting (settings: "# + settings + ")",
        "настройки «Nope» нет (сохранённые настройки: " + settings + ")"
    )
    static let book = (
        "no book with id 999 (see `almanac books list`)", "книги с номером 999 нет (см. `almanac books list`)"
    )
    static let event = (
        "no event with id 999 (list ids with `almanac events agenda --format csv`)",
        "события с номером 999 нет (номера покажет `almanac events agenda --format csv`)"
    )
    static let player = (
        #"no answers from a player named "nobody" (players: "Anna", "Chloé", "Dmitri", "Борис")"#,
        #"нет ответов игрока «nobody» (игроки: "Anna", "Chloé", "Dmitri", "Борис")"#
    )
    static let reports =
        "animation-values, calendar-progress, events-by-day, loans-by-borrower, overdue-books, quiz-missed-flags, quiz-scores"

    static let cases: [Case] = [
        Case(arguments: ["books", "edit", "999", "--title", "Emma"], english: book.0, russian: book.1),
        Case(arguments: ["books", "return", "999"], english: book.0, russian: book.1),
        Case(arguments: ["books", "delete", "999"], english: book.0, russian: book.1),
        Case(arguments: ["events", "show", "999"], english: event.0, russian: event.1),
        Case(arguments: ["events", "edit", "999", "--title", "X"], english: event.0, russian: event.1),
        Case(arguments: ["events", "delete", "999", "--yes"], english: event.0, russian: event.1),
        Case(
            arguments: ["calendar", "holiday", "edit", "nope", "--title", "X"], english: holiday.0, russian: holiday.1),
        Case(arguments: ["calendar", "holiday", "delete", "nope", "--yes"], english: holiday.0, russian: holiday.1),
        Case(
            arguments: ["calendar", "door", "set", "nope", "1", "--surprise", "X"], english: holiday.0,
            russian: holiday.1),
        Case(arguments: ["calendar", "door", "delete", "nope", "1"], english: holiday.0, russian: holiday.1),
        Case(arguments: ["animation", "edit", "Nope", "--set", "opacity=1"], english: setting.0, russian: setting.1),
        Case(arguments: ["animation", "step", "Nope", "opacity", "+1"], english: setting.0, russian: setting.1),
        Case(arguments: ["animation", "delete", "Nope", "--yes"], english: setting.0, russian: setting.1),
        Case(arguments: ["animation", "rename", "Nope", "Other"], english: setting.0, russian: setting.1),
        Case(arguments: ["calendar", "show", "nope"], english: holiday.0, russian: holiday.1),
        Case(arguments: ["calendar", "select", "nope"], english: holiday.0, russian: holiday.1),
        Case(arguments: ["calendar", "open", "nope", "1"], english: holiday.0, russian: holiday.1),
        Case(arguments: ["calendar", "reset", "nope", "--yes"], english: holiday.0, russian: holiday.1),
        Case(arguments: ["animation", "timeline", "Nope"], english: setting.0, russian: setting.1),
        Case(arguments: ["animation", "play", "Nope"], english: setting.0, russian: setting.1),
        Case(
            arguments: ["report", "run", "nope"],
            english: #"no report named "nope" (there are: "# + reports + "; see `almanac report list`)",
            russian: "отчёта «nope» нет (есть: " + reports + "; см. `almanac report list`)"),
        Case(arguments: ["quiz", "scores", "--player", "nobody"], english: player.0, russian: player.1),
        Case(arguments: ["quiz", "missed", "--player", "nobody"], english: player.0, russian: player.1),
        Case(arguments: ["quiz", "missed", "--pairs", "--player", "nobody"], english: player.0, russian: player.1),
    ]

    @Test(arguments: cases)
    func anUnknownNameIsMissingInput(_ unknown: Case) throws {
        let dir = try Workdir.sampleSource()
        let before = try ["almanac.db", "almanac.db-wal"].map { try FileState.digest(dir.path($0)) }
        for (locale, prefix, message) in [
            ("en", "almanac: error: ", unknown.english), ("ru", "almanac: ошибка: ", unknown.russian),
        ] {
            let out = try dir.run(
                ["--db", "almanac.db", "--today", "2025-12-22", "--locale", locale] + unknown.arguments)
            #expect(out.status == 66, "\(unknown) (\(locale)): \(out.stderr)")
            #expect(out.stderr == prefix + message + "\n")
            #expect(out.stdout.isEmpty)
        }
        #expect(try ["almanac.db", "almanac.db-wal"].map { try FileState.digest(dir.path($0)) } == before)
    }

    /// Without any answers or settings, the names are missing too, and the message says there are none.
    @Test func aNameInAnEmptyDatabaseIsMissingInput() throws {
        let dir = try Workdir()
        try dir.initDatabase()
        let properties = Workdir.packageRoot.appendingPathComponent("SampleData/animation-properties.csv").path
        #expect(
            try dir.run(["--db", "a.db", "import", "animation-properties", properties, "--on-conflict", "skip"]).status
                == 0)
        for (arguments, message) in [
            (
                ["quiz", "scores", "--player", "anna"],
                #"no answers from a player named "anna": no one has played yet (play with `almanac quiz play`)"#
            ),
            (
                ["animation", "timeline", "Wobble"],
                #""Wobble" is not a saved setting, and there are none yet (save one with `almanac animation save NAME --set KEY=VALUE`)"#
            ),
            (
                ["calendar", "show"],
                "there are no holidays yet: import some with `almanac import holidays FILE` and `almanac import doors FILE`"
            ),
        ] {
            let out = try dir.run(["--db", "a.db"] + arguments)
            #expect(out.status == 66, "\(arguments): \(out.stderr)")
            #expect(out.stderr == "almanac: error: " + message + "\n")
        }
    }
}
