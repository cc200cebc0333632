import Foundation
import Testing

/// Rules about the tests themselves (issue 28): every suite that runs short in `make test` and whole
/// under `ALMANAC_STRESS=1` is one `make stress` runs, and no test seeds a generator from the clock, so
/// a failure replays with the seed it prints.
@Suite struct TestRulesTests {
    /// Every Swift file under `Tests/`, with its text.
    static func testFiles() throws -> [(name: String, text: String)] {
        let root = Workdir.packageRoot.appendingPathComponent("Tests")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return try (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
            .map { ($0.deletingPathExtension().lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// The suites `make stress` runs: the Makefile's STRESS_SUITES.
    static func stressSuites() throws -> Set<String> {
        let makefile = try String(
            contentsOf: Workdir.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("STRESS_SUITES := ") })
        return Set(line.dropFirst("STRESS_SUITES := ".count).split(separator: "|").map(String.init))
    }

    @Test func everySuiteThatReadsTheStressSwitchIsOneMakeStressRuns() throws {
        let suites = try Self.stressSuites()
        // The files that read the switch, but for its own declarations (`Stress`, `StressFile`) and this one.
        let gated = try Self.testFiles()
            .filter { $0.text.contains("Stress.isOn") && !$0.name.hasPrefix("Stress") && $0.name != "TestRulesTests" }
            .map(\.name)
        #expect(gated.count >= 7, "\(gated)")
        for name in gated { #expect(suites.contains(name), "\(name) reads ALMANAC_STRESS but is not in STRESS_SUITES") }
        let files = Set(try Self.testFiles().map(\.name))
        for suite in suites { #expect(files.contains(suite), "STRESS_SUITES names \(suite), which no file holds") }
    }

    @Test func noTestSeedsFromTheClock() throws {
        let clockSeeds = [
            try Regex(#"SystemRandomNumberGenerator"#),
            try Regex(#"\.random\((in:(?![^)]*using:)[^)]*)?\)"#),
            try Regex(#"\.(shuffled|randomElement)\(\)"#),
            try Regex(#"seed: [^,)\n]*(Date\(\)|\.now|time\(nil\)|timeIntervalSince)"#),
        ]
        var checked = 0
        for file in try Self.testFiles() where file.name != "TestRulesTests" {
            for pattern in clockSeeds {
                #expect(file.text.firstMatch(of: pattern) == nil, "\(file.name) draws from the clock or the system")
            }
            checked += 1
        }
        #expect(checked >= 200)
    }
}
