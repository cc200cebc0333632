import AlmanacOutput
import Foundation
import Testing

/// `almanac serve`'s quiz as a class plays it in a browser: the name asked first and kept, the flags
/// as pictures (Debian's iso-flags-svg, `data:` images the CSP allows), the right flag and country
/// shown after a wrong answer, the language switched without losing the game, and the last page's
/// blocks shown once, with no command line for pupils.
@Suite struct ServeQuizGameTests {
    let dir: Workdir
    let form = ["Content-Type": "application/x-www-form-urlencoded"]
    static let picture = "<img class=\"flag\" src=\"data:image/svg+xml,"

    init() throws {
        dir = try Workdir()
        try dir.prepared("serve-sample", as: "almanac.db") { try $0.demoDatabase("made.db") }
    }

    /// A game of seed 7 for `player`: its address (`/quiz?seed=7&session=…&player=…`) and the token.
    func game(_ server: RunningServer, player: String = "Zo%C3%AB") throws -> (String, String) {
        let start = try server.get("/quiz?seed=7&player=" + player)
        #expect(start.status == 303)
        let game = try #require(start.headers["location"])
        let token = try #require(RunningServer.token(in: try server.get(game).body))
        return (game, token)
    }

    /// The question now asked: its country's code and the number of the right flag.
    func question(_ server: RunningServer, _ game: String) throws -> (country: String, answer: Int) {
        let json = try server.get(game + "&next=1", headers: ["Accept": "application/json"]).body
        let country = try #require(json.firstMatch(of: /"country": "([A-Z]{2})"/)?.1)
        let answer = try #require(json.firstMatch(of: /"answer": (\d)/)?.1)
        return (String(country), try #require(Int(answer)))
    }

    func answer(_ server: RunningServer, _ game: String, _ token: String, round: Int, choice: Int) throws {
        let query = String(game.dropFirst("/quiz?".count))
        let posted = try server.request(
            "POST", "/quiz/answer?" + query, headers: form, body: "csrf=\(token)&round=\(round)&choice=\(choice)")
        #expect(posted.status == 303)
    }

    static func emoji(_ code: String) -> String {
        String(String.UnicodeScalarView(code.unicodeScalars.map { Unicode.Scalar(0x1F1E6 + $0.value - 0x41)! }))
    }

    @Test func aPageAsksTheNameFirstAndKeepsItOnEveryQuestion() throws {
        let server = try RunningServer(dir, [])
        for lang in ["en", "ru"] {
            let asked = try server.get("/quiz?seed=7&lang=" + lang)
            #expect(asked.status == 200 && asked.body.contains("<form method=\"get\" class=\"serve-form quiz-start\""))
            #expect(asked.body.contains("name=\"player\" required") && asked.body.contains("name=\"seed\" value=\"7\""))
            #expect(asked.body.contains(lang == "en" ? "Your name" : "Ваше имя"))
        }
        // JSON clients play at once, as before.
        #expect(try server.get("/quiz", headers: ["Accept": "application/json"]).status == 303)
        let (game, token) = try game(server)
        #expect(try server.get(game).body.contains("<p class=\"quiz-player\">Player: Zoë</p>"))
        try answer(server, game, token, round: 1, choice: 1)
        let verdict = try server.get(game).body
        #expect(verdict.contains("<p class=\"quiz-player\">Player: Zoë</p>"))
        // Next, and the new game's form, keep the name.
        #expect(verdict.contains("next=1") && verdict.contains("player=Zo%C3%AB"))
        #expect(verdict.contains("name=\"player\" value=\"Zoë\""))
        let next = try server.get(game + "&next=1&lang=ru").body
        #expect(next.contains("<p class=\"quiz-player\">Игрок: Zoë</p>"))
        #expect(server.stop() == 0)
    }

    @Test func aWrongAnswerShowsTheRightFlagAndCountry() throws {
        let server = try RunningServer(dir, [])
        let (game, token) = try game(server)
        let asked = try question(server, game)
        try answer(server, game, token, round: 1, choice: asked.answer % 4 + 1)
        let names = try dir.run(["--db", "almanac.db", "countries", "list", "--format", "json"]).stdout
        #expect(names.contains("\"code\": \"\(asked.country)\""))
        for lang in ["en", "ru"] {
            let verdict = try server.get(game + "&lang=" + lang).body
            #expect(verdict.contains("<p class=\"serve-error\" role=\"alert\">"))
            let right = try #require(
                verdict.components(separatedBy: "<p class=\"quiz-right\">").dropFirst().first?
                    .components(separatedBy: "</p>").first)
            #expect(right.hasPrefix(Self.picture) && right.contains("alt=\"" + Self.emoji(asked.country) + "\""))
            #expect(right.contains(lang == "en" ? "The right answer: " : "Правильный ответ: "), "\(right.suffix(80))")
            // The four flags named, the right one and the wrong pick marked.
            #expect(verdict.components(separatedBy: "<li").count - 1 == 4)
            #expect(verdict.contains("<li class=\"right\">" + Self.picture))
            #expect(verdict.contains("<li class=\"wrong\">" + Self.picture))
            #expect(verdict.contains(lang == "en" ? "✓ right answer" : "✓ верный ответ"))
        }
        #expect(server.stop() == 0)
    }

    @Test func theLanguageLinkKeepsTheGame() throws {
        let server = try RunningServer(dir, [])
        let (game, token) = try game(server)
        try answer(server, game, token, round: 1, choice: 1)
        let page = try server.get(game).body
        let session = try #require(game.firstMatch(of: /session=([^&]+)/)?.1)
        let link = try #require(page.firstMatch(of: /<a href="([^"]*)" hreflang="ru"/)?.1)
        let href = link.replacingOccurrences(of: "&amp;", with: "&")
        #expect(href.hasPrefix("/quiz?") && href.contains("session=" + session), "\(href)")
        #expect(href.contains("player=Zo%C3%AB") && href.contains("seed=7") && href.hasSuffix("lang=ru"))
        let russian = try server.get(href)
        #expect(russian.status == 200 && russian.body.contains("<html lang=\"ru\">"))
        #expect(russian.body.contains("Игрок: Zoë") && russian.body.contains("Ваш ответ"))
        #expect(server.stop() == 0)
    }

    @Test func theLastPageShowsItsBlocksOnceAndNoCommandLine() throws {
        let server = try RunningServer(dir, [])
        let (game, token) = try game(server)
        for round in 1...10 { try answer(server, game, token, round: round, choice: 1) }
        for lang in ["en", "ru"] {
            let over = try server.get(game + "&lang=" + lang).body
            #expect(over.contains(lang == "en" ? "Game over" : "Игра окончена"))
            #expect(over.components(separatedBy: "action=\"/quiz\"").count - 1 == 1, "one new-game form")
            #expect(over.components(separatedBy: "seed=7&amp;player=").count - 1 == 1, "one replay link")
            #expect(!over.contains("almanac quiz"), "no command line for pupils")
        }
        #expect(server.stop() == 0)
    }

    @Test func theFlagsArePicturesTheContentSecurityPolicyAllows() throws {
        let server = try RunningServer(dir, [])
        let (game, _) = try game(server)
        let question = try server.get(game)
        #expect(question.body.components(separatedBy: "class=\"flag\" aria-label=").count - 1 == 4)
        #expect(question.body.firstMatch(of: /aria-label="1"><img class="flag" src="data:image\/svg\+xml,/) != nil)
        // A picture in each of the four buttons, and nowhere else: each flag is shown once.
        #expect(question.body.components(separatedBy: Self.picture).count - 1 == 4)
        let policy = try #require(question.headers["content-security-policy"])
        #expect(policy.contains("img-src data:;") && policy.contains("default-src 'none'"))
        #expect(!policy.contains("script-src") && !policy.contains("unsafe-eval"))
        #expect(server.stop() == 0)
    }

    @Test func withoutTheFlagsFolderTheQuizShowsEmojiAndSaysWhy() throws {
        let server = try RunningServer(dir, [], environment: ["ALMANAC_FLAGS_DIR": dir.url.path + "/no-flags"])
        let (game, _) = try game(server)
        let question = try server.get(game).body
        #expect(!question.contains("data:image/svg+xml"))
        #expect(
            question.components(separatedBy: "<span class=\"flag\" title=\"No picture of this flag in ").count - 1 == 4,
            "the four buttons, each flag once")
        #expect(server.stop() == 0)
        #expect(server.errorOutput().contains("almanac: note: no flag pictures in " + dir.url.path + "/no-flags"))
    }
}
