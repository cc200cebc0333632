import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacQuiz

/// The quiz's arithmetic: worked examples, and properties over seeded random answers.
@Suite struct ScoringTests {
    static let start = Date(timeIntervalSince1970: 1_766_400_000)

    /// Answers from a pattern: `R` right, `W` wrong, one a minute.
    static func answers(_ pattern: String, player: String = "Anna", asked: String = "DE", wrongPick: String = "FR")
        -> [QuizAnswer]
    {
        pattern.enumerated().map { index, mark in
            QuizAnswer(
                player: player, answeredAt: start.addingTimeInterval(Double(index) * 60), country: asked,
                chosen: mark == "R" ? asked : wrongPick)
        }
    }

    @Test(arguments: [
        ("", 0, 0, 0, 0, 0),
        ("R", 1, 0, 1, 1, 1),
        ("W", 0, 1, -1, 0, 0),
        ("RRWRRRW", 5, 2, 3, 3, 0),
        ("WRRRRWRR", 6, 2, 4, 4, 2),
        ("WWWW", 0, 4, -4, 0, 0),
    ])
    func workedExamples(_ pattern: String, _ right: Int, _ wrong: Int, _ points: Int, _ best: Int, _ current: Int) {
        let score = Scoring.score(of: Self.answers(pattern), player: "Anna")
        #expect(score.right == right && score.wrong == wrong && score.points == points)
        #expect(score.bestStreak == best && score.currentStreak == current)
        #expect(score.accuracy == (pattern.isEmpty ? 0 : Double(right) / Double(pattern.count)))
    }

    @Test func playersAreRankedByPointsThenRightAnswersThenName() {
        let answers =
            Self.answers("RRW", player: "Boris") + Self.answers("R", player: "Anna")
            + Self.answers("RRRWW", player: "Chloé") + Self.answers("WW", player: "Dmitri")
            + Self.answers("R", player: "Aaron")
        #expect(Scoring.scores(answers).map(\.player) == ["Chloé", "Boris", "Aaron", "Anna", "Dmitri"])
        #expect(Scoring.scores(answers).map(\.points) == [1, 1, 1, 1, -2])
        #expect(Scoring.scores([]).isEmpty)
    }

    @Test func theLastAnswerIsTheLatestWhateverTheOrder() {
        let answers = Self.answers("RWR")
        #expect(Scoring.score(of: answers.reversed(), player: "Anna").lastAnsweredAt == answers[2].answeredAt)
    }

    @Test func missedCountriesAndConfusedPairs() {
        func answer(_ asked: String, _ chosen: String) -> QuizAnswer {
            QuizAnswer(player: "p", answeredAt: Self.start, country: asked, chosen: chosen)
        }
        let answers = [
            answer("RO", "TD"), answer("RO", "TD"), answer("RO", "RO"), answer("RO", "AD"),
            answer("ID", "MC"), answer("ID", "ID"), answer("MC", "ID"), answer("DE", "DE"), answer("TD", "RO"),
        ]
        let missed = Scoring.missedCountries(answers)
        #expect(missed.map(\.country) == ["RO", "MC", "TD", "ID"])
        #expect(missed[0] == MissedCountry(country: "RO", asked: 4, missed: 3, confusedWith: "TD", confusedTimes: 2))
        #expect(missed[3].missedShare == 0.5)
        #expect(!missed.contains { $0.country == "DE" })
        let pairs = Scoring.confusedPairs(answers)
        #expect(pairs.first == ConfusedPair(country: "RO", chosen: "TD", times: 2))
        #expect(pairs.map { $0.country + ">" + $0.chosen } == ["RO>TD", "ID>MC", "MC>ID", "RO>AD", "TD>RO"])
    }

    /// Random answers from the project's generator: several players, codes from a small pool so
    /// right and wrong both come up often.
    static func randomAnswers(_ random: inout SeededRandom, count: Int) -> [QuizAnswer] {
        let players = ["Anna", "Борис", "Chloé"]
        let codes = ["DE", "FR", "IT", "ES", "RO", "TD"]
        return (0..<count).map { index in
            let asked = codes[random.below(codes.count)]
            let chosen = random.below(3) == 0 ? codes[random.below(codes.count)] : asked
            return QuizAnswer(
                player: players[random.below(players.count)], answeredAt: start.addingTimeInterval(Double(index)),
                country: asked, chosen: chosen)
        }
    }

    /// Property: points = right − wrong and right + wrong = answers, for any answers in any order.
    @Test func pointsAreRightMinusWrongWhateverTheOrder() {
        var random = SeededRandom(seed: 7_001)
        for _ in 0..<200 {
            let answers = Self.randomAnswers(&random, count: random.below(60))
            var shuffled = answers
            random.shuffle(&shuffled)
            let scores = Scoring.scores(answers)
            let again = Scoring.scores(shuffled)
            for score in scores {
                let own = answers.filter { $0.player == score.player }
                #expect(score.points == own.filter(\.isRight).count - own.filter { !$0.isRight }.count)
                #expect(score.answers == own.count)
                let other = again.first { $0.player == score.player }
                #expect(other?.points == score.points && other?.right == score.right && other?.wrong == score.wrong)
            }
            #expect(scores.map(\.answers).reduce(0, +) == answers.count)
        }
    }

    /// Property: a streak never exceeds the right answers, the current one never the best, and the
    /// best streak is a real run of right answers.
    @Test func streaksNeverExceedRightAnswers() {
        var random = SeededRandom(seed: 7_002)
        for _ in 0..<300 {
            let answers = Self.randomAnswers(&random, count: random.below(80))
            for score in Scoring.scores(answers) {
                #expect(score.bestStreak <= score.right)
                #expect(score.currentStreak <= score.bestStreak)
                let marks = String(answers.filter { $0.player == score.player }.map { $0.isRight ? "R" : "W" })
                #expect(score.bestStreak == 0 || marks.contains(String(repeating: "R", count: score.bestStreak)))
                #expect(!marks.contains(String(repeating: "R", count: score.bestStreak + 1)))
                #expect(marks.hasSuffix(String(repeating: "R", count: score.currentStreak)))
            }
        }
    }

    /// Property: missed counts add up to the wrong answers, and pairs to the same.
    @Test func missedFlagsAccountForEveryWrongAnswer() {
        var random = SeededRandom(seed: 7_003)
        for _ in 0..<100 {
            let answers = Self.randomAnswers(&random, count: random.below(80))
            let wrong = answers.filter { !$0.isRight }.count
            #expect(Scoring.missedCountries(answers).map(\.missed).reduce(0, +) == wrong)
            #expect(Scoring.confusedPairs(answers).map(\.times).reduce(0, +) == wrong)
        }
    }
}
