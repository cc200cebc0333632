import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacQuiz
@testable import AlmanacText
@testable import AlmanacViews

/// A game as state: questions from the seed, answers judged and counted, what lines and keys mean.
@Suite struct QuizSessionTests {
    static let codes = ISO3166.entries.map(\.alpha2)
    static let time = Date(timeIntervalSince1970: 1_766_400_000)

    static func session(rounds: Int = 3) -> QuizSession {
        QuizSession(codes: codes, seed: 1, rounds: rounds, player: "Anna", session: "1-test")!
    }

    @Test func aGameAsksTheSeedsQuestionsAndCountsTheScore() throws {
        var game = Self.session()
        let expected = QuestionDealer.questions(codes: Self.codes, seed: 1, count: 3)
        let asked = game.nextQuestion()
        let first = try #require(asked)
        #expect(first == expected[0])
        #expect(game.nextQuestion() == first, "asking again before an answer gives the same question")
        let given = game.answer(first.answer, at: Self.time)
        let right = try #require(given)
        #expect(
            right
                == QuizAnswer(
                    player: "Anna", session: "1-test", answeredAt: Self.time, country: "FI", chosen: "FI",
                    options: ["IR", "DO", "UG", "FI"]))
        #expect(game.score.points == 1)
        let next = game.nextQuestion()
        let second = try #require(next)
        #expect(second == expected[1])
        let missed = game.answer(second.answer == 1 ? 2 : 1, at: Self.time)
        let wrong = try #require(missed)
        #expect(!wrong.isRight && game.score.points == 0 && game.score.right == 1 && game.score.wrong == 1)
        #expect(!game.isFinished && game.asked == 2)
        _ = game.nextQuestion()
        _ = game.answer(4, at: Self.time)
        #expect(game.isFinished)
        #expect(game.nextQuestion() == nil)
        #expect(game.answers.count == 3)
    }

    @Test func onlyTheFourOptionsAnswer() throws {
        var game = Self.session()
        #expect(game.answer(1, at: Self.time) == nil, "no question asked yet")
        _ = game.nextQuestion()
        #expect(game.answer(0, at: Self.time) == nil)
        #expect(game.answer(5, at: Self.time) == nil)
        #expect(game.answers.isEmpty)
    }

    @Test func fewerThanFourCountriesMakeNoGame() {
        #expect(QuizSession(codes: ["DE", "FR", "IT"], seed: 1, rounds: 3, player: "p", session: "s") == nil)
    }

    @Test(arguments: [
        ("1", QuizCommand.choose(1)), (" 4 ", .choose(4)), ("q", .quit), ("Q", .quit), ("quit", .quit), ("й", .quit),
        ("", .proceed), ("   ", .proceed), ("5", .unknown), ("0", .unknown), ("1 2", .unknown), ("x", .unknown),
        ("-1", .unknown),
    ])
    func linesMean(_ line: String, _ command: QuizCommand) {
        #expect(QuizCommand.parse(line: line) == command)
    }

    @Test(arguments: [
        (Key.character("3"), QuizCommand.choose(3)), (.character("q"), .quit), (.character("Й"), .quit),
        (.enter, .proceed), (.character(" "), .proceed), (.endOfInput, .quit), (.interrupt, .quit), (.escape, .quit),
        (.character("5"), .unknown), (.up, .unknown), (.other([0x1B, 0x5B, 0x32, 0x7E]), .unknown),
        (.character("٣"), .unknown),
    ])
    func keysMean(_ key: Key, _ command: QuizCommand) {
        #expect(QuizCommand.parse(key: key) == command)
    }

    @Test func theDefaultPlayerIsTheUser() throws {
        #expect(QuizStore.defaultPlayer(environment: ["USER": "anna"]) == "anna")
        #expect(QuizStore.defaultPlayer(environment: ["USER": " "]) == "player")
        #expect(QuizStore.defaultPlayer(environment: [:]) == "player")
        #expect(try FlagQuiz.player(" Борис ", environment: [:]) == "Борис")
        #expect(throws: AlmanacError.self) { try FlagQuiz.player("  ", environment: [:]) }
    }

    @Test func aSessionIdStartsWithTheSeed() {
        let id = QuizStore.newSession(seed: 42)
        #expect(id.hasPrefix("42-") && id.count == 11)
        #expect((1...999_999).contains(QuizStore.newSeed()))
    }
}
