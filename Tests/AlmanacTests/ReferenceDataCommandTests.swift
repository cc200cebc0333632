import AlmanacKit
import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacSQLite

/// `almanac init` gives a database the quiz and the animations work in: the reference data (249
/// countries, the snowman's 8 properties), nothing else, loaded once; `demo` still fills everything.
@Suite struct ReferenceDataCommandTests {
    let dir: Workdir

    init() throws { dir = try Workdir() }

    static let userTables = [
        "holidays", "doors", "events", "quiz_answers", "animation_settings", "animation_setting_values",
        "books", "overdue_notices", "import_log",
    ]

    func count(_ table: String, _ database: String = "a.db") throws -> String {
        try dir.run(["--db", database, "--format", "csv", "query", "SELECT count(*) FROM \(table)"]).stdout
            .split(separator: "\r\n").last.map(String.init) ?? ""
    }

    @Test func initLoadsTheReferenceDataAndNothingElseOnce() throws {
        try dir.initDatabase()
        #expect(try count("countries") == "249")
        #expect(try count("animation_properties") == "8")
        for table in Self.userTables { #expect(try count(table) == "0", "\(table)") }
        let dump = [
            "--db", "a.db", "--format", "csv", "query",
            "SELECT code, name, alpha3, CAST(numeric AS text) FROM countries "
                + "UNION ALL SELECT key, label, CAST(min AS text), CAST(max AS text) FROM animation_properties",
        ]
        let before = try dir.run(dump).stdout
        #expect(before.split(separator: "\r\n").count == 1 + 249 + 8, "\(before.prefix(200))")
        let again = try dir.run(["--db", "a.db", "init"])
        #expect(again.status == 0)
        #expect(
            again.stdout
                == "\(dir.shown("a.db")) is up to date (schema version \(DatabaseMigrator.builtIn.latestVersion))\n"
                + "The reference data is there already: nothing changed\n")
        #expect(try dir.run(dump).stdout == before)
        let russian = try dir.run(["--db", "b.db", "--locale", "ru", "init"])
        #expect(
            russian.stdout.hasSuffix("Загружены справочные данные: 249 стран и 8 свойств снеговика\n"),
            "\(russian.stdout)")
        let ruAgain = try dir.run(["--db", "b.db", "--locale", "ru", "init"])
        #expect(ruAgain.stdout.hasSuffix("Справочные данные уже на месте: ничего не изменилось\n"))
    }

    @Test func theQuizWorksRightAfterInit() throws {
        try dir.initDatabase()
        let question = try dir.run(["--db", "a.db", "quiz", "question", "--seed", "7"])
        #expect(question.status == 0, "\(question.stderr)")
        #expect(question.stdout.hasPrefix("Find the flag of "))
        let russian = try dir.run([
            "--db", "a.db", "--locale", "ru", "--format", "json", "quiz", "question", "--seed", "7",
        ])
        #expect(russian.status == 0 && russian.stdout.contains("\"seed\": 7"), "\(russian.stdout)")
        let play = try dir.run(
            [
                "--db", "a.db", "--today", "2025-12-22", "quiz", "play", "--seed", "7", "--rounds", "2", "--player",
                "Anna",
            ],
            input: "1\n2\n")
        #expect(play.status == 0, "\(play.stderr)")
        #expect(try count("quiz_answers") == "2")
        let scores = try dir.run(["--db", "a.db", "--format", "csv", "quiz", "scores"])
        #expect(scores.status == 0 && scores.stdout.contains("Anna"), "\(scores.stdout)")
    }

    @Test func theAnimationsWorkRightAfterInit() throws {
        try dir.initDatabase()
        let properties = try dir.run(["--db", "a.db", "animation", "properties"])
        #expect(properties.status == 0 && properties.stdout.hasSuffix("8 properties\n"), "\(properties.stdout)")
        let saved = try dir.run([
            "--db", "a.db", "animation", "save", "Hop", "--set", "vertical_position=-40", "--set", "duration=1",
        ])
        #expect(saved.status == 0, "\(saved.stderr)")
        let timeline = try dir.run(["--db", "a.db", "--format", "csv", "animation", "timeline", "Hop", "--fps", "2"])
        #expect(timeline.status == 0, "\(timeline.stderr)")
        #expect(timeline.stdout.split(separator: "\r\n").count == 4, "\(timeline.stdout)")
        let russian = try dir.run(["--db", "a.db", "--locale", "ru", "animation", "settings"])
        #expect(russian.status == 0 && russian.stdout.contains("Hop"), "\(russian.stdout)")
    }

    @Test func theSampleDataImportsOverTheReferenceData() throws {
        try dir.initDatabase()
        let sample = Workdir.packageRoot.appendingPathComponent("SampleData").path
        let out = try dir.run(["--db", "a.db", "--today", "2025-12-22", "import", sample])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try count("countries") == "249")
        #expect(try count("animation_properties") == "8")
        let name = try dir.run([
            "--db", "a.db", "--format", "csv", "query", "SELECT name FROM countries WHERE code = 'AG'",
        ]).stdout
        #expect(name.hasSuffix("Antigua and Barbuda\r\n"), "the sample's name replaced the reference one: \(name)")
    }

    @Test func demoStillFillsEverything() throws {
        try dir.demoDatabase()
        for (table, rows) in [
            ("countries", "249"), ("animation_properties", "8"), ("holidays", "4"), ("doors", "96"),
            ("events", "43"), ("quiz_answers", "71"), ("animation_settings", "7"), ("books", "23"),
        ] {
            #expect(try count(table, "almanac.db") == rows, "\(table)")
        }
    }
}
