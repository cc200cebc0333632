import AlmanacKinds
import AlmanacQuiz
import AlmanacViews

/// The flag quiz's part of the demo: a question from a fixed seed, the players' scores and the
/// flags they mix up.
extension DemoTour {
    /// The seed of the demo's question, so every demo shows the same one.
    static let quizSeed: UInt64 = 2025

    /// A question (answer shown), `quiz scores`, and the most confused pairs of `quiz missed --pairs`.
    static func quiz(_ context: DemoContext) throws -> [Step] {
        let t = context.localizer
        let directory = try FlagQuiz.directory(context.database)
        let answers = try QuizStore(database: context.database).answers()
        let tables = QuizTables(directory: directory, localizer: t)
        return [
            Step(
                heading: t("demo.quiz.question", ["seed": String(quizSeed)]),
                body: FlagQuiz.questionText(tables, seed: quizSeed, reveal: true, renderer: context.renderer)),
            Step(heading: t("demo.quiz.scores"), body: context.renderer.render(tables.scores(Scoring.scores(answers)))),
            Step(
                heading: t("demo.quiz.missed"),
                body: context.renderer.render(tables.pairs(Array(Scoring.confusedPairs(answers).prefix(5))))),
        ]
    }
}
