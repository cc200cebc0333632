import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacQuiz

/// The renderer harness's invariants (`RendererFuzz`) over its minimized corpus
/// (`Tests/Fuzz/RendererCorpus`) and over seeded random tables: the box lines up and reads back from
/// its spool file as it was held, no control character reaches table, markdown or tsv raw, csv and
/// json read back to the cells' values.
@Suite struct RendererFuzzTests {
    static let corpus = PackagePaths.tests("Fuzz/RendererCorpus")

    @Test func everyCorpusInputKeepsTheInvariants() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
        #expect(files.count >= 20, "the corpus is there")
        for name in files {
            let bytes = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent(name)))
            let broken = try RendererFuzz(bytes).check()
            #expect(broken == nil, "\(name): \(broken ?? "")")
        }
    }

    @Test(arguments: 0..<200)
    func seededTablesKeepTheInvariants(_ seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let bytes = (0..<(8 + Int(random.next() % 300))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let broken = try RendererFuzz(bytes).check()
        #expect(broken == nil, "seed \(seed): \(broken ?? "") \(bytes)")
    }
}
