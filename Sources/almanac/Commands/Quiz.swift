import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac quiz question | play | scores | missed`: the flag quiz.
struct Quiz: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The flag quiz: a country, four flags, one right.",
        discussion: """
            +1 for a right answer, −1 for a wrong one. Questions come from a seed through Almanac's \
            own generator (SplitMix64, revision splitmix64-v1), so a seed gives the same questions on \
            every machine, for the same countries.
            """,
        subcommands: [Question.self, Play.self, Scores.self, Missed.self]
    )

    /// `almanac quiz question [--seed N]`.
    struct Question: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one question: a country and four numbered flags.",
            discussion: """
                Without --seed a seed is picked at random and shown, so the question can be asked \
                again. It is the first question `quiz play` asks with the same seed. The table shows \
                no answer unless --reveal; csv, tsv and json give the seed, the generator, the four \
                options and the number of the right one.

                Example: almanac quiz question --seed 42 --format json
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(name: .long, help: ArgumentHelp("The seed (0 or more); a random one when left out.", valueName: "n"))
        var seed: UInt64?
        @Flag(name: .long, help: "Also show the answer.")
        var reveal = false

        func run() throws {
            let settings = try global.settings()
            let text = try FlagQuiz.question(settings, seed: try Quiz.seed(seed), reveal: reveal, renderer: .standardOutput(settings))
            try Print.out(text)
        }
    }

    /// `almanac quiz play [--seed N] [--rounds N] [--player P]`.
    struct Play: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play: answer with 1–4, and every answer is recorded.",
            discussion: """
                On a terminal a single key answers: 1–4 picks a flag, then the right flag is marked \
                green (✓) and a wrong pick red (✗), with the new score; Enter goes to the next \
                question and q quits. The summary shows the seed to play the same questions again.

                When standard input (or output) is not a terminal, one answer is read per line (1–4, or q), so a \
                game can be scripted.

                Example: almanac quiz play --seed 7 --rounds 3 < answers.txt

                Each answer is stored in quiz_answers with the player, the session id (it starts \
                with the seed), the time, the country asked, the flag chosen and the four options.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(name: .long, help: ArgumentHelp("The seed (0 or more); a random one when left out.", valueName: "n"))
        var seed: UInt64?
        @Option(name: .long, help: ArgumentHelp("How many questions (default \(FlagQuiz.defaultRounds)).", valueName: "n"))
        var rounds: Int = FlagQuiz.defaultRounds
        @Option(name: .long, help: ArgumentHelp("Who plays (default: $USER, else player).", valueName: "name"))
        var player: String?

        func run() throws {
            let settings = try global.settings()
            guard rounds >= 1 else { throw AlmanacError(.usage, "quiz.error.rounds", ["value": String(rounds)]) }
            try FlagQuiz.play(settings, seed: try Quiz.seed(seed), rounds: rounds, player: try FlagQuiz.player(player))
        }
    }

    /// `almanac quiz scores`.
    struct Scores: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Each player's points, right and wrong answers, accuracy and streaks.",
            discussion: """
                Points are right answers minus wrong ones. The best streak is the longest run of \
                right answers in a row; the current streak is the run at the end (0 after a miss).
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(name: .long, help: ArgumentHelp("Only this player.", valueName: "name"))
        var player: String?

        func run() throws {
            let settings = try global.settings()
            try Print.out(FlagQuiz.scores(settings, player: player, renderer: .standardOutput(settings)))
        }
    }

    /// `almanac quiz missed [--pairs]`.
    struct Missed: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The flags missed most, and what they were taken for.",
            discussion: """
                Without --pairs: the countries whose flag was missed most, with how often they were \
                asked, the share missed and the flag most often chosen instead. With --pairs: the \
                most frequent mistakes as "asked X, chose Y" and how many times.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Flag(name: .long, help: "Show the most confused pairs instead of the countries.")
        var pairs = false
        @Option(name: .long, help: ArgumentHelp("Only this player's answers.", valueName: "name"))
        var player: String?
        @Option(name: .long, help: ArgumentHelp("At most this many rows (default 10).", valueName: "n"))
        var limit = 10

        func run() throws {
            let settings = try global.settings()
            guard limit >= 1 else { throw AlmanacError(.usage, "quiz.error.limit", ["value": String(limit)]) }
            let text = try FlagQuiz.missed(settings, player: player, pairs: pairs, limit: limit, renderer: .standardOutput(settings))
            try Print.out(text)
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
