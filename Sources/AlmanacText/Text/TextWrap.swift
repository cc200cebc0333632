/// Text broken into lines that fit a width in terminal columns (see `DisplayWidth`): at spaces where
/// possible, inside a word only when the word alone is wider than a line. Such a word breaks after
/// one of its own hyphens where a piece fits (`Леденец-` / `тросточка`); where none does, it is cut
/// and each cut is marked with a hyphen, so no word is split without one.
public enum TextWrap {
    /// Every line of the wrapped text.
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if DisplayWidth.of(candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            guard DisplayWidth.of(word) > width else {
                current = word
                continue
            }
            var pieces = broken(word, width: width)
            current = pieces.removeLast()
            lines += pieces
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// A word wider than a line in pieces of at most `width` columns: each ends at the word's last
    /// hyphen that fits (`Леденец-`), else is cut a column short and ends with `-`. With a width of
    /// one column there is no room for a mark, and wide characters (CJK, emoji) are cut unmarked.
    static func broken(_ word: String, width: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(word)
        while DisplayWidth.of(rest) > width {
            // The longest prefix that fits, and the longest ending in a hyphen between letters.
            var fits = rest.startIndex
            var used = 0
            var atHyphen: String.Index?
            for index in rest.indices {
                let next = used + DisplayWidth.of(rest[index])
                guard next <= width else { break }
                used = next
                fits = rest.index(after: index)
                if rest[index] == "-", index > rest.startIndex, rest[rest.index(before: index)].isLetter,
                    fits < rest.endIndex, rest[fits].isLetter
                {
                    atHyphen = fits
                }
            }
            if let atHyphen {
                pieces.append(String(rest[..<atHyphen]))
                rest = rest[atHyphen...]
                continue
            }
            // A character wider than the line (a wide one in one column) still goes on a line of its own.
            if fits == rest.startIndex { fits = rest.index(after: fits) }
            // Wide characters (CJK, emoji) break anywhere without a mark, as those scripts do; a
            // narrow word is cut a column short, to make room for its hyphen.
            let last = rest[rest.index(before: fits)]
            guard width > 1, DisplayWidth.of(last) == 1, fits < rest.endIndex, DisplayWidth.of(rest[fits]) == 1 else {
                pieces.append(String(rest[..<fits]))
                rest = rest[fits...]
                continue
            }
            let cut = rest.index(before: fits)
            pieces.append(String(rest[..<cut]) + "-")
            rest = rest[cut...]
        }
        pieces.append(String(rest))
        return pieces
    }

    /// At most `limit` lines; when text is left over, the last line ends with `…`.
    public static func lines(_ text: String, width: Int, limit: Int) -> [String] {
        let all = lines(text, width: width)
        guard all.count > limit, limit > 0 else { return all }
        var kept = Array(all.prefix(limit))
        let last = kept[limit - 1]
        kept[limit - 1] = DisplayWidth.of(last) < width ? last + "…" : DisplayWidth.truncate(last + "…", to: width)
        return kept
    }
}
