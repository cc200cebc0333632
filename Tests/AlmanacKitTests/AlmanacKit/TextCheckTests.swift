import Testing

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
