import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac quiz question | play | scores | missed`: the flag quiz.
struct Quiz: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: localized("help.quiz.abstract"),
        discussion: localized("help.quiz.discussion"),
        subcommands: [Question.self, Play.self, Scores.self, Missed.self]
    )

    /// `almanac quiz question [--seed N]`.
    struct Question: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.quiz.question.abstract"),
            discussion: localized("help.quiz.question.discussion"))

        static let examples = [
            Example("almanac quiz question --seed 42", "example.quiz.question.seed"),
            Example("almanac quiz question --seed 42 --format json", "example.quiz.question.json"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions
        @Option(name: .long, help: ArgumentHelp(localized("help.quiz.seed"), valueName: "n"))
        var seed: UInt64?
        @Flag(name: .long, help: ArgumentHelp(localized("help.quiz.question.reveal")))
        var reveal = false

        func run() throws {
            let settings = try page.settings(global, "quiz.question")
            let text = try FlagQuiz.question(settings, seed: try Quiz.seed(seed), reveal: reveal, renderer: page.renderer(settings))
            try page.write(settings, text)
        }
    }

    /// `almanac quiz play [--seed N] [--rounds N] [--player P]`.
    struct Play: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.quiz.play.abstract"),
            discussion: localized("help.quiz.play.discussion"))

        /// Without a terminal the answers are read a line at a time; the tests' standard input is empty.
        static let examples = [
            Example("almanac quiz play", "example.quiz.play.terminal"),
            Example("almanac quiz play --seed 42 --rounds 5 --player anna < answers.txt", "example.quiz.play.scripted"),
        ]

        static let formats = FormatOption.text

        @OptionGroup var global: GlobalOptions
        @Option(name: .long, help: ArgumentHelp(localized("help.quiz.seed"), valueName: "n"))
        var seed: UInt64?
        @Option(name: .long, help: ArgumentHelp(localized("help.quiz.play.rounds"), valueName: "n"))
        var rounds: Int = FlagQuiz.defaultRounds
        @Option(name: .long, help: ArgumentHelp(localized("help.quiz.play.player"), valueName: "name"))
        var player: String?

        func run() throws {
            let settings = try global.settings()
            guard rounds >= 1 else { throw AlmanacError(.usage, "quiz.error.rounds", ["value": String(rounds)]) }
            try FlagQuiz.play(settings, seed: try Quiz.seed(seed), rounds: rounds, player: try FlagQuiz.player(player))
        }
    }

    /// `almanac quiz scores`.
    struct Scores: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.quiz.scores.abstract"),
            discussion: localized("help.quiz.scores.discussion"))

        static let examples = [
            Example("almanac quiz scores", "example.quiz.scores.all"),
            Example("almanac quiz scores --player Anna", "example.quiz.scores.player"),
            Example("almanac quiz scores --format html --out scores.html", "example.quiz.scores.html"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions
        @Option(name: .long, help: ArgumentHelp(localized("help.quiz.scores.player"), valueName: "name"))
        var player: String?

        func run() throws {
            let settings = try page.settings(global, "quiz.scores")
            try page.write(settings, FlagQuiz.scores(settings, player: player, renderer: page.renderer(settings)))
        }
    }

    /// `almanac quiz missed [--pairs]`.
    struct Missed: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.quiz.missed.abstract"),
            discussion: localized("help.quiz.missed.discussion"))

        static let examples = [
            Example("almanac quiz missed", "example.quiz.missed.flags"),
            Example("almanac quiz missed --pairs --player anna", "example.quiz.missed.pairs"),
        ]

        static let formats = FormatOption.rows

        @OptionGroup var global: GlobalOptions
        @OptionGroup var page: PageOptions
        @Flag(name: .long, help: ArgumentHelp(localized("help.quiz.missed.pairs")))
        var pairs = false
        @Option(name: .long, help: ArgumentHelp(localized("help.quiz.missed.player"), valueName: "name"))
        var player: String?
        @Option(name: .long, help: ArgumentHelp(localized("help.quiz.missed.limit"), valueName: "n"))
        var limit = 10

        func run() throws {
            let settings = try page.settings(global, "quiz.missed")
            guard limit >= 1 else { throw AlmanacError(.usage, "quiz.error.limit", ["value": String(limit)]) }
            let text = try FlagQuiz.missed(settings, player: player, pairs: pairs, limit: limit, renderer: page.renderer(settings))
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
