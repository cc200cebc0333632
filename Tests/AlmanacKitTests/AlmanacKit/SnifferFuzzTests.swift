import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit

/// Replays the sniffer fuzzer's corpus (`Tests/Fuzz/SnifferCorpus`, see `make fuzz`) without
/// sanitizers, and a few inputs of its own: the invariants of `SnifferFuzz` hold for each.
@Suite struct SnifferFuzzTests {
    static let corpus = PackagePaths.tests("Fuzz/SnifferCorpus")

    @Test func everyCorpusInputKeepsTheInvariants() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(names.count >= 20, "run `make fuzz` then `HARNESS=sniffer Tests/Fuzz/fuzz.sh minimize`")
        var failures: [String] = []
        for name in names {
            let input = try Data(contentsOf: Self.corpus.appendingPathComponent(name))
            if let broken = input.withUnsafeBytes({ SnifferFuzz.check($0) }) { failures.append("\(name): \(broken)") }
        }
        #expect(failures.isEmpty, "\(failures.count) broken: \(failures.prefix(5))")
    }

    @Test(arguments: [
        Array("\u{0}a\u{FE}b\u{FE}c".utf8), Array("\u{41}sep=;\n\"x\"\"".utf8),
        [0xE7] + Array("\"\r\n;,\t|\u{FE}\u{FE}".utf8), [0x80], [],
    ])
    func ownInputsKeepTheInvariants(_ input: [UInt8]) {
        #expect(input.withUnsafeBytes { SnifferFuzz.check($0) } == nil)
    }
}
