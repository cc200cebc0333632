import AlmanacKinds
import AlmanacOutput
import AlmanacQuiz
import AlmanacText
import Foundation

/// The text of a game, in the user's language: the question with its numbered flags, the judged
/// question (right flag green and ✓, a wrong pick red and ✗, every flag named), and the summary.
/// A colour never says anything alone: the marks and words say it too.
public struct QuizScreen {
    /// Names of countries and the user's words.
    public let tables: QuizTables
    /// Whether the marks are coloured.
    public let styling: Styling
    private let formats: LocalizedFormats
    private var t: Localizer { tables.localizer }

    /// A screen in the tables' language, coloured when `styling` allows.
    public init(tables: QuizTables, styling: Styling) {
        self.tables = tables
        self.styling = styling
        formats = LocalizedFormats(localizer: tables.localizer)
    }

    /// `Question 3 of 10 · Score: 2`.
    public func header(_ session: QuizSession) -> String {
        t(
            "quiz.header",
            [
                "number": String(session.asked), "rounds": String(session.rounds),
                "score": formats.number(Int64(session.score.points)),
            ])
    }

    /// The question before it is answered: header, prompt, the four flags numbered 1–4.
    public func question(_ question: FlagQuestion, _ session: QuizSession) -> [String] {
        [header(session), tables.prompt(question), ""]
            + question.options.enumerated().map { "  \($0.offset + 1)  " + Country.flag($0.element) }
    }

    /// The question once answered: every flag named, the right one marked ✓ (green), a wrong pick
    /// marked ✗ (red), and the verdict with the new score.
    public func judged(_ question: FlagQuestion, answer: QuizAnswer, _ session: QuizSession) -> [String] {
        let locale = t.locale
        let names = question.options.map { tables.directory.name($0, locale) }
        let width = names.map { DisplayWidth.of($0) }.max() ?? 0
        var lines: [String] = []
        for (index, code) in question.options.enumerated() {
            let line = "  \(index + 1)  " + Country.flag(code) + "  " + names[index]
            let padded = line + String(repeating: " ", count: width - DisplayWidth.of(names[index]))
            if code == question.country {
                let mark = code == answer.chosen ? "quiz.mark.right-chosen" : "quiz.mark.right"
                lines.append(styling.paint(padded + "  ✓ " + t(mark), .success))
            } else if code == answer.chosen {
                lines.append(styling.paint(padded + "  ✗ " + t("quiz.mark.wrong"), .alert))
            } else {
                lines.append(line)
            }
        }
        return lines + ["", verdict(answer, session)]
    }

    /// `Right! Score: 3` or `Wrong! Score: 1`.
    public func verdict(_ answer: QuizAnswer, _ session: QuizSession) -> String {
        let score = formats.number(Int64(session.score.points))
        return answer.isRight
            ? styling.paint(t("quiz.verdict.right", ["score": score]), .success)
            : styling.paint(t("quiz.verdict.wrong", ["score": score]), .alert)
    }

    /// What a key does now: answer, or go on (the last question goes on to the results).
    public func hint(answering: Bool, _ session: QuizSession) -> String {
        if answering { return t("quiz.hint.answer") }
        return t(session.isFinished ? "quiz.hint.finish" : "quiz.hint.next")
    }

    /// The end of a game: right, wrong, score, accuracy and best streak, then how to replay it.
    public func summary(_ session: QuizSession) -> [String] {
        let score = session.score
        var lines: [String] = []
        if score.answers == 0 {
            lines.append(t("quiz.summary.none"))
        } else {
            lines.append(
                t(
                    "quiz.summary",
                    [
                        "right": formats.number(Int64(score.right)), "wrong": formats.number(Int64(score.wrong)),
                        "score": formats.number(Int64(score.points)), "accuracy": formats.percent(score.accuracy),
                        "streak": formats.number(Int64(score.bestStreak)),
                    ]))
        }
        lines.append(
            t(
                "quiz.summary.replay",
                ["player": session.player, "session": session.session, "seed": String(session.seed)]))
        return lines
    }
}
