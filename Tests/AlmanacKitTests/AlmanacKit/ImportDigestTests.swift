import Foundation
import TestSupport
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit

/// The SHA-256 the import log keeps of each file is the file's, byte for byte, as `sha256sum` gives it,
/// whatever size the reader's chunks are (FIPS 180-4's test vectors, and random bytes against Python's).
@Suite struct ImportDigestTests {
    static let vectors: [(String, String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ]

    /// The digest of a file read to its end by the CSV reader.
    static func digest(of bytes: [UInt8]) throws -> String? {
        let directory = try TemporaryDirectory()
        let path = directory.path("input.csv")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let reader = CSVReader(input: try InputFile(path: path), delimiter: 44, encoding: .utf8, headerFields: 8)
        let batch = RecordBatch()
        while try reader.fill(batch, records: 1000) { batch.reset() }
        return reader.digest
    }

    @Test(arguments: vectors)
    func theStandardsVectors(_ message: String, _ digest: String) throws {
        #expect(try Self.digest(of: Array(message.utf8)) == digest)
    }

    @Test func aFileLargerThanAChunkAgreesWithPython() throws {
        var random = SplitMix64(seed: 3)
        let bytes = (0..<3_000_000).map { _ in UInt8(ascii: "a") + UInt8(truncatingIfNeeded: random.next() % 26) }
        let expected = try Python.run(
            "import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())",
            input: String(decoding: bytes, as: UTF8.self))
        #expect(try Self.digest(of: bytes) == expected.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
