import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput

@Suite struct KeyTests {
    @Test(
        arguments: [
            ([0x20], [Key.character(" ")]),
            ([0x71, 0x51], [.character("q"), .character("Q")]),
            ([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x1B, 0x4F, 0x43, 0x1B, 0x5B, 0x44], [.up, .down, .right, .left]),
            ([0x1B], [.escape]),
            ([0x1B, 0x71], [.escape, .character("q")]),
            ([0x03, 0x04, 0x0D, 0x7F, 0x09], [.interrupt, .endOfInput, .enter, .backspace, .tab]),
            ([0xD0, 0xB9, 0xF0, 0x9F, 0x8E, 0x84], [.character("й"), .character("🎄")]),
            ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x41], [.up]),
            ([0xFF], [.other([0xFF])]),
            ([0xD0], [.other([0xD0])]),
        ] as [([UInt8], [Key])])
    func decode(_ bytes: [UInt8], _ keys: [Key]) {
        #expect(Key.decode(bytes) == keys)
    }
}
