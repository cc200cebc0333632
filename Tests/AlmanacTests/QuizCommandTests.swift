import AlmanacKit
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

/// `almanac quiz` through the built binary, on a database loaded with the sample data (249
/// countries, 71 answers of four players).
@Suite struct QuizCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.sampleData("a.db")
    }

    /// Runs `almanac ARGS < FILE` through the shell, so standard input really is the file.
    func run(_ arguments: [String], stdinFile: String, environment: [String: String] = [:]) throws -> Workdir.Output {
        let quoted = try dir.shellWords(arguments)
        return try dir.run(
            ["-c", "exec \"$0\" \(quoted) < \(stdinFile)", Workdir.binary.path], environment: environment,
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    func answers(_ player: String) throws -> String {
        try dir.run([
            "--db", "a.db", "--format", "csv", "query",
            "SELECT country, chosen, options, correct FROM quiz_answers WHERE player = :p ORDER BY id", "--param",
            "p=\(player)",
        ]).stdout
    }

    /// Seed 1 asks Finland (4), Norfolk Island (1), Chad (4): right, wrong, a line that is no answer,
    /// a blank line, then wrong.
    @Test func aScriptedGameFromAFileRecordsTheAnswersAndPrintsTheTotals() throws {
        try dir.write("answers.txt", "4\n2\nx\n\n1\n")
        let out = try run(
            ["--db", "a.db", "quiz", "play", "--seed", "1", "--rounds", "3", "--player", "Tess"],
            stdinFile: "answers.txt")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(
            out.stdout.hasPrefix(
                "Question 1 of 3 · Score: 0\nFind the flag of Finland\n\n  1  🇮🇷\n  2  🇩🇴\n  3  🇺🇬\n  4  🇫🇮\n"))
        for line in [
            "Right! Score: 1", "Question 2 of 3 · Score: 1", "Wrong! Score: 0", "Wrong! Score: -1",
            // beside South Georgia & South Sandwich Islands
            "  4  🇹🇩  Chad                                    ✓ right answer",
            "Game over. Right: 1, wrong: 2. Score: -1 (33.3% right), best streak: 1.",
        ] {
            #expect(out.stdout.contains(line + "\n"), "\(line)")
        }
        #expect(out.stdout.contains("The same questions again: almanac quiz play --seed 1\n"))
        #expect(out.stderr == "almanac: warning: line 3: \"x\" is not an answer (type 1–4, or q to quit)\n")
        #expect(
            try answers("Tess")
                == "country,chosen,options,correct\r\nFI,FI,IR|DO|UG|FI,1\r\nNF,CV,NF|CV|KH|SZ,0\r\nTD,GS,GS|BI|KW|TD,0\r\n"
        )
        let session = try dir.run([
            "--db", "a.db", "--format", "tsv", "query",
            "SELECT DISTINCT session, answered_at FROM quiz_answers WHERE player = 'Tess'",
        ]).stdout
        #expect(
            try Regex(
                #"^session\tanswered_at\n1-[0-9a-f]{8}\t[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z\n$"#
            )
            .wholeMatch(in: session) != nil,
            "\(session)")
        let scores = try dir.run(["--db", "a.db", "--format", "csv", "quiz", "scores", "--player", "Tess"]).stdout
        #expect(scores.contains("\r\nTess,-1,1,2,0.3333333333333333,1,0,"))
    }

    @Test func theSameGameInRussian() throws {
        try dir.write("answers.txt", "4\n1\n3\nq\n")
        let out = try run(
            ["--db", "a.db", "--locale", "ru", "quiz", "play", "--seed", "1", "--player", "Тесс"],
            stdinFile: "answers.txt")
        #expect(out.status == 0, "\(out.stderr)")
        for line in [
            "Вопрос 1 из 10 · Счёт: 0", "Найдите флаг: Финляндия", "Верно! Счёт: 1", "Верно! Счёт: 2",
            "Неверно! Счёт: 1", "  1  🇳🇫  о-в Норфолк  ✓ ваш ответ, верно",
            "Игра окончена. Верно: 2, неверно: 1. Счёт: 1 (верных ответов 66,7\u{A0}%), лучшая серия: 2.",
        ] {
            #expect(out.stdout.contains(line + "\n"), "\(line)")
        }
        #expect(out.stdout.contains("Вопрос 4 из 10") && !out.stdout.contains("Вопрос 5 из 10"), "q ends the game")
        #expect(
            try answers("Тесс")
                == "country,chosen,options,correct\r\nFI,FI,IR|DO|UG|FI,1\r\nNF,NF,NF|CV|KH|SZ,1\r\nTD,KW,GS|BI|KW|TD,0\r\n"
        )
    }

    @Test func thePlayerIsTheUserUnlessNamed() throws {
        #expect(
            try dir.run(["--db", "a.db", "quiz", "play", "--rounds", "1"], input: "1\n", environment: ["USER": "zoe"])
                .status == 0)
        #expect(try dir.run(["--db", "a.db", "quiz", "play", "--rounds", "1"], input: "2\n").status == 0)
        let players = try dir.run([
            "--db", "a.db", "--format", "csv", "query",
            "SELECT player FROM quiz_answers WHERE id > 71 ORDER BY id",
        ]).stdout
        #expect(players == "player\r\nzoe\r\nplayer\r\n")
    }

    @Test func colourOnlyWhenAskedAndNeverWithNoColor() throws {
        let coloured = try dir.run(
            ["--db", "a.db", "--color", "always", "quiz", "play", "--seed", "1", "--rounds", "1"], input: "2\n")
        #expect(coloured.stdout.contains("\u{1B}[32m  4  🇫🇮  Finland             ✓ right answer\u{1B}[0m"))
        #expect(coloured.stdout.contains("\u{1B}[31m  2  🇩🇴  Dominican Republic  ✗ your answer\u{1B}[0m"))
        let plain = try dir.run(
            ["--db", "a.db", "--color", "always", "quiz", "play", "--seed", "1", "--rounds", "1"],
            input: "2\n", environment: ["NO_COLOR": "1"])
        #expect(!plain.stdout.contains("\u{1B}"))
        #expect(plain.stdout.contains("  2  🇩🇴  Dominican Republic  ✗ your answer\n"))
    }

    @Test func aQuestionInJSONCarriesTheSeedTheGeneratorAndTheAnswer() throws {
        let out = try dir.run(["--db", "a.db", "--format", "json", "quiz", "question", "--seed", "3"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(
            out.stdout == """
                [
                  {"seed": 3, "generator": "splitmix64-v1", "country": "FM", "name": "Micronesia, Federated States of", \
                "option_1": "FM", "option_2": "NC", "option_3": "AR", "option_4": "RW", "answer": 1}
                ]

                """)
    }

    @Test func withoutASeedOneIsPickedAndShownSoTheQuestionCanBeAskedAgain() throws {
        let first = try dir.run(["--db", "a.db", "quiz", "question"])
        #expect(first.status == 0, "\(first.stderr)")
        let match = try #require(first.stdout.firstMatch(of: try Regex(#"Seed (\d+) \(splitmix64-v1\)"#)))
        let seed = try #require(match.output[1].substring)
        #expect(try dir.run(["--db", "a.db", "quiz", "question", "--seed", String(seed)]).stdout == first.stdout)
        #expect(!first.stdout.contains("Answer:"), "the table gives no answer away without --reveal")
    }

    @Test func scoresAndMissedFlagsInEveryFormat() throws {
        for command in [["quiz", "scores"], ["quiz", "missed"], ["quiz", "missed", "--pairs"]] {
            let json = try dir.run(["--db", "a.db", "--format", "json"] + command)
            #expect(json.status == 0, "\(json.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(!rows.isEmpty, "\(command)")
            for format in ["table", "markdown", "csv", "tsv"] {
                let out = try dir.run(["--db", "a.db", "--format", format] + command)
                #expect(out.status == 0 && !out.stdout.isEmpty, "\(command) \(format)")
            }
        }
        let scores = try dir.run(["--db", "a.db", "--format", "csv", "quiz", "scores"]).stdout
        #expect(
            scores.hasPrefix(
                "player,points,right_answers,wrong_answers,accuracy,best_streak,current_streak,last_answered_at\r\n"
                    + "Chloé,11,15,4,0.7894736842105263,8,8,2025-12-19T18:07:01Z\r\n"))
        let missed = try dir.run(["--db", "a.db", "--format", "csv", "quiz", "missed", "--limit", "1"]).stdout
        #expect(missed == "country,asked,missed,missed_share,confused_with,confused_times\r\nAU,5,4,0.8,NZ,3\r\n")
        let pairs = try dir.run(["--db", "a.db", "--locale", "ru", "quiz", "missed", "--pairs", "--limit", "1"]).stdout
        #expect(pairs.contains("│ 🇦🇺 Австралия │ 🇳🇿 Новая Зеландия │   3 │"))
    }

    @Test func mistakesAreRefusedWithTheirExitCodes() throws {
        let rounds = try dir.run(["--db", "a.db", "quiz", "play", "--rounds", "0"], input: "")
        #expect(rounds.status == 64)
        #expect(rounds.stderr == "almanac: error: --rounds: 0 is not a number of questions (expected 1 or more)\n")
        let seed = try dir.run(["--db", "a.db", "quiz", "question", "--seed", "9223372036854775808"])
        #expect(seed.status == 64)
        #expect(seed.stderr.contains("--seed: 9223372036854775808 is too large"))
        #expect(try dir.run(["--db", "a.db", "quiz", "question", "--seed", "-1"]).status == 64)
        let player = try dir.run(["--db", "a.db", "--locale", "ru", "quiz", "play", "--player", " "], input: "1\n")
        #expect(player.status == 64)
        #expect(player.stderr == "almanac: ошибка: --player: пустое имя\n")
        let missing = try dir.run(["--db", "none.db", "quiz", "play"], input: "1\n")
        #expect(missing.status == 66)
        #expect(!FileManager.default.fileExists(atPath: dir.path("none.db")), "play does not create a database")
        try dir.initDatabase("empty.db")
        // init loads the 249 countries; a database whose countries were taken out has too few.
        try dir.execute("DELETE FROM countries", in: "empty.db")
        let empty = try dir.run(["--db", "empty.db", "quiz", "question"])
        #expect(empty.status == 66)
        #expect(
            empty.stderr
                == "almanac: error: \(dir.shown("empty.db")): the quiz needs at least 4 countries and the database has 0 "
                + "(import some: almanac import countries FILE)\n")
    }

    @Test func everyCommandExplainsItself() throws {
        for command in ["question", "play", "scores", "missed"] {
            let help = try dir.run(["quiz", command, "--help"])
            #expect(help.status == 0 && help.stdout.contains("OVERVIEW:"), "\(command)")
        }
        #expect(
            try dir.run(["quiz", "play", "--help"]).stdout.contains(
                "almanac quiz play --seed 42 --rounds 5 --player anna < answers.txt"))
    }

    /// A player is named without regard to case wherever one is matched: `scores`, `missed` (both
    /// views) and `play`, which records a returning player under the name already recorded.
    @Test func playersAreMatchedWithoutRegardToCase() throws {
        for (typed, recorded) in [("anna", "Anna"), ("ANNA", "Anna"), ("борис", "Борис"), ("chloÉ", "Chloé")] {
            for view in [["quiz", "scores"], ["quiz", "missed"], ["quiz", "missed", "--pairs"]] {
                let exact = try dir.run(["--db", "a.db", "--format", "json"] + view + ["--player", recorded])
                let caseless = try dir.run(["--db", "a.db", "--format", "json"] + view + ["--player", typed])
                #expect(exact.status == 0 && caseless.status == 0, "\(view) \(typed): \(caseless.stderr)")
                #expect(caseless.stdout == exact.stdout, "\(view) --player \(typed)")
                #expect(exact.stdout.count > 10, "\(view) --player \(recorded) finds answers")
            }
        }
        try dir.write("answers.txt", "1\n")
        let before = try answers("Anna").split(separator: "\r\n").count
        let play = try run(
            ["--db", "a.db", "quiz", "play", "--seed", "3", "--rounds", "1", "--player", "anna"],
            stdinFile: "answers.txt")
        #expect(play.status == 0, "\(play.stderr)")
        #expect(try answers("Anna").split(separator: "\r\n").count == before + 1)
        #expect(try answers("anna") == "country,chosen,options,correct\r\n")
    }

    /// Seed 144 asks for China: by CLDR's name, not "China mainland" (the toolchain's ICU data).
    @Test func theQuizNamesCountriesByCLDRsNames() throws {
        let english = try dir.run(["--db", "a.db", "quiz", "question", "--seed", "144", "--reveal"])
        #expect(english.stdout.hasPrefix("Find the flag of China\n"), "\(english.stdout)")
        #expect(english.stdout.contains("Answer: 3 🇨🇳 China\n"))
        let russian = try dir.run(["--db", "a.db", "--locale", "ru", "quiz", "question", "--seed", "144", "--reveal"])
        #expect(russian.stdout.hasPrefix("Найдите флаг: Китай\n"), "\(russian.stdout)")
        let json = try dir.run([
            "--db", "a.db", "--locale", "ru", "--format", "json", "quiz", "question", "--seed", "144",
        ]).stdout
        #expect(json.contains(#""country": "CN", "name": "China""#))
    }
}
