import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// Replays the zone harnesses' corpora (`Tests/Fuzz/TZifCorpus` and `PosixTZCorpus`, see `make fuzz`)
/// without sanitizers, then every zone file of the system's tz database and seeded damaged copies of
/// a few: the invariants of `ZoneFuzz` hold for each, and no input traps.
@Suite struct ZoneFuzzTests {
    static let fuzz = PackagePaths.tests("Fuzz")

    static func inputs(_ folder: String) throws -> [(name: String, bytes: Data)] {
        let corpus = fuzz.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted().map {
            ($0, try Data(contentsOf: corpus.appendingPathComponent($0)))
        }
    }

    @Test(arguments: [("TZifCorpus", "tzif"), ("PosixTZCorpus", "posixtz")])
    func everyCorpusInputKeepsTheInvariants(_ folder: String, _ harness: String) throws {
        let inputs = try Self.inputs(folder)
        #expect(
            inputs.count >= 10,
            "run `make fuzz HARNESS=\(harness)` then `HARNESS=\(harness) Tests/Fuzz/fuzz.sh minimize`")
        var failures: [String] = []
        for (name, bytes) in inputs {
            let broken = bytes.withUnsafeBytes {
                folder == "TZifCorpus" ? ZoneFuzz.checkTZif($0) : ZoneFuzz.checkPosixRule($0)
            }
            if let broken { failures.append("\(name): \(broken)") }
        }
        #expect(failures.isEmpty, "\(failures.count) broken: \(failures.prefix(5))")
    }

    /// The system's own zone files, each read and each footer read as a rule.
    @Test func everySystemZoneFileKeepsTheInvariants() throws {
        let root = "/usr/share/zoneinfo"
        guard let walker = FileManager.default.enumerator(atPath: root) else { return }
        var failures: [String] = []
        var read = 0
        while let name = walker.nextObject() as? String {
            guard let data = FileManager.default.contents(atPath: root + "/" + name),
                data.starts(with: Array("TZif".utf8))
            else { continue }
            read += 1
            if let broken = data.withUnsafeBytes({ ZoneFuzz.checkTZif($0) }) { failures.append("\(name): \(broken)") }
            let footer = Array(data.split(separator: 10, omittingEmptySubsequences: false).dropLast().last ?? [])
            if let broken = footer.withUnsafeBytes({ ZoneFuzz.checkPosixRule($0) }) {
                failures.append("\(name) footer: \(broken)")
            }
        }
        #expect(read > 300)
        #expect(failures.isEmpty, "\(failures.count) broken: \(failures.prefix(5))")
    }

    /// Seeded damage to a few real files: up to four bytes changed, or cut short, 2,000 times.
    @Test func damagedZoneFilesKeepTheInvariants() throws {
        var random = SplitMix64(seed: 27)
        var failures: [String] = []
        for zone in ["Europe/Berlin", "right/Europe/Berlin", "America/Santiago", "Pacific/Apia"] {
            guard let whole = FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + zone).map(Array.init) else {
                continue
            }
            for round in 0..<500 {
                var damaged = whole
                for _ in 0..<1 + random.below(4) {
                    damaged[random.below(damaged.count)] = UInt8(truncatingIfNeeded: random.next())
                }
                if round % 5 == 0 { damaged = Array(damaged.prefix(random.below(damaged.count))) }
                if let broken = damaged.withUnsafeBytes({ ZoneFuzz.checkTZif($0) }) {
                    failures.append("\(zone) round \(round): \(broken)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) broken: \(failures.prefix(5))")
    }
}
