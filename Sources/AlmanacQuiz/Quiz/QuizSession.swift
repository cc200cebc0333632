import AlmanacKinds
import Foundation

/// A game of the flag quiz as state alone: the questions of a seed, the answers given and the
/// running score. No input or output, so every rule of a game is tested without a terminal.
public struct QuizSession: Sendable {
    /// Who plays.
    public let player: String
    /// The id recorded with every answer.
    public let session: String
    /// The seed the questions come from.
    public let seed: UInt64
    /// How many questions the game has.
    public let rounds: Int
    /// The answers given so far, in order.
    public private(set) var answers: [QuizAnswer] = []
    /// The question waiting for an answer, if any.
    public private(set) var current: FlagQuestion?
    /// How many questions have been asked, the current one included.
    public private(set) var asked = 0
    private var dealer: QuestionDealer

    /// A game over the country codes; nil when there are fewer than four countries.
    public init?(codes: [String], seed: UInt64, rounds: Int, player: String, session: String) {
        guard let dealer = QuestionDealer(codes: codes, seed: seed) else { return nil }
        self.dealer = dealer
        self.seed = seed
        self.rounds = max(rounds, 1)
        self.player = player
        self.session = session
    }

    /// The running score: +1 for each right answer, −1 for each wrong one.
    public var score: PlayerScore { Scoring.score(of: answers, player: player) }

    /// True when every question has been answered.
    public var isFinished: Bool { answers.count >= rounds }

    /// The next question, or nil when the game is over. Asking again before an answer gives the
    /// same question.
    public mutating func nextQuestion() -> FlagQuestion? {
        if let current { return current }
        guard asked < rounds else { return nil }
        asked += 1
        current = dealer.next()
        return current
    }

    /// Answers the current question with option `number` (1–4): the answer as recorded, or nil
    /// when no question waits or the number is not an option.
    public mutating func answer(_ number: Int, at time: Date) -> QuizAnswer? {
        guard let question = current, number >= 1, number <= question.options.count else { return nil }
        let answer = QuizAnswer(
            player: player, session: session, answeredAt: time, country: question.country,
            chosen: question.options[number - 1], options: question.options)
        answers.append(answer)
        current = nil
        return answer
    }
}

/// What a line or a key means during a game.
public enum QuizCommand: Equatable, Sendable {
    /// Option 1–4.
    case choose(Int)
    /// Leave the game.
    case quit
    /// Go on (Enter).
    case proceed
    /// Nothing the game understands.
    case unknown

    /// Reads a typed line: `1`–`4`, `q` or `quit` (any case, spaces around ignored), empty for Enter.
    public static func parse(line: String) -> QuizCommand {
        let text = line.trimmingCharacters(in: .whitespaces).lowercased()
        if text.isEmpty { return .proceed }
        if let number = Int(text), (1...QuizOptions.count).contains(number) { return .choose(number) }
        return ["q", "quit", "exit", "й"].contains(text) ? .quit : .unknown
    }
}
