import AlmanacKinds
import Foundation

/// One recorded answer to a flag question.
public struct QuizAnswer: Sendable, Equatable {
    /// Who answered.
    public let player: String
    /// The game it belongs to, when known.
    public let session: String?
    /// When, in UTC.
    public let answeredAt: Date
    /// The code of the country asked.
    public let country: String
    /// The code whose flag was chosen.
    public let chosen: String
    /// The four codes offered, when recorded.
    public let options: [String]?

    /// True when the chosen flag is the country's own.
    public var isRight: Bool { country == chosen }

    /// An answer as given.
    public init(
        player: String, session: String? = nil, answeredAt: Date, country: String, chosen: String,
        options: [String]? = nil
    ) {
        self.player = player
        self.session = session
        self.answeredAt = answeredAt
        self.country = country
        self.chosen = chosen
        self.options = options
    }
}

/// A player's standing: +1 for a right answer, −1 for a wrong one.
public struct PlayerScore: Sendable, Equatable {
    /// The player.
    public let player: String
    /// Right answers.
    public var right = 0
    /// Wrong answers.
    public var wrong = 0
    /// The longest run of right answers in a row.
    public var bestStreak = 0
    /// The run of right answers at the end (0 after a wrong answer).
    public var currentStreak = 0
    /// The latest answer's time.
    public var lastAnsweredAt: Date?

    /// A player with no answers yet.
    public init(player: String) {
        self.player = player
    }

    /// All answers.
    public var answers: Int { right + wrong }
    /// The score: right − wrong.
    public var points: Int { right - wrong }
    /// The share of right answers (0 with no answers).
    public var accuracy: Double { answers == 0 ? 0 : Double(right) / Double(answers) }

    /// Counts one more answer, given in time order.
    public mutating func add(_ answer: QuizAnswer) {
        if answer.isRight {
            right += 1
            currentStreak += 1
            bestStreak = max(bestStreak, currentStreak)
        } else {
            wrong += 1
            currentStreak = 0
        }
        if lastAnsweredAt.map({ answer.answeredAt > $0 }) ?? true { lastAnsweredAt = answer.answeredAt }
    }
}

/// A country whose flag players missed.
public struct MissedCountry: Sendable, Equatable {
    /// The country's code.
    public let country: String
    /// How often it was asked.
    public var asked = 0
    /// How often the wrong flag was chosen.
    public var missed = 0
    /// The flag most often chosen instead (the first by code on a tie), nil when never missed.
    public var confusedWith: String?
    /// How often `confusedWith` was chosen for it.
    public var confusedTimes = 0

    /// The share of its questions that were missed.
    public var missedShare: Double { asked == 0 ? 0 : Double(missed) / Double(asked) }
}

/// A wrong answer that came up: asked `country`, chose `chosen`, `times` times.
public struct ConfusedPair: Sendable, Equatable {
    /// The country asked.
    public let country: String
    /// The flag chosen instead.
    public let chosen: String
    /// How often.
    public let times: Int
}

/// The quiz's arithmetic, in one place and free of storage: scores, streaks, missed flags.
///
/// Answers are taken in the order given, which callers make the order they were given in (time,
/// then recording order); only streaks depend on it.
public enum Scoring {
    /// Each player's score, best first: points, then right answers, then the name.
    public static func scores(_ answers: [QuizAnswer]) -> [PlayerScore] {
        var byPlayer: [String: PlayerScore] = [:]
        for answer in answers {
            byPlayer[answer.player, default: PlayerScore(player: answer.player)].add(answer)
        }
        return byPlayer.values.sorted {
            ($0.points, $0.right) != ($1.points, $1.right)
                ? ($0.points, $0.right) > ($1.points, $1.right) : utf8Less($0.player, $1.player)
        }
    }

    /// The score of one run of answers, taken as a single player's (a game's summary).
    public static func score(of answers: [QuizAnswer], player: String) -> PlayerScore {
        var score = PlayerScore(player: player)
        for answer in answers { score.add(answer) }
        return score
    }

    /// The countries missed at least once, most missed first (then by missed share, then by code),
    /// each with the flag most often taken for it.
    public static func missedCountries(_ answers: [QuizAnswer]) -> [MissedCountry] {
        var byCountry: [String: MissedCountry] = [:]
        for answer in answers {
            byCountry[answer.country, default: MissedCountry(country: answer.country)].asked += 1
            if !answer.isRight { byCountry[answer.country]!.missed += 1 }
        }
        for pair in confusedPairs(answers) where byCountry[pair.country]?.confusedWith == nil {
            // Pairs come most frequent first, so the first one seen for a country is its top confusion.
            byCountry[pair.country]!.confusedWith = pair.chosen
            byCountry[pair.country]!.confusedTimes = pair.times
        }
        return byCountry.values.filter { $0.missed > 0 }.sorted {
            if $0.missed != $1.missed { return $0.missed > $1.missed }
            if $0.missedShare != $1.missedShare { return $0.missedShare > $1.missedShare }
            return utf8Less($0.country, $1.country)
        }
    }

    /// Every wrong answer as "asked X, chose Y", most frequent first (then by the codes).
    public static func confusedPairs(_ answers: [QuizAnswer]) -> [ConfusedPair] {
        var counts: [String: Int] = [:]
        for answer in answers where !answer.isRight {
            counts[answer.country + "|" + answer.chosen, default: 0] += 1
        }
        return counts.map { key, times in
            let codes = key.split(separator: "|").map(String.init)
            return ConfusedPair(country: codes[0], chosen: codes[1], times: times)
        }.sorted {
            if $0.times != $1.times { return $0.times > $1.times }
            if $0.country != $1.country { return utf8Less($0.country, $1.country) }
            return utf8Less($0.chosen, $1.chosen)
        }
    }

    /// Byte order: the same on every machine, whatever the locale.
    package static func utf8Less(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }
}
