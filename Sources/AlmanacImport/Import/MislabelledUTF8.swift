import AlmanacKinds

/// Catches a UTF-8 file imported with an 8-bit `--encoding`: every byte of it would be read as a
/// character of its own, and `Снег` stored as `РЎРЅРµРі`, with no error anywhere. It watches the raw
/// bytes chunk by chunk; the first chunk that holds non-ASCII text decides. Text in a real 8-bit
/// encoding breaks UTF-8's rules within a few letters (a lead byte is followed by a letter, not a
/// continuation byte), so a chunk whose non-ASCII bytes all form UTF-8 characters is UTF-8.
struct MislabelledUTF8 {
    /// The continuation bytes the last lead byte still expects (it may be cut by a chunk's end).
    private var expected = 0
    /// Settled: the file broke UTF-8's rules, or it was refused.
    private(set) var settled = false

    /// What the refusal shows: a sample as UTF-8 and as it would be stored.
    struct Sample: Equatable {
        let utf8: String
        let stored: String
    }

    /// Looks at the next chunk of raw bytes; returns a sample when the chunk settles that the file is
    /// UTF-8 (the caller refuses it), nil while it is undecided or once it is known not to be.
    mutating func look(at bytes: UnsafeRawBufferPointer, as encoding: TextEncoding) -> Sample? {
        guard !settled else { return nil }
        var firstCharacter: Int?
        var whole = false
        for (offset, byte) in bytes.enumerated() {
            if expected > 0 {
                guard byte & 0xC0 == 0x80 else { return notUTF8() }
                expected -= 1
                whole = whole || expected == 0
                continue
            }
            switch byte {
            case 0..<0x80: continue
            case 0xC2...0xDF: expected = 1
            case 0xE0...0xEF: expected = 2
            case 0xF0...0xF4: expected = 3
            default: return notUTF8()
            }
            firstCharacter = firstCharacter ?? offset
        }
        // A character cut by the chunk's end alone does not decide: the next chunk finishes it.
        guard whole else { return nil }
        settled = true
        return Self.sample(bytes, around: firstCharacter ?? 0, as: encoding)
    }

    private mutating func notUTF8() -> Sample? {
        settled = true
        return nil
    }

    /// The field around the byte at `index`: back and on to a delimiter, a quote or a line's end,
    /// at most a few dozen bytes each way, cut at whole characters.
    static func sample(_ bytes: UnsafeRawBufferPointer, around index: Int, as encoding: TextEncoding) -> Sample {
        let stops: Set<UInt8> = [10, 13, 34, 44, 59, 9, 124]
        var start = index
        while start > 0 && index - start < 32 && !stops.contains(bytes[start - 1]) { start -= 1 }
        var end = index
        while end < bytes.count && end - index < 48 && !stops.contains(bytes[end]) { end += 1 }
        // Only the ends can cut a character: the bytes between were checked.
        var field = Array(bytes[start..<end].drop { $0 & 0xC0 == 0x80 })
        while !field.isEmpty && String(validating: field, as: UTF8.self) == nil { field.removeLast() }
        let stored = field.map { byte -> Character in
            let scalar = encoding.scalar(ofByte: byte)
            return Character(Unicode.Scalar(scalar == 0 ? 0xFFFD : scalar) ?? "\u{FFFD}")
        }
        return Sample(utf8: String(decoding: field, as: UTF8.self), stored: String(stored))
    }
}
