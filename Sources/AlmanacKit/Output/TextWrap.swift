/// Text broken into lines of at most a given number of terminal columns.
public enum TextWrap {
    /// The words of `text` (split at white space, which includes line breaks) set into lines of at most
    /// `width` columns, greedily. A word wider than a line is broken between characters, never
    /// inside one: a wide character that does not fit goes to the next line whole.
    public static func lines(_ text: String, width: Int) -> [String] {
        let width = max(width, 2)
        var lines: [String] = []
        var line = "", used = 0
        func flush() {
            if !line.isEmpty { lines.append(line) }
            line = ""
            used = 0
        }
        for word in text.split(whereSeparator: \.isWhitespace) {
            let wordWidth = DisplayWidth.of(word)
            if used > 0 && used + 1 + wordWidth <= width {
                line += " " + word
                used += 1 + wordWidth
                continue
            }
            flush()
            if wordWidth <= width {
                line = String(word)
                used = wordWidth
                continue
            }
            for character in word {
                let characterWidth = DisplayWidth.of(character)
                if used + characterWidth > width { flush() }
                line.append(character)
                used += characterWidth
            }
        }
        flush()
        return lines
    }
}
