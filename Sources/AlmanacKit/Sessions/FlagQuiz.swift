import AlmanacBooks
import AlmanacKinds
import AlmanacOutput
import AlmanacQuiz
import AlmanacStore
import AlmanacText
import AlmanacViews
import Foundation

/// The `quiz` commands, as the command line calls them: each opens the database, does its work and
/// returns the text to print.
public enum FlagQuiz {
    /// How many questions `quiz play` asks when `--rounds` is not given.
    public static let defaultRounds = 10

    /// The countries of a database, refusing one with fewer than four (no question can be asked).
    public static func directory(_ database: Database) throws -> CountryDirectory {
        let directory = try CountryDirectory.load(database)
        guard directory.countries.count >= QuestionDealer.minimumCountries else {
            throw AlmanacError(
                .missingInput, "quiz.error.too-few-countries",
                [
                    "path": database.path, "count": String(directory.countries.count),
                    "needed": String(QuestionDealer.minimumCountries),
                ])
        }
        return directory
    }

    /// `quiz question`: the first question of the seed's game. People see the country and the four
    /// numbered flags (and, with `reveal`, the answer), then the seed; a page is titled with the
    /// question; machines get one record with the seed, the generator, the options and the answer.
    public static func question(
        _ settings: Settings, seed: UInt64, reveal: Bool, sovereignOnly: Bool = false,
        renderer: Renderer
    ) throws -> String {
        let database = try Store.openReadOnly(settings.databasePath)
        let directory = try directory(database)
        let codes = try codes(directory, database, sovereignOnly: sovereignOnly)
        return questionText(
            QuizTables(directory: directory, localizer: settings.localizer), codes: codes, seed: seed, reveal: reveal,
            renderer: renderer)
    }

    /// The countries a game asks and offers: every one, or only the states whose flags are their own
    /// (`Sovereignty`) with `--sovereign` or the `quiz.sovereign-only` setting. Fewer than four is
    /// refused: no question can be asked.
    package static func codes(_ directory: CountryDirectory, _ database: Database, sovereignOnly: Bool)
        throws -> [String]
    {
        let only = try sovereignOnly || LibrarySettings.isOn(.quizSovereignOnly, in: database)
        let codes = only ? directory.codes.filter(Sovereignty.isState) : directory.codes
        guard codes.count >= QuestionDealer.minimumCountries else {
            throw AlmanacError(
                .missingInput, "quiz.error.too-few-countries",
                [
                    "path": database.path, "count": String(codes.count),
                    "needed": String(QuestionDealer.minimumCountries),
                ])
        }
        return codes
    }

    /// The text of a seed's first question over `codes` (see `question`), for a directory already loaded.
    public static func questionText(
        _ tables: QuizTables, codes: [String]? = nil, seed: UInt64, reveal: Bool, renderer: Renderer
    ) -> String {
        guard
            let question = QuestionDealer.questions(codes: codes ?? tables.directory.codes, seed: seed, count: 1).first
        else { return "" }
        let t = tables.localizer
        var lines = ""
        if reveal {
            lines +=
                t(
                    "quiz.question.answer",
                    [
                        "number": String(question.answer), "flag": Country.flag(question.country),
                        "country": tables.directory.name(question.country, t.locale),
                    ]) + "\n"
        }
        lines += t("quiz.question.seed", ["seed": String(seed), "generator": SeededRandom.version])
        let prompt = tables.prompt(question)
        return renderer.render(
            Page(
                title: prompt, sections: [.words(prompt), .table(tables.questionOptions(question)), .words(lines)],
                machines: { tables.questionRecord(question, seed: seed) }))
    }

    /// `quiz scores`: every player's (or one player's) points, right and wrong answers, accuracy
    /// and streaks.
    public static func scores(_ settings: Settings, player: String?, renderer: Renderer) throws -> String {
        let database = try Store.openReadOnly(settings.databasePath)
        let answers = try answers(QuizStore(database: database), player: player)
        let tables = QuizTables(directory: try CountryDirectory.load(database), localizer: settings.localizer)
        let chart = Chart.bars(label: "player", value: "accuracy", title: settings.localizer("page.chart.accuracy"))
        return renderer.render(tables.scores(Scoring.scores(answers)), chart: chart)
    }

    /// `quiz missed`: the countries missed most (or, with `pairs`, the most confused pairs), at most
    /// `limit` rows.
    public static func missed(_ settings: Settings, player: String?, pairs: Bool, limit: Int, renderer: Renderer) throws
        -> String
    {
        let database = try Store.openReadOnly(settings.databasePath)
        let answers = try answers(QuizStore(database: database), player: player)
        let tables = QuizTables(directory: try CountryDirectory.load(database), localizer: settings.localizer)
        if pairs {
            let chart = Chart.bars(
                label: "country", value: "confused_times", title: settings.localizer("page.chart.pairs"))
            return renderer.render(tables.pairs(Array(Scoring.confusedPairs(answers).prefix(limit))), chart: chart)
        }
        let chart = Chart.bars(label: "country", value: "missed", title: settings.localizer("page.chart.missed"))
        return renderer.render(tables.missed(Array(Scoring.missedCountries(answers).prefix(limit))), chart: chart)
    }

    /// Every answer, or those of the player named (without regard to case); a name no answer is
    /// recorded under is not found (66), listing the players.
    static func answers(_ store: QuizStore, player: String?) throws -> [QuizAnswer] {
        guard let player else { return try store.answers() }
        let spellings = try store.spellings(of: player)
        guard spellings.isEmpty else { return try store.answers(of: spellings) }
        let players = try store.players()
        guard !players.isEmpty else { throw AlmanacError.notFound("quiz.error.no-players", ["player": player]) }
        throw AlmanacError.notFound(
            "quiz.error.unknown-player",
            ["player": player, "players": players.map { "\"\($0)\"" }.joined(separator: ", ")])
    }

    /// `quiz play`: a game on standard input and output, every answer recorded as it is given.
    /// Single keys when standard input and output are a terminal, one answer per line otherwise.
    public static func play(
        _ settings: Settings, seed: UInt64, rounds: Int, player: String, sovereignOnly: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let database = try Store.open(settings.databasePath)
        let directory = try directory(database)
        let codes = try codes(directory, database, sovereignOnly: sovereignOnly)
        let store = QuizStore(database: database)
        // A returning player is recorded as before, whatever the case typed (`anna` plays as `Anna`).
        let player = try store.spellings(of: player).first ?? player
        guard
            let session = QuizSession(
                codes: codes, seed: seed, rounds: rounds, player: player,
                session: QuizStore.newSession(seed: seed))
        else { return }
        let styling = Styling(
            choice: settings.color, isTerminal: Terminal.standardOutput(environment: environment).isTerminal,
            environment: environment)
        let screen = QuizScreen(
            tables: QuizTables(directory: directory, localizer: settings.localizer), styling: styling)
        // Single keys only when the player can see the screen too: `quiz play > log` reads lines.
        let mode: QuizConsole.Mode =
            RawMode.isTerminal(STDIN_FILENO) && RawMode.isTerminal(STDOUT_FILENO) ? .keys : .lines
        // Answers are dated like every record: the clock's time on the --today day.
        try QuizConsole(session: session, screen: screen, mode: mode, clock: { settings.now() }, record: store.record)
            .play()
    }

    /// The player a game is recorded for: the name given (spaces around it removed), else `$USER`,
    /// else `player`. An empty name is refused.
    public static func player(_ given: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> String
    {
        guard let given else { return QuizStore.defaultPlayer(environment: environment) }
        let name = given.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw AlmanacError(.usage, "quiz.error.empty-player") }
        return name
    }
}
