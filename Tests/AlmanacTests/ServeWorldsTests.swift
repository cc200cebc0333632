import AlmanacOutput
import Foundation
import Testing

/// `almanac serve`'s worlds through HTTP, as a person clicks: the advent calendar's doors in order
/// (an out-of-order door refused with the CLI's words, 409, nothing opened; reset asks first) and the
/// flag quiz (a seeded game answered round by round, the running score, a repeated post recorded once).
@Suite struct ServeWorldsTests {
    let dir: Workdir
    let form = ["Content-Type": "application/x-www-form-urlencoded"]

    init() throws {
        dir = try Workdir()
        try dir.prepared("serve-sample", as: "almanac.db") { try $0.demoDatabase("made.db") }
    }

    func cli(_ arguments: [String]) throws -> Workdir.Output {
        try dir.run(["--db", "almanac.db", "--today", "2025-12-24"] + arguments)
    }

    /// The home page lists the first ten overdue loans and links to all of them, in both languages;
    /// its JSON has every one, as `books list --overdue --format json`.
    @Test func theHomePageListsTheFirstOverdueLoansAndLinksToTheRest() throws {
        for number in 1...12 {
            _ = try cli([
                "books", "add", "Late \(number)", "--loaned-on", "2025-10-01", "--due", "2025-11-\(10 + number)",
            ])
        }
        let overdue = try cli(["books", "list", "--overdue", "--format", "json"]).stdout
        let all = overdue.components(separatedBy: "\"id\": ").count - 1
        #expect(all > 12)
        let server = try RunningServer(dir, [])
        for (lang, words) in [
            ("en", "The first 10 shown: every overdue loan…"), ("ru", "Показаны первые 10: все просроченные выдачи…"),
        ] {
            let page = try server.get("/?lang=" + lang)
            #expect(page.status == 200)
            let heading = lang == "en" ? "Overdue loans" : "Просроченные выдачи"
            let section =
                try #require(page.body.components(separatedBy: heading).dropFirst().first)
                .components(separatedBy: "<h2").first ?? ""
            // A header row and ten loans.
            #expect(section.components(separatedBy: "<tr").count - 1 == 11, "\(lang)")
            #expect(page.body.contains("<a href=\"/books?overdue=1&amp;lang=\(lang)\">" + words + "</a>"), "\(lang)")
        }
        let json = try server.get("/", headers: ["Accept": "application/json"])
        #expect(json.body.components(separatedBy: "\"days_overdue\"").count - 1 == all)
    }

    @Test func doorsOpenInOrderAndResetAsksFirst() throws {
        let server = try RunningServer(dir, [])
        let first = try server.get("/calendar")
        #expect(first.status == 303)
        let location = try #require(first.headers["location"])
        let key = String(location.dropFirst("/calendar/".count))
        for lang in ["en", "ru"] {
            let page = try server.get(location + "?lang=" + lang)
            #expect(page.status == 200 && page.body.contains("<html lang=\"\(lang)\">"))
            #expect(page.body.components(separatedBy: "name=\"door\"").count - 1 == 24)
        }
        let json = try server.get(location, headers: ["Accept": "application/json"])
        #expect(json.body == (try cli(["calendar", "show", key, "--format", "json"])).stdout)
        let token = try #require(RunningServer.token(in: try server.get(location).body))
        var told = ""
        for door in [1, 2] {
            let opened = try server.request(
                "POST", location + "/open", headers: form, body: "csrf=\(token)&door=\(door)")
            told = opened.headers["location"] ?? ""
            #expect(opened.status == 303 && told.hasPrefix(location + "?opened=\(door)&at="))
        }
        let said = try server.get(told)
        #expect(said.body.contains("<p class=\"serve-notice\" role=\"status\">"))
        #expect(
            !(try server.get(location + "?opened=2")).body.contains("<p class=\"serve-notice\" role=\"status\">"),
            "a made-up notice")
        let before = try cli(["calendar", "show", key, "--format", "json"]).stdout
        let refused = try server.request(
            "POST", location + "/open?lang=ru", headers: form, body: "csrf=\(token)&door=5")
        let cliRefusal = try cli(["--locale", "ru", "calendar", "open", key, "5"])
        let words = try #require(cliRefusal.stderr.split(separator: ": ", maxSplits: 2).last).dropLast()
        #expect(cliRefusal.status == 65 && refused.status == 409)
        #expect(
            refused.body.contains(
                "<p class=\"serve-error\" role=\"alert\">" + HTMLText.escaped(String(words)) + "</p>"), "\(words)")
        #expect(try cli(["calendar", "show", key, "--format", "json"]).stdout == before, "nothing opened")
        // Reset: a GET asks (and changes nothing), the POST closes.
        let question = try server.get(location + "/reset")
        #expect(question.status == 200 && question.body.contains("action=\"" + location + "/reset\""))
        #expect(try cli(["calendar", "show", key, "--format", "json"]).stdout == before)
        let reset = try server.request("POST", location + "/reset", headers: form, body: "csrf=\(token)")
        #expect(reset.status == 303 && reset.headers["location"]?.hasPrefix(location + "?reset=") == true)
        #expect(!(try cli(["calendar", "show", key, "--format", "json"]).stdout.contains("\"opened_at\": \"2")))
        #expect(server.stop() == 0)
    }

    @Test func aSeededQuizIsPlayedRoundByRoundAndEachAnswerRecordedOnce() throws {
        let server = try RunningServer(dir, [])
        // A browser sends the name percent-encoded (raw UTF-8 in a request line is refused, 400).
        let start = try server.get("/quiz?seed=7&player=Zo%C3%AB")
        #expect(start.status == 303)
        let game = try #require(start.headers["location"])
        #expect(game.hasPrefix("/quiz?seed=7&session=") && game.hasSuffix("&player=Zo%C3%AB"))
        let query = String(game.dropFirst("/quiz?".count))
        let question = try server.get(game)
        #expect(question.status == 200 && question.body.components(separatedBy: "name=\"choice\"").count - 1 == 4)
        // The seed's first question is `quiz question --seed 7`'s.
        let record = try server.get(game, headers: ["Accept": "application/json"])
        #expect(record.body == (try cli(["quiz", "question", "--seed", "7", "--format", "json"])).stdout)
        let token = try #require(RunningServer.token(in: question.body))
        var expected = 0
        for round in 1...5 {
            let page = try server.get(game + "&next=1&lang=ru")
            #expect(page.body.contains("<html lang=\"ru\">"))
            let answer = try server.request(
                "POST", "/quiz/answer?" + query, headers: form.merging(["Accept": "application/json"]) { $1 },
                body: "csrf=\(token)&round=\(round)&choice=\(round % 4 + 1)")
            let right = answer.body.contains("\"right\": true")
            expected += right ? 1 : -1
            #expect(
                answer.status == 200 && answer.body.contains("\"score\": \(expected), \"answered\": \(round)"),
                "\(answer.body)")
            // The same round posted again (a reload) records nothing.
            let again = try server.request(
                "POST", "/quiz/answer?" + query, headers: form, body: "csrf=\(token)&round=\(round)&choice=1")
            #expect(again.status == 303)
            let verdict = try server.get(game)
            #expect(verdict.body.contains(right ? "<p class=\"serve-notice\"" : "<p class=\"serve-error\""))
        }
        let recorded = try cli([
            "query", "SELECT count(*) AS n FROM quiz_answers WHERE player = 'Zoë'", "--format", "tsv",
        ]).stdout
        #expect(recorded == "n\n5\n")
        let scores = try server.get("/quiz/scores", headers: ["Accept": "application/json"])
        #expect(scores.body == (try cli(["quiz", "scores", "--format", "json"])).stdout)
        #expect(try server.get("/quiz/scores?lang=ru").status == 200)
        #expect(server.stop() == 0)
    }

    @Test func eventsShowTheDaysAsCardsAndAreAddedEditedAndDeleted() throws {
        let server = try RunningServer(dir, [])
        let days = "from=2025-12-22&to=2025-12-28"
        for (lang, columns) in [("en", "2"), ("ru", "3")] {
            let page = try server.get("/events?\(days)&columns=\(columns)&lang=\(lang)")
            #expect(
                page.status == 200 && page.body.contains("<html lang=\"\(lang)\">")
                    && page.body.contains("--columns:\(columns)"))
            let json = try server.get("/events?\(days)&columns=\(columns)", headers: ["Accept": "application/json"])
            #expect(
                json.body
                    == (try cli([
                        "events", "cards", "--from", "2025-12-22", "--to", "2025-12-28", "--columns", columns,
                        "--format", "json",
                    ])).stdout)
        }
        #expect(try server.get("/events?columns=5").status == 400)
        let list = {
            try self.cli(["events", "list", "--from", "2025-12-22", "--to", "2025-12-28", "--format", "json"]).stdout
        }
        let before = try list()
        let token = try #require(RunningServer.token(in: try server.get("/events?\(days)").body))
        let refused = try server.request(
            "POST", "/events", headers: form, body: "csrf=\(token)&title=Carols&at=someday")
        #expect(
            [400, 422].contains(refused.status) && refused.body.contains("serve-error")
                && refused.body.contains("value=\"Carols\""))
        #expect(try list() == before)
        let added = try server.request(
            "POST", "/events?\(days)", headers: form,
            body: "csrf=\(token)&title=Carols&at=2025-12-23T17%3A00&person=Choir")
        #expect(added.status == 303)
        let location = try #require(added.headers["location"])
        let id = try #require(
            URLComponents(string: location)?.queryItems?.first { $0.name == "id" }?.value)
        #expect(try server.get(location).body.contains("<p class=\"serve-notice\" role=\"status\">"))
        #expect(try list().contains("\"title\": \"Carols\""))
        let edited = try server.request(
            "POST", "/events/\(id)/edit", headers: form,
            body: "csrf=\(token)&title=Carols+at+the+tree&at=2025-12-23T17%3A00%3A00Z")
        #expect(edited.status == 303)
        #expect(try list().contains("Carols at the tree"))
        #expect(try server.get("/events/\(id)/delete").status == 200)
        #expect(try list().contains("Carols at the tree"), "asking deletes nothing")
        #expect(try server.request("POST", "/events/\(id)/delete", headers: form, body: "csrf=\(token)").status == 303)
        #expect(try list() == before)
        #expect(server.stop() == 0)
    }

    @Test func theSnowmanPausesWithoutScriptAndItsSteppersKeepTheirRange() throws {
        let server = try RunningServer(dir, [])
        let page = try server.get("/animation/Grow%20tall?lang=ru")
        #expect(
            page.status == 200 && page.body.contains("<input type=\"checkbox\" class=\"pause\"")
                && !page.body.contains("<script"))
        let json = try server.get("/animation/Wobble", headers: ["Accept": "application/json"])
        #expect(json.body == (try cli(["animation", "timeline", "Wobble", "--fps", "10", "--format", "json"])).stdout)
        let token = try #require(RunningServer.token(in: page.body))
        // Opacity's top is 1: a step up from 1 stays there, as `animation step` keeps it.
        let settings = { try self.cli(["animation", "settings", "--format", "json"]).stdout }
        let before = try settings()
        let down = try server.request(
            "POST", "/animation/Wobble/step", headers: form, body: "csrf=\(token)&key=opacity&by=-1")
        #expect(down.status == 303 && down.headers["location"] == "/animation/Wobble")
        #expect(try settings() != before)
        for _ in 0..<3 {
            _ = try server.request(
                "POST", "/animation/Wobble/step", headers: form, body: "csrf=\(token)&key=opacity&by=1")
        }
        #expect(try settings() == before)
        let unknown = try server.request(
            "POST", "/animation/Wobble/step?lang=ru", headers: form, body: "csrf=\(token)&key=nose&by=1")
        #expect(unknown.status == 400 && unknown.body.contains("serve-error"))
        #expect(try server.get("/animation").status == 200)
        #expect(server.stop() == 0)
    }

    @Test func reportsRunWithTheirParametersAsAForm() throws {
        let server = try RunningServer(dir, [])
        #expect(try server.get("/reports?lang=ru").status == 200)
        let page = try server.get("/reports/overdue-books?within=14")
        #expect(page.status == 200 && page.body.contains("name=\"within\" value=\"14\""))
        let json = try server.get(
            "/reports/overdue-books?within=14&as_of=2025-12-01", headers: ["Accept": "application/json"])
        #expect(
            json.body
                == (try cli([
                    "report", "run", "overdue-books", "--param", "within=14", "--param", "as_of=2025-12-01", "--format",
                    "json",
                ])).stdout)
        #expect(try server.get("/reports/no-such-report").status >= 400)
        #expect(server.stop() == 0)
    }
}
