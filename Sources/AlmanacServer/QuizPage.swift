import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacQuiz
import AlmanacStore
import AlmanacText
import AlmanacViews

/// `/quiz`: the flag quiz as `quiz play` plays it, one question a page: a game is its seed, its
/// session and its player (in the address), and its state is what the database recorded for that
/// session, replayed through the CLI's `QuizSession`; so a reload or a second tab never asks or
/// records a question twice. Four flags are four buttons; the answer is recorded as `quiz play`
/// records it, then the page says right or wrong with the running score (+1/−1), and "Next".
/// `?seed=N` replays a game's questions. `/quiz/scores` is `quiz scores`. A page for people asks
/// the player's name first and shows flags as pictures (`FlagPictures`); after an answer it shows
/// the four flags named, the right one marked, so a class sees the right flag after a wrong pick.
struct QuizPage {
    let context: PageContext
    /// The worker's open connection (read-only for a GET).
    let database: Database

    init(_ context: PageContext, _ database: Database) {
        self.context = context
        self.database = database
    }

    private var settings: Settings { context.settings }
    private var t: Localizer { context.t }

    /// A game of the address: its seed, session and player; nil parts are chosen by `play` (a new
    /// seed at random, a new session, the player `quiz play` would record).
    struct Game {
        let seed: UInt64
        let session: String
        let player: String
        var fields: [(String, String)] { [("seed", String(seed)), ("session", session), ("player", player)] }
    }

    private func game(_ fields: FormData) throws -> Game? {
        guard let seedText = fields.text("seed"), let session = fields.text("session") else { return nil }
        guard let seed = UInt64(seedText), seed <= UInt64(Int64.max) else {
            throw AlmanacError(.usage, "quiz.error.seed-too-large", ["value": seedText, "max": String(Int64.max)])
        }
        return Game(seed: seed, session: session, player: try FlagQuiz.player(fields.text("player"), environment: [:]))
    }

    /// The session replayed from its recorded answers on an open connection (inside a transaction, the
    /// transaction's own), with the tables and the store.
    private func replay(_ game: Game, on database: Database) throws -> (QuizSession, QuizScreen, QuizStore) {
        let directory = try FlagQuiz.directory(database)
        let store = QuizStore(database: database)
        // The countries `quiz play` asks: all, or the sovereign states with the quiz.sovereign-only setting.
        let codes = try FlagQuiz.codes(directory, database, sovereignOnly: false)
        guard
            var session = QuizSession(
                codes: codes, seed: game.seed, rounds: FlagQuiz.defaultRounds, player: game.player,
                session: game.session)
        else { throw AlmanacError(.missingInput, "quiz.error.too-few-countries") }
        for answer in try store.answers(of: [game.player]) where answer.session == game.session {
            guard let question = session.nextQuestion(), let number = question.options.firstIndex(of: answer.chosen)
            else { break }
            _ = session.answer(number + 1, at: answer.answeredAt)
        }
        return (session, QuizScreen(tables: QuizTables(directory: directory, localizer: t), styling: .plain), store)
    }

    /// GET `/quiz`: a new game (sent on to its address), or the game's question, or its verdict and
    /// Next, or its summary.
    func show() throws -> Shown {
        guard let game = try game(context.query) else {
            let seed =
                try context.query.text("seed").map { text -> UInt64 in
                    guard let seed = UInt64(text), seed <= UInt64(Int64.max) else {
                        throw AlmanacError(
                            .usage, "quiz.error.seed-too-large", ["value": text, "max": String(Int64.max)])
                    }
                    return seed
                } ?? QuizStore.newSeed()
            let player = try FlagQuiz.player(context.query.text("player"), environment: [:])
            let location = context.link(
                "/quiz", Game(seed: seed, session: QuizStore.newSession(seed: seed), player: player).fields)
            // A browser's pupil gives a name first (each pupil was "player"); JSON plays at once.
            guard context.query.text("player") != nil else {
                return start(seed: context.query.text("seed").map { _ in seed }, location: location)
            }
            return Shown(title: "quiz.question", content: .elsewhere(location))
        }
        var (session, screen, _) = try replay(game, on: database)
        let last = session.answers.last
        let answering = context.query["next"] != nil || last == nil
        if !answering, let last {
            let words =
                playerLine(game) + PageContext.notice(screen.verdict(last, session), error: !last.isRight)
                + judged(last, screen)
            if session.isFinished {
                // The summary without its last line, the command that replays the game (the link
                // under the page does that for a pupil).
                let lines = screen.summary(session).dropLast().map { "<p>" + HTMLText.escaped($0) + "</p>\n" }
                return verdict(t("serve.quiz.over"), session, top: words + lines.joined(), game: game)
            }
            let next =
                "<p class=\"quiz-next\"><a href=\""
                + HTMLText.attribute(context.link("/quiz", game.fields + [("next", "1")])) + "\">"
                + HTMLText.escaped(t("serve.quiz.next")) + "</a></p>\n"
            return verdict(t("serve.quiz.answered"), session, top: words + next, game: game)
        }
        guard let question = session.nextQuestion() else {
            return Shown(title: "quiz.question", content: .elsewhere(context.link("/quiz", game.fields)))
        }
        // "Question 3 of 10 · Score: 1", as `quiz play` heads each question.
        let words =
            playerLine(game) + "<p class=\"serve-notice\">" + HTMLText.escaped(screen.header(session)) + "</p>\n"
        let tables = screen.tables
        var buttons = "<input type=\"hidden\" name=\"round\" value=\"\(session.answers.count + 1)\">"
        for (index, code) in question.options.enumerated() {
            buttons +=
                "<button type=\"submit\" name=\"choice\" value=\"\(index + 1)\" class=\"flag\" aria-label=\""
                + HTMLText.attribute(String(index + 1)) + "\">" + flag(code) + "</button>"
        }
        let form = context.postForm(
            "/quiz/answer", query: game.fields, class: "serve-form flags", buttons, button: nil)
        // JSON: the question as `quiz play --format json` records it; a page: the prompt, its flags
        // being the buttons above (the terminal's numbered table would show each flag twice).
        let record = Page(sections: [.table(tables.questionRecord(question, seed: game.seed))])
        let prompt = tables.prompt(question)
        return Shown(
            title: "quiz.question",
            content: .either(
                json: { $0.render(record) },
                page: { renderer in
                    var page = HTMLPage(title: prompt, localizer: renderer.localizer)
                    page.slots = renderer.slots
                    return page.document("")
                }), top: words + form,
            bottom: newGame(game, replay: false))
    }

    /// A page saying right or wrong (and the game's summary when it is over); JSON: the score.
    private func verdict(_ title: String, _ session: QuizSession, top: String, game: Game) -> Shown {
        Shown(
            title: "quiz.question", content: .own(title: title, body: "", json: Self.score(session)), top: top,
            bottom: newGame(game, replay: session.isFinished))
    }

    /// `{"right": true, "score": 3, "answered": 4}`: the last answer and the running score.
    private static func score(_ session: QuizSession) -> String {
        "{\"right\": \(session.answers.last?.isRight ?? false), \"score\": \(session.score.points), \"answered\": \(session.answers.count)}\n"
    }

    /// POST `/quiz/answer?seed=&session=&player=` with `round` and `choice`: the answer recorded
    /// once (a round already answered records nothing), then the verdict.
    func answer() throws -> Shown {
        guard let game = try game(context.query) else {
            return Shown(title: "quiz.question", content: .elsewhere(context.link("/quiz")))
        }
        let round = try context.form.value("round", as: Int.self) ?? 0
        let choice = try context.form.value("choice", as: Int.self) ?? 0
        var (session, _, store) = try replay(game, on: database)
        try store.database.transaction {
            // Read again inside the write lock: two posts of one round record one answer.
            var (current, _, _) = try replay(game, on: store.database)
            guard round == current.answers.count + 1, current.nextQuestion() != nil,
                let answer = current.answer(choice, at: settings.now())
            else { return }
            try store.record(answer)
            session = current
        }
        return Shown(
            title: "quiz.question", content: .record(Self.score(session)), location: context.link("/quiz", game.fields))
    }

    /// GET `/quiz/scores`: `quiz scores`.
    func scores() throws -> Shown {
        let (settings, player) = (settings, context.query.text("player"))
        return Shown(
            title: "quiz.scores",
            content: .whole { try FlagQuiz.scores(settings, player: player, renderer: $0) },
            bottom: newGame(nil, replay: false))
    }

    /// A new game (GET: nothing is recorded until a flag is chosen), for the player named, the same
    /// questions again when a game is over (`replay`), and the scores: once a page.
    func newGame(_ game: Game?, replay: Bool) -> String {
        var out = "<form method=\"get\" class=\"serve-form\" action=\"/quiz\">"
        if let lang = context.lang { out += "<input type=\"hidden\" name=\"lang\" value=\"" + lang + "\">" }
        out += PageContext.field(
            t("serve.quiz.player"), name: "player", value: game?.player ?? context.query["player"] ?? "")
        out += "<button type=\"submit\">" + HTMLText.escaped(t("serve.quiz.new")) + "</button></form>\n"
        if let game, replay {
            out +=
                "<p><a href=\""
                + HTMLText.attribute(context.link("/quiz", [("seed", String(game.seed)), ("player", game.player)]))
                + "\">"
                + HTMLText.escaped(t("serve.quiz.replay", ["seed": String(game.seed)])) + "</a></p>\n"
        }
        return out + "<p><a href=\"" + HTMLText.attribute(context.link("/quiz/scores")) + "\">"
            + HTMLText.escaped(t("serve.quiz.scores")) + "</a></p>\n"
    }
}
