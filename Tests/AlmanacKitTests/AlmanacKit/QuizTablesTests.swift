import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacQuiz
@testable import AlmanacText
@testable import AlmanacViews

/// `quiz scores`, `quiz missed` (countries and pairs), `quiz question` and `countries list` over the
/// fixture database, in both languages and all five formats, byte for byte against
/// `Goldens/quiz.VIEW.LANGUAGE.EXT` and `Goldens/countries.list.LANGUAGE.EXT`.
@Suite struct QuizTablesTests {
    static let views = ["quiz.scores", "quiz.missed", "quiz.pairs", "quiz.question", "countries.list"]
    static let formats = OutputFormat.allCases

    static func render(_ view: String, _ language: String, _ format: OutputFormat) throws -> String {
        let settings = FixtureDatabase.settings(language, format: format)
        let renderer = Renderer(settings: settings, terminal: .pipe, environment: [:])
        switch view {
        case "quiz.scores": return try FlagQuiz.scores(settings, player: nil, renderer: renderer)
        case "quiz.missed":
            return try FlagQuiz.missed(settings, player: nil, pairs: false, limit: 10, renderer: renderer)
        case "quiz.pairs": return try FlagQuiz.missed(settings, player: nil, pairs: true, limit: 10, renderer: renderer)
        case "quiz.question": return try FlagQuiz.question(settings, seed: 1, reveal: true, renderer: renderer)
        default:
            let directory = try CountryDirectory.load(Store.openReadOnly(settings.databasePath))
            return renderer.render(directory.listTable(nil, settings.localizer))
        }
    }

    @Test(arguments: views, ["en", "ru"])
    func goldens(_ view: String, _ language: String) throws {
        for format in Self.formats {
            try Golden.check(
                try Self.render(view, language, format), "\(view).\(language).\(Golden.fileExtension(format.rawValue))")
        }
    }

    @Test(arguments: views)
    func machineFormatsDoNotDependOnTheLanguage(_ view: String) throws {
        for format in [OutputFormat.csv, .tsv, .json] {
            let english = try Self.render(view, "en", format)
            let russian = try Self.render(view, "ru", format)
            if view == "countries.list" {
                // The same rows, in each language's alphabetical order of the names.
                #expect(english != russian)
                func rows(_ text: String) -> [String] {
                    text.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map {
                        String($0.hasSuffix(",") ? $0.dropLast() : $0)
                    }.sorted()
                }
                #expect(rows(english) == rows(russian), "\(format)")
            } else {
                #expect(english == russian, "\(view) \(format)")
            }
        }
    }

    @Test(arguments: ["quiz.scores", "quiz.missed", "quiz.pairs", "countries.list"])
    func tablesLineUp(_ view: String) throws {
        for language in ["en", "ru"] {
            let lines = try Self.render(view, language, .table).split(separator: "\n").dropLast()
            #expect(Set(lines.map { DisplayWidth.of($0) }).count == 1, "\(view) \(language)")
        }
    }

    @Test func scoresOfOnePlayerAndMissedFlagsOfOnePlayer() throws {
        let settings = FixtureDatabase.settings("en", format: .csv)
        let renderer = Renderer(settings: settings, terminal: .pipe, environment: [:])
        #expect(
            try FlagQuiz.scores(settings, player: "Kenji", renderer: renderer)
                == "player,points,right_answers,wrong_answers,accuracy,best_streak,current_streak,last_answered_at\r\n"
                + "Kenji,0,2,2,0.5,1,1,2025-12-19T09:03:00Z\r\n")
        #expect(
            try FlagQuiz.missed(settings, player: "Kenji", pairs: true, limit: 1, renderer: renderer)
                == "country,confused_with,confused_times\r\nDE,FR,1\r\n")
        #expect(
            try FlagQuiz.scores(settings, player: "kenji", renderer: renderer).hasSuffix(
                "\r\nKenji,0,2,2,0.5,1,1,2025-12-19T09:03:00Z\r\n"))
        let unknown = #expect(throws: AlmanacError.self) {
            try FlagQuiz.scores(settings, player: "nobody", renderer: renderer)
        }
        #expect(unknown?.failure == .missingInput && unknown?.key == "quiz.error.unknown-player")
    }

    @Test func aQuestionNeedsFourCountries() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "almanac-quiz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("few.db").path
        try Store.create(path).execute(
            "INSERT INTO countries (code, name) VALUES ('DE', 'Germany'), ('FR', 'France'), ('IT', 'Italy')")
        let settings = Settings(databasePath: path, today: FixtureDatabase.today)
        let error = #expect(throws: AlmanacError.self) {
            try FlagQuiz.question(
                settings, seed: 1, reveal: false, renderer: Renderer(format: .table, localizer: .english))
        }
        #expect(error?.key == "quiz.error.too-few-countries" && error?.failure == .missingInput)
        #expect(error?.arguments["count"] == "3")
    }
}
