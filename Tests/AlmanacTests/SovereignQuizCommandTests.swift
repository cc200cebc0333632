import AlmanacKit
import Foundation
import Testing

/// `quiz play --sovereign` through the binary (issue 30): only UN member and observer states are
/// asked or offered, so no question shows a territory flying another country's flag (Svalbard,
/// Bouvet Island, Norfolk Island); in English and Russian.
@Suite struct SovereignQuizCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase()
        let loaded = try dir.run(["--db", "a.db", "import", Workdir.packageRoot.appendingPathComponent("SampleData").path])
        #expect(loaded.status == 0, "\(loaded.stderr)")
    }

    /// Plays `rounds` questions answering 1 to each, with standard input from a file.
    func play(_ locale: String, _ arguments: [String], rounds: Int) throws -> Workdir.Output {
        try dir.write("answers.txt", String(repeating: "1\n", count: rounds))
        let words = ["--db", "a.db", "--locale", locale, "quiz", "play", "--seed", "1", "--rounds", String(rounds)] + arguments
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try dir.run(["-c", "exec \"$0\" \(quoted) < answers.txt", Workdir.binary.path], executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// Every code a player's recorded questions asked or offered.
    func codes(_ player: String) throws -> (asked: Set<String>, offered: Set<String>) {
        let rows = try dir.run(["--db", "a.db", "--format", "tsv", "query",
            "SELECT country, options FROM quiz_answers WHERE player = :p", "--param", "p=\(player)"]).stdout
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
        #expect(codes.asked.union(codes.offered).allSatisfy(Sovereignty.isState), "\(codes.asked.union(codes.offered).filter { !Sovereignty.isState($0) })")
        for territory in ["SJ", "BV", "NF"] { #expect(!codes.asked.contains(territory) && !codes.offered.contains(territory)) }
    }

    /// Without it every country of the database is asked: the same seed asks Norfolk Island second.
    @Test func withoutItEveryCountryIsAsked() throws {
        let out = try play("en", ["--player", "All"], rounds: 400)
        #expect(out.status == 0, "\(out.stderr)")
        let codes = try codes("All")
        #expect(codes.asked.count == 249)
        #expect(codes.asked.contains("SJ") && codes.asked.contains("BV"))
    }

    @Test(arguments: [("en", "--sovereign  Ask only UN member and observer states"), ("ru", "--sovereign  Спрашивать только о государствах")])
    func helpSaysSo(_ locale: String, _ line: String) throws {
        let out = try dir.run(["--locale", locale, "quiz", "play", "--help"], environment: ["COLUMNS": "200"])
        #expect(out.status == 0)
        let squeezed = out.stdout.replacingOccurrences(of: #" {2,}"#, with: "  ", options: .regularExpression)
        #expect(squeezed.contains(line), "\(out.stdout)")
    }
}
