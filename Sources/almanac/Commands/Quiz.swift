import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import AlmanacQuiz
import AlmanacText
import Foundation

/// `almanac quiz question | play | scores | missed`: the flag quiz.
struct Quiz: Command {
    static let configuration = CommandConfiguration(
        "quiz",
        abstract: localized("help.quiz.abstract"),
        discussion: localized("help.quiz.discussion"),
        subcommands: [Question.self, Play.self, Scores.self, Missed.self]
    )

    /// `almanac quiz question [--seed N]`.
    struct Question: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "question",
            abstract: localized("help.quiz.question.abstract"),
            discussion: localized("help.quiz.question.discussion"))

        static let examples = [
            Example("almanac quiz question --seed 42", "example.quiz.question.seed"),
            Example("almanac quiz question --seed 42 --format json", "example.quiz.question.json"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let seed: UInt64?
        let reveal: Bool
        let sovereign: Bool

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            seed = line.option("--seed", value: "n", help: "help.quiz.seed")
            reveal = line.flag("--reveal", help: "help.quiz.question.reveal")
            sovereign = line.flag("--sovereign", help: "help.quiz.play.sovereign")
        }

        func run() throws {
            let settings = try page.settings(global, "quiz.question")
            let text = try FlagQuiz.question(
                settings, seed: try Quiz.seed(seed), reveal: reveal, sovereignOnly: sovereign,
                renderer: page.renderer(settings))
            try page.write(settings, text)
        }
    }

    /// `almanac quiz play [--seed N] [--rounds N] [--player P]`.
    struct Play: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "play",
            abstract: localized("help.quiz.play.abstract"),
            discussion: localized("help.quiz.play.discussion"))

        /// Without a terminal the answers are read a line at a time; the tests' standard input is empty.
        static let examples = [
            Example("almanac quiz play", "example.quiz.play.terminal"),
            Example("almanac quiz play --seed 42 --rounds 5 --player anna < answers.txt", "example.quiz.play.scripted"),
            Example(
                "almanac quiz play --sovereign --seed 42 --rounds 5 --player anna < answers.txt",
                "example.quiz.play.sovereign"),
        ]

        static let formats = FormatOption.text

        let global: GlobalOptions
        let seed: UInt64?
        let rounds: Int
        let player: String?
        let sovereign: Bool

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            seed = line.option("--seed", value: "n", help: "help.quiz.seed")
            rounds = line.option("--rounds", value: "n", help: "help.quiz.play.rounds", default: FlagQuiz.defaultRounds)
            player = line.option("--player", value: "name", help: "help.quiz.play.player")
            sovereign = line.flag("--sovereign", help: "help.quiz.play.sovereign")
        }

        func run() throws {
            let settings = try global.settings()
            guard rounds >= 1 else { throw AlmanacError(.usage, "quiz.error.rounds", ["value": String(rounds)]) }
            try FlagQuiz.play(
                settings, seed: try Quiz.seed(seed), rounds: rounds, player: try FlagQuiz.player(player),
                sovereignOnly: sovereign)
        }
    }

    /// `almanac quiz scores`.
    struct Scores: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "scores",
            abstract: localized("help.quiz.scores.abstract"),
            discussion: localized("help.quiz.scores.discussion"))

        static let examples = [
            Example("almanac quiz scores", "example.quiz.scores.all"),
            Example("almanac quiz scores --player Anna", "example.quiz.scores.player"),
            Example("almanac quiz scores --format html --out scores.html", "example.quiz.scores.html"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let player: String?

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            player = line.option("--player", value: "name", help: "help.quiz.scores.player")
        }

        func run() throws {
            let settings = try page.settings(global, "quiz.scores")
            try page.write(settings, FlagQuiz.scores(settings, player: player, renderer: page.renderer(settings)))
        }
    }

    /// `almanac quiz missed [--pairs]`.
    struct Missed: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "missed",
            abstract: localized("help.quiz.missed.abstract"),
            discussion: localized("help.quiz.missed.discussion"))

        static let examples = [
            Example("almanac quiz missed", "example.quiz.missed.flags"),
            Example("almanac quiz missed --pairs --player anna", "example.quiz.missed.pairs"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let pairs: Bool
        let player: String?
        let limit: Int

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            pairs = line.flag("--pairs", help: "help.quiz.missed.pairs")
            player = line.option("--player", value: "name", help: "help.quiz.missed.player")
            limit = line.option("--limit", value: "n", help: "help.quiz.missed.limit", default: 10)
        }

        func run() throws {
            let settings = try page.settings(global, "quiz.missed")
            guard limit >= 1 else { throw AlmanacError(.usage, "quiz.error.limit", ["value": String(limit)]) }
            let text = try FlagQuiz.missed(
                settings, player: player, pairs: pairs, limit: limit, renderer: page.renderer(settings))
            try page.write(settings, text)
        }
    }

    /// The seed given, checked to fit a JSON integer, or a new random one.
    static func seed(_ given: UInt64?) throws -> UInt64 {
        guard let given else { return QuizStore.newSeed() }
        guard given <= UInt64(Int64.max) else {
            throw AlmanacError(.usage, "quiz.error.seed-too-large", ["value": String(given), "max": String(Int64.max)])
        }
        return given
    }
}
