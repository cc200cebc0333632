import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit

@Suite struct TextCheckTests {
    static func problem(_ bytes: [UInt8]) -> (Int, TextCheck.Problem)? {
        bytes.withUnsafeBytes { TextCheck.firstProblem(in: $0) }.map { ($0.offset, $0.problem) }
    }

    @Test func validTextPasses() {
        #expect(Self.problem(Array("plain ASCII text, long enough for words".utf8)) == nil)
        #expect(Self.problem(Array("Ёлка 🎄 e\u{301} 👩‍👩‍👧".utf8)) == nil)
    }

    @Test(
        arguments: [
            ([0x61, 0x00], 1, TextCheck.Problem.nul),
            ([0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x00], 9, .nul),
            ([0x61, 0xFF], 1, .invalidUTF8(0xFF)),
            ([0xC3, 0x28], 0, .invalidUTF8(0xC3)),  // a lead byte without its continuation
            ([0x61, 0x80], 1, .invalidUTF8(0x80)),  // a lone continuation byte
            ([0xC0, 0xAF], 0, .invalidUTF8(0xC0)),  // an overlong "/"
            ([0xE0, 0x80, 0xAF], 0, .invalidUTF8(0xE0)),  // overlong in three bytes
            ([0xED, 0xA0, 0x80], 0, .invalidUTF8(0xED)),  // a UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], 0, .invalidUTF8(0xF4)),  // past U+10FFFF
            ([0xD0, 0x96, 0xE2, 0x82], 2, .invalidUTF8(0xE2)),  // cut short at the end
            ([0x61, 0xEF, 0xBB, 0xBF, 0x62], 1, .byteOrderMark),  // a second file's mark, joined on
        ] as [([UInt8], Int, TextCheck.Problem)])
    func problemsAreFoundAtTheirByte(_ bytes: [UInt8], _ offset: Int, _ problem: TextCheck.Problem) throws {
        let found = try #require(Self.problem(bytes))
        #expect(found.0 == offset)
        #expect(found.1 == problem)
    }

    /// Over seeded random bytes, most of them letters of two bytes and ASCII, with stray lead,
    /// continuation and zero bytes, the check agrees with Swift's own UTF-8 validation: clean exactly
    /// when the bytes are valid UTF-8 with no NUL and no byte-order mark.
    @Test func agreesWithSwiftsValidationOverRandomBytes() {
        var random = SplitMix64(seed: 28)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array(" ".utf8), Array("Ж".utf8), Array("ё".utf8), Array("€".utf8), Array("🎄".utf8),
            Array("\u{FEFF}".utf8), Array("e\u{301}".utf8), [0x00], [0x80], [0xBF], [0xC0], [0xC2], [0xDF], [0xE0],
            [0xED], [0xF4], [0xFF],
        ]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.below(24) { bytes += random.pick(pieces) }
            let clean =
                String(validating: bytes, as: UTF8.self).map {
                    !$0.unicodeScalars.contains { $0 == "\0" || $0 == "\u{FEFF}" }
                }
                ?? false
            #expect((Self.problem(bytes) == nil) == clean, "\(bytes)")
        }
    }

    @Test func windows1251MatchesItsCodePage() throws {
        let transcoder = try #require(TextEncoding.windows1251.transcoder())
        let bytes: [UInt8] = Array(0xC0...0xFF) + [0xA8, 0xB8, 0xB9, 0x88, 0x20]
        let text = bytes.withUnsafeBytes { String(decoding: transcoder.convert($0), as: UTF8.self) }
        #expect(text == "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюяЁё№€ ")
        let latin = try #require(TextEncoding.latin1.transcoder())
        #expect(
            [UInt8]([0x43, 0x61, 0x66, 0xE9, 0xFF]).withUnsafeBytes {
                String(decoding: latin.convert($0), as: UTF8.self)
            } == "Caféÿ")
    }
}
