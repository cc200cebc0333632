import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacQuiz

/// The names of the rejects files of several inputs: one each, distinct for distinct inputs, in the
/// folder `--rejects` names.
@Suite struct RejectsWriterTests {
    @Test func oneInputUsesTheNameAsGiven() {
        #expect(RejectsWriter.paths("r.csv", inputs: ["books.csv"]) == ["r.csv"])
    }

    @Test func severalInputsEachGetOneNamedAfterThem() {
        #expect(
            RejectsWriter.paths("out/r.csv", inputs: ["a.csv", "b.csv", "-"]) == [
                "out/r-a.csv", "out/r-b.csv", "out/r-stdin.csv",
            ])
        #expect(RejectsWriter.paths("r", inputs: ["a.csv", "b.txt"]) == ["r-a.csv", "r-b.csv"])
        #expect(RejectsWriter.paths("/tmp/.r.csv", inputs: ["a.csv", "b.csv"]) == ["/tmp/.r-a.csv", "/tmp/.r-b.csv"])
    }

    @Test func inputsOfOneNameInDifferentFoldersTakeTheirFolders() {
        let names = RejectsWriter.paths("r.csv", inputs: ["/data/2024/x.csv", "/data/2025/x.csv", "/y.csv"])
        #expect(names == ["r-2024-x.csv", "r-2025-x.csv", "r-y.csv"])
        let deeper = RejectsWriter.paths("r.csv", inputs: ["/a/in/x.csv", "/b/in/x.csv", "/x.csv"])
        #expect(deeper == ["r-a-in-x.csv", "r-b-in-x.csv", "r-x.csv"])
    }

    @Test func theSameFileTwiceIsNumbered() {
        #expect(RejectsWriter.paths("r.csv", inputs: ["/d/x.csv", "/d/x.csv"]) == ["r-d-x-1.csv", "r-d-x-2.csv"])
    }

    @Test(arguments: 2...6)
    func namesAreDistinctWhateverTheInputs(_ count: Int) {
        var random = SeededRandom(seed: UInt64(count))
        let folders = ["/a", "/a/b", "/b", "/a/a"]
        let inputs = (0..<count).map { _ in folders[Int(random.next() % 4)] + "/x.csv" }
        let names = RejectsWriter.paths("r.csv", inputs: inputs)
        #expect(Set(names).count == names.count, "\(inputs) → \(names)")
    }
}
