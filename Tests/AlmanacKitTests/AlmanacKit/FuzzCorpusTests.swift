import AlmanacImport
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit

/// Replays the fuzzer's minimized corpus (`Tests/Fuzz/Corpus`, see `make fuzz`) without sanitizers:
/// every input through the importer of every kind, with the options its first byte selects, and the
/// invariants `ImportProbe` checks (nothing changed by a failed import, clean imports complete and
/// counted right, CHECKs and foreign keys hold, no mojibake). `make stress` replays every input
/// through every kind; `make test` each input through a quarter of the kinds (`isReplayed`).
@Suite struct FuzzCorpusTests {
    static let corpus = PackagePaths.tests("Fuzz/Corpus")

    static let inputs: [Data] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()) ?? []
        return names.compactMap { try? Data(contentsOf: corpus.appendingPathComponent($0)) }
    }()

    static let headerInputs: [Data] = {
        let folder = corpus.deletingLastPathComponent().appendingPathComponent("HeaderCorpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? []
        return names.compactMap { try? Data(contentsOf: folder.appendingPathComponent($0)) }
    }()

    /// The header harness's corpus (`Tests/Fuzz/HeaderCorpus`): each input's header is refused exactly
    /// when it must be, with the invariants of every import.
    @Test func everyHeaderInputIsRefusedExactlyWhenItMustBe() throws {
        #expect(Self.headerInputs.count >= 50, "run `make fuzz` then `Tests/Fuzz/fuzz.sh minimize`")
        let probe = try ImportProbe(directory: NSTemporaryDirectory())
        var failures: [String] = []
        for (index, input) in Self.headerInputs.enumerated() {
            if let broken = input.withUnsafeBytes({ HeaderFuzz.check($0, probe: probe) }) {
                failures.append("input \(index): \(broken)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) broken: \(failures.prefix(5))")
    }

    @Test func theCorpusIsThere() {
        #expect(Self.inputs.count >= 100, "run `make fuzz` then `Tests/Fuzz/fuzz.sh minimize`")
    }

    /// The fuzzers reach every kind: the first byte and the input's length pick it (`ImportProbe.kind`).
    @Test func everyKindCanBeFuzzed() {
        let picked = Set((0...255).flatMap { flags in [1, 2].map { ImportProbe.kind(UInt8(flags), length: $0) } })
        #expect(picked == Set(KindRegistry.listed))
    }

    /// Whether input `index` goes through `kind`: always under `make stress` (ALMANAC_STRESS=1), else
    /// when the two indexes add up to a multiple of 4, so every input meets three kinds and every kind
    /// a quarter of the inputs (the whole product took a sixth of `make test`'s CPU time).
    static func isReplayed(_ index: Int, through kind: ImportKind) -> Bool {
        Stress.isOn || (index + (KindRegistry.listed.firstIndex(of: kind) ?? 0)) % 4 == 0
    }

    @Test(arguments: KindRegistry.listed)
    func everyInputKeepsTheInvariants(_ kind: ImportKind) throws {
        let probe = try ImportProbe(directory: NSTemporaryDirectory())
        var failures: [String] = []
        var replayed = 0
        for (index, input) in Self.inputs.enumerated() where !input.isEmpty && Self.isReplayed(index, through: kind) {
            replayed += 1
            let broken = input.withUnsafeBytes { bytes in
                probe.check(UnsafeRawBufferPointer(rebasing: bytes[1...]), kind: kind, flags: bytes[0])
            }
            if let broken { failures.append("input \(index): \(broken)") }
        }
        #expect(replayed >= Self.inputs.count / 5, "\(replayed) inputs replayed")
        #expect(failures.isEmpty, "\(failures.count) broken: \(failures.prefix(5))")
    }

    /// The probe's own checks see what they look for: a row that breaks a CHECK (written with the
    /// checks off, as the importer writes books), a dangling foreign key, text that is not UTF-8.
    @Test(arguments: [
        ("books", "INSERT INTO books (title, loaned_on, due_on) VALUES ('Bad', '2025-12-01', '2025-02-30')", "CHECK"),
        ("events", "INSERT INTO events (title, starts_at) VALUES ('Bad', '0000-01-01T00:30:00+01:00')", "CHECK"),
        ("doors", "INSERT INTO doors (holiday, door, surprise) VALUES ('nowhere', 3, 'Star')", "foreign key"),
        ("holidays", "INSERT INTO holidays (key, title) VALUES ('bad', CAST(x'41FF42' AS TEXT))", "holds"),
        ("holidays", "INSERT INTO holidays (key, title) VALUES ('bom', 'A' || char(65279))", "holds"),
    ])
    func theProbeSeesABrokenRow(_ table: String, _ sql: String, _ words: String) throws {
        let probe = try ImportProbe(directory: NSTemporaryDirectory())
        #expect(try probe.storedProblem(in: table) == nil)
        try probe.database.execute("PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON")
        try probe.database.execute(sql)
        try probe.database.execute("PRAGMA foreign_keys = ON; PRAGMA ignore_check_constraints = OFF")
        let problem = try #require(try probe.storedProblem(in: table))
        #expect(problem.contains(words), "\(problem)")
    }
}
