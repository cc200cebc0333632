import AlmanacOutput
import AlmanacQuiz
import AlmanacText
import AlmanacViews

/// The parts of `/quiz` a class sees: the name asked before a game, the player named on every
/// question, the flags as pictures, and the question judged after an answer.
extension QuizPage {
    /// GET `/quiz` with no player: a form asking the name a game is played and scored under (the
    /// seed kept when the address gave one). Nothing is recorded. A machine is sent to `location`,
    /// a new game of the player `quiz play` would record, as before.
    func start(seed: UInt64?, location: String) -> Shown {
        var form = "<form method=\"get\" class=\"serve-form quiz-start\" action=\"/quiz\">"
        if let lang = context.lang { form += "<input type=\"hidden\" name=\"lang\" value=\"" + lang + "\">" }
        if let seed { form += "<input type=\"hidden\" name=\"seed\" value=\"" + String(seed) + "\">" }
        form += PageContext.field(
            context.t("serve.quiz.your-name"), name: "player", required: true,
            extra: " maxlength=\"60\" autocomplete=\"nickname\" autofocus")
        form += "<button type=\"submit\">" + HTMLText.escaped(context.t("serve.quiz.start")) + "</button></form>\n"
        let body = "<p>" + HTMLText.escaped(context.t("serve.quiz.welcome")) + "</p>\n" + form
        return Shown(
            title: "quiz.question",
            content: .asking(title: context.t("serve.quiz.start-title"), body: body, location: location),
            bottom: "<p><a href=\"" + HTMLText.attribute(context.link("/quiz/scores")) + "\">"
                + HTMLText.escaped(context.t("serve.quiz.scores")) + "</a></p>\n")
    }

    /// `Player: Zoë`, above each question and verdict, so a pupil sees whose score it is.
    func playerLine(_ game: Game) -> String {
        "<p class=\"quiz-player\">" + HTMLText.escaped(context.t("serve.quiz.playing", ["player": game.player]))
            + "</p>\n"
    }

    /// A country's flag as a picture, its emoji the picture's alternative text.
    func flag(_ code: String) -> String {
        FlagPictures.html(
            code, alt: Country.flag(code),
            note: context.t("page.flag.missing", ["folder": FlagPictures.folder]))
    }

    /// The question answered: the right flag and its country first ("The right answer: Germany"),
    /// then the four flags named, the right one marked ✓ and a wrong pick ✗, as `quiz play` shows
    /// them. A colour never says it alone.
    func judged(_ answer: QuizAnswer, _ screen: QuizScreen) -> String {
        let t = context.t
        let directory = screen.tables.directory
        let name = { (code: String) in directory.name(code, t.locale) }
        var out =
            "<p class=\"quiz-right\">" + flag(answer.country) + " "
            + HTMLText.escaped(t("serve.quiz.right-answer", ["country": name(answer.country)])) + "</p>\n"
        out += "<ol class=\"quiz-judged\">"
        for code in answer.options ?? [answer.country, answer.chosen] {
            var mark = ""
            var kind = ""
            if code == answer.country {
                kind = " class=\"right\""
                mark = "✓ " + t(code == answer.chosen ? "quiz.mark.right-chosen" : "quiz.mark.right")
            } else if code == answer.chosen {
                kind = " class=\"wrong\""
                mark = "✗ " + t("quiz.mark.wrong")
            }
            out += "<li" + kind + ">" + flag(code) + " " + HTMLText.escaped(name(code))
            if !mark.isEmpty { out += " <strong>" + HTMLText.escaped(mark) + "</strong>" }
            out += "</li>"
        }
        return out + "</ol>\n"
    }
}
