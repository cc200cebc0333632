@testable import AlmanacKit
import Testing

@Suite struct SHA256Tests {
    static let vectors: [(String, String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ]

    @Test(arguments: vectors)
    func portableAndSystemAgreeWithTheStandard(_ message: String, _ digest: String) {
        var portable = SHA256.portable()
        Array(message.utf8).withUnsafeBytes { portable.update($0) }
        #expect(portable.finalize() == digest)
        #expect(SHA256.hex(Array(message.utf8)) == digest)
    }

    @Test func chunksOfAnySizeGiveTheSameDigest() {
        var random = SplitMix64(seed: 3)
        let bytes = (0..<100_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let whole = SHA256.hex(bytes)
        var portable = SHA256.portable()
        var offset = 0
        while offset < bytes.count {
            let size = min(1 + random.below(300), bytes.count - offset)
            bytes[offset..<offset + size].withUnsafeBytes { portable.update($0) }
            offset += size
        }
        #expect(portable.finalize() == whole)
    }
}
