import AlmanacKit
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacQuiz

/// `quiz play --sovereign` through the binary (issue 30): only UN member and observer states are
/// asked or offered, so no question shows a territory flying another country's flag (Svalbard,
/// Bouvet Island, Norfolk Island); in English and Russian.
@Suite struct SovereignQuizCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.sampleData("a.db")
    }

    /// Plays `rounds` questions answering 1 to each, with standard input from a file.
    func play(_ locale: String, _ arguments: [String], rounds: Int) throws -> Workdir.Output {
        try dir.write("answers.txt", String(repeating: "1\n", count: rounds))
        let words =
            ["--db", "a.db", "--locale", locale, "quiz", "play", "--seed", "1", "--rounds", String(rounds)] + arguments
        let quoted = try dir.shellWords(words)
        return try dir.run(
            ["-c", "exec \"$0\" \(quoted) < answers.txt", Workdir.binary.path],
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// Every code a player's recorded questions asked or offered.
    func codes(_ player: String) throws -> (asked: Set<String>, offered: Set<String>) {
        let rows = try dir.run([
            "--db", "a.db", "--format", "tsv", "query",
            "SELECT country, options FROM quiz_answers WHERE player = :p", "--param", "p=\(player)",
        ]).stdout
            .split(separator: "\n").dropFirst().map { $0.split(separator: "\t").map(String.init) }
        return (Set(rows.map { $0[0] }), Set(rows.flatMap { $0[1].split(separator: "|").map(String.init) }))
    }

    @Test(arguments: [("en", "Find the flag of"), ("ru", "Найдите флаг:")])
    func onlyStatesWhoseFlagIsTheirOwnAreAsked(_ locale: String, _ prompt: String) throws {
        // 400 questions: every one of the 195 states asked twice over, and none of the 54 others.
        let out = try play(locale, ["--player", "Sov-" + locale, "--sovereign"], rounds: 400)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains(prompt))
        let codes = try codes("Sov-" + locale)
        #expect(codes.asked.count == 195, "\(codes.asked.count)")
        #expect(
            codes.asked.union(codes.offered).allSatisfy(Sovereignty.isState),
            "\(codes.asked.union(codes.offered).filter { !Sovereignty.isState($0) })")
        for territory in ["SJ", "BV", "NF"] {
            #expect(!codes.asked.contains(territory) && !codes.offered.contains(territory))
        }
    }

    /// Without it every country of the database is asked: the same seed asks Norfolk Island second.
    @Test func withoutItEveryCountryIsAsked() throws {
        let out = try play("en", ["--player", "All"], rounds: 400)
        #expect(out.status == 0, "\(out.stderr)")
        let codes = try codes("All")
        #expect(codes.asked.count == 249)
        #expect(codes.asked.contains("SJ") && codes.asked.contains("BV"))
    }

    @Test(arguments: [
        ("en", "--sovereign  Ask only UN member and observer states"),
        ("ru", "--sovereign  Спрашивать только о государствах"),
    ])
    func helpSaysSo(_ locale: String, _ line: String) throws {
        let out = try dir.run(["--locale", locale, "quiz", "play", "--help"], environment: ["COLUMNS": "200"])
        #expect(out.status == 0)
        let squeezed = out.stdout.replacingOccurrences(of: #" {2,}"#, with: "  ", options: .regularExpression)
        #expect(squeezed.contains(line), "\(out.stdout)")
    }

    /// The codes of the first question of seeds 1…30 (`quiz question --format csv`), asked and offered.
    func questionCodes(_ arguments: [String] = []) throws -> Set<String> {
        var codes: Set<String> = []
        for seed in 1...30 {
            let out = try dir.run(
                ["--db", "a.db", "--format", "csv", "quiz", "question", "--seed", String(seed)] + arguments)
            #expect(out.status == 0, "\(out.stderr)")
            let cells = out.stdout.split(separator: "\r\n")[1].split(separator: ",").map(String.init)
            codes.formUnion([cells[2]] + cells[4...7])
        }
        return codes
    }

    /// `config set quiz.sovereign-only true` does what `--sovereign` does, for play and question,
    /// until it is set back; `quiz question --sovereign` asks states only too.
    @Test(arguments: [("en", "quiz.sovereign-only: false → true"), ("ru", "quiz.sovereign-only: false → true")])
    func theSettingAsksStatesOnlyUntilSetBack(_ locale: String, _ said: String) throws {
        #expect(
            try !questionCodes().allSatisfy(Sovereignty.isState), "30 questions over 249 countries show a territory")
        #expect(try questionCodes(["--sovereign"]).allSatisfy(Sovereignty.isState))
        let set = try dir.run(["--db", "a.db", "--locale", locale, "config", "set", "quiz.sovereign-only", "yes"])
        #expect(set.status == 0 && set.stdout == said + "\n", "\(set.stdout) \(set.stderr)")
        #expect(try dir.run(["--db", "a.db", "config", "get", "quiz.sovereign-only"]).stdout == "true\n")
        let out = try play(locale, ["--player", "Set-" + locale], rounds: 250)
        #expect(out.status == 0, "\(out.stderr)")
        let codes = try codes("Set-" + locale)
        #expect(
            codes.asked.count == 195 && codes.asked.union(codes.offered).allSatisfy(Sovereignty.isState),
            "\(codes.asked.count)")
        #expect(try questionCodes().allSatisfy(Sovereignty.isState))
        #expect(try dir.run(["--db", "a.db", "config", "set", "quiz.sovereign-only", "off"]).status == 0)
        #expect(try !questionCodes().allSatisfy(Sovereignty.isState))
    }

    /// A value that is not yes or no is a usage error naming it, and changes nothing.
    @Test(arguments: [
        ("en", #"almanac: error: quiz.sovereign-only: "maybe" is not true or false"#),
        ("ru", "almanac: ошибка: quiz.sovereign-only: «maybe» — не true и не false"),
    ])
    func aValueThatIsNotYesOrNoIsRefused(_ locale: String, _ message: String) throws {
        let out = try dir.run(["--db", "a.db", "--locale", locale, "config", "set", "quiz.sovereign-only", "maybe"])
        #expect(out.status == 64 && out.stderr.hasPrefix(message), "\(out.stderr)")
        #expect(try dir.run(["--db", "a.db", "config", "get", "quiz.sovereign-only"]).stdout == "false\n")
    }
}
