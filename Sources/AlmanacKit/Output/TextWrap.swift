/// Text broken into lines that fit a width in terminal columns (see `DisplayWidth`): at spaces where
/// possible, inside a word only when the word alone is wider than a line.
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
            // A word wider than a line is cut into pieces of the line's width.
            var piece = ""
            for character in word {
                if DisplayWidth.of(piece) + DisplayWidth.of(character) > width, !piece.isEmpty {
                    lines.append(piece)
                    piece = ""
                }
                piece.append(character)
            }
            current = piece
        }
        if !current.isEmpty { lines.append(current) }
        return lines
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
