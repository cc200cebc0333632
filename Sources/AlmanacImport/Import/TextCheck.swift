import AlmanacKinds

/// Byte-level checks of field text: valid UTF-8, no NUL and no byte-order mark, found at their exact byte.
enum TextCheck {
    /// What is wrong with a field's bytes.
    enum Problem: Equatable {
        case nul
        case invalidUTF8(UInt8)
        /// U+FEFF past the start of the file: two files joined together, whose second mark would
        /// otherwise hide in a key or a title, invisible and never matching.
        case byteOrderMark
    }

    /// The first problem in the bytes and its offset, or nil when they are clean UTF-8.
    static func firstProblem(in bytes: UnsafeRawBufferPointer) -> (offset: Int, problem: Problem)? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        // Eight ASCII bytes at a time, the common case: no high bit set and no zero byte.
        while index + 8 <= count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let hasZero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if word & 0x8080_8080_8080_8080 != 0 || hasZero != 0 { break }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0 { return (index, .nul) }
            if byte < 0x80 {
                index += 1
                continue
            }
            // Two bytes from C2 on (Cyrillic, Greek, Latin letters with marks): valid whenever the
            // second continues them, and never a surrogate or a byte-order mark.
            if byte >= 0xC2 && byte <= 0xDF && index + 1 < count && bytes[index + 1] & 0xC0 == 0x80 {
                index += 2
                continue
            }
            let length: Int
            let minimum: UInt32
            var scalar: UInt32
            switch byte {
            case 0xC2...0xDF:
                length = 2
                minimum = 0x80
                scalar = UInt32(byte & 0x1F)
            case 0xE0...0xEF:
                length = 3
                minimum = 0x800
                scalar = UInt32(byte & 0x0F)
            case 0xF0...0xF4:
                length = 4
                minimum = 0x10000
                scalar = UInt32(byte & 0x07)
            default: return (index, .invalidUTF8(byte))
            }
            guard index + length <= count else { return (index, .invalidUTF8(byte)) }
            for offset in 1..<length {
                let next = bytes[index + offset]
                guard next & 0xC0 == 0x80 else { return (index, .invalidUTF8(byte)) }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
                return (index, .invalidUTF8(byte))
            }
            if scalar == 0xFEFF { return (index, .byteOrderMark) }
            index += length
        }
        return nil
    }

    /// The number of characters (code points) in valid UTF-8: the bytes that do not continue one.
    static func characterCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
