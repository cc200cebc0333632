/// How many terminal columns text takes: Latin and Cyrillic 1, CJK and fullwidth forms 2, emoji and
/// flags 2, combining marks and joiners 0. Counted per grapheme cluster, the way terminals draw them,
/// so `é` written as `e` + U+0301 is 1 and a family emoji joined by ZWJ is 2.
public enum DisplayWidth {
    /// The width of a whole string.
    public static func of(_ text: some StringProtocol) -> Int {
        if let width = simpleWidth(text) { return width }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The width of text whose every character is one column wide and never joins a neighbour
    /// (printable ASCII; Latin, Greek and Cyrillic up to U+04FF other than combining marks and C1
    /// controls; the dashes, quotes and ellipsis of U+2010–U+2027 and U+2030–U+205E; the arrows of
    /// U+2190–U+21FF), counted straight from its UTF-8; nil for any other text. Long listings are
    /// mostly such text, and this is many times faster than going grapheme by grapheme.
    package static func simpleWidth(_ text: some StringProtocol, refusing refused: RefusedBytes = .none) -> Int? {
        if let width = text.utf8.withContiguousStorageIfAvailable({ simpleWidth(utf8: $0, refusing: refused) }) {
            return width
        }
        return ContiguousArray(text.utf8).withUnsafeBufferPointer { simpleWidth(utf8: $0, refusing: refused) }
    }

    /// `simpleWidth` of valid UTF-8 bytes (text still in SQLite's memory); nil too when one of the
    /// bytes is a `refusing` one (a markdown cell's `|`, `<` and `>` must be escaped).
    package static func simpleWidth(utf8 bytes: UnsafeBufferPointer<UInt8>, refusing refused: RefusedBytes = .none)
        -> Int?
    {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        func has(_ word: UInt64, _ byte: UInt64) -> Bool { ((word ^ byte) &- ones) & ~(word ^ byte) & high != 0 }
        var width = 0
        var index = 0
        while index < count {
            // Eight printable ASCII bytes at a time: no high bit, no byte below 0x20, none 0x7F, none refused.
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & high == 0, (word &- 0x20 &* ones) & ~word & high == 0, (word &+ ones) & high == 0,
                    !has(word, refused.words.0), !has(word, refused.words.1), !has(word, refused.words.2)
                {
                    width += 8
                    index += 8
                    continue
                }
                // Four Cyrillic letters (U+0400–U+047F: a lead byte D0 or D1, then a continuation byte).
                if word & 0xC0FE_C0FE_C0FE_C0FE == 0x80D0_80D0_80D0_80D0 {
                    width += 4
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte < 0x80 {
                guard byte >= 0x20, byte != 0x7F, !refused.contains(byte) else { return nil }
                index += 1
            } else if byte == 0xD0 || byte == 0xD1 {
                // U+0400–U+047F: Cyrillic letters, all one column (its combining marks start at U+0483).
                index += 2
            } else if byte == 0xE2 {
                guard index + 2 < count else { return nil }
                let scalar = UInt32(base[index + 1] & 0x3F) << 6 | UInt32(base[index + 2] & 0x3F) | 0x2000
                guard simpleRanges.contains(where: { $0.contains(scalar) }) else { return nil }
                index += 3
            } else {
                guard (0xC2...0xD3).contains(byte), index + 1 < count else { return nil }
                let scalar = UInt32(byte & 0x1F) << 6 | UInt32(base[index + 1] & 0x3F)
                guard scalar >= 0xA0, !(0x300...0x36F).contains(scalar), !(0x483...0x489).contains(scalar) else {
                    return nil
                }
                index += 2
            }
            width += 1
        }
        return width
    }

    /// Up to three ASCII bytes a text may not hold to be counted straight by `simpleWidth`.
    package struct RefusedBytes: Sendable {
        package let bytes: (UInt8, UInt8, UInt8)
        /// Each byte repeated in a word, for eight bytes at a time.
        package let words: (UInt64, UInt64, UInt64)

        /// Refuses `first` and, when given, the others. (0x80, which no ASCII byte is, fills the rest.)
        package init(_ first: UInt8, _ second: UInt8 = 0x80, _ third: UInt8 = 0x80) {
            bytes = (first, second, third)
            let ones: UInt64 = 0x0101_0101_0101_0101
            words = (UInt64(first) &* ones, UInt64(second) &* ones, UInt64(third) &* ones)
        }

        /// Nothing refused.
        package static let none = RefusedBytes(0x80)
        /// What a markdown cell escapes: `|` (a cell's end) and `<` `>` (HTML a viewer would render).
        package static let markdown = RefusedBytes(UInt8(ascii: "|"), UInt8(ascii: "<"), UInt8(ascii: ">"))

        package func contains(_ byte: UInt8) -> Bool {
            byte < 0x80 && (byte == bytes.0 || byte == bytes.1 || byte == bytes.2)
        }
    }

    /// The three-byte ranges `simpleWidth` counts as one column each.
    static let simpleRanges: [ClosedRange<UInt32>] = [0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF]

    /// The width of one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // A variation selector decides: U+FE0F asks for the emoji picture, U+FE0E for text.
        if scalars.count > 1 {
            if scalars.contains("\u{FE0F}") && first.properties.isEmoji { return 2 }
            if scalars.contains("\u{FE0E}") { return 1 }
            if isRegionalIndicator(first) { return 2 }
            // Emoji ZWJ sequences and skin tones draw as one picture.
            if first.properties.isEmojiPresentation { return 2 }
        }
        // A cluster that starts with a mark (text that begins with a combining accent) still takes its base's width.
        for scalar in scalars {
            let width = of(scalar)
            if width > 0 { return width }
        }
        return 0
    }

    /// The width of one scalar on its own.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        // Hangul medial vowels and final consonants join the syllable.
        if (0x1160...0x11FF).contains(value) { return 0 }
        if isRegionalIndicator(scalar) || scalar.properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    /// Text cut to at most `width` columns, ending with `…` when something was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let next = of(character)
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// Text centred in `width` columns; an odd space goes to the right, as sqlite3's box mode does.
    public static func center(_ text: String, in width: Int) -> String {
        let gap = max(0, width - of(text))
        return String(repeating: " ", count: gap / 2) + text + String(repeating: " ", count: gap - gap / 2)
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, W and F) outside the emoji
    /// blocks, which `isEmojiPresentation` covers.
    static func isWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Sorted, non-overlapping.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x2FFB,  // CJK radicals, ideographic description
        0x3000...0x303E,  // CJK symbols and punctuation, ideographic space
        0x3041...0x3096, 0x3099...0x30FF,  // Hiragana, Katakana
        0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E3, 0x31F0...0x321E, 0x3220...0x3247,
        0x3250...0x4DBF,  // enclosed CJK, CJK compatibility, CJK extension A
        0x4E00...0xA48C, 0xA490...0xA4C6,  // CJK unified ideographs, Yi
        0xA960...0xA97C,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B,  // vertical and small forms
        0xFF01...0xFF60, 0xFFE0...0xFFE6,  // fullwidth forms
        // Tangut, Khitan
        0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08,
        0x1AFF0...0x1AFFE, 0x1B000...0x1B122, 0x1B132...0x1B132, 0x1B150...0x1B152, 0x1B155...0x1B155,
        0x1B164...0x1B167, 0x1B170...0x1B2FB,  // Kana supplement, Nushu
        // enclosed ideographs
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,  // CJK extensions B and beyond
    ]
}
