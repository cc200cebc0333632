import AlmanacKinds

/// The first sentence of a text: what a card's info line shows of an event's description.
///
/// A sentence ends at `.`, `!`, `?` or `…` (or a run of them, and any closing quotes or brackets)
/// followed by white space or the end of the text, except:
/// - after an initial (`J. R. R. Tolkien`, `А. С. Пушкин`) or a run of initials (`U.S.`);
/// - after an abbreviation that comes before what it names: `Dr.`, `Mr.`, `St.`, `e.g.`, `i.e.`,
///   `т. е.`, `ул.`, `г. Москва`, `им.`;
/// - after an abbreviation that may close a sentence (`a.m.`, `etc.`, `т. д.`, `и т. п.`, `2025 г.`)
///   unless the next word starts with a capital letter;
/// - after an ellipsis the next word starts in lower case (`provided… but bring a towel`);
/// - inside a number (`3.5`), or after a list number that opens the text (`1. Preheat`).
/// Chinese and Japanese end a sentence at a full-width `。`, `！` or `？` (or the half-width `｡`), with
/// no space after it: there the sentence ends at once, with any closing quotes or brackets (`」`).
/// White space inside the sentence is folded to single spaces, so the result is one line.
public enum FirstSentence {
    /// The first sentence of `text`, or the whole text (folded) when no sentence ends in it.
    public static func of(_ text: String) -> String {
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            guard terminators.contains(characters[index]) || wideTerminators.contains(characters[index]) else {
                index += 1
                continue
            }
            var runEnd = index
            while runEnd + 1 < characters.count,
                terminators.contains(characters[runEnd + 1]) || wideTerminators.contains(characters[runEnd + 1])
            {
                runEnd += 1
            }
            var last = runEnd
            while last + 1 < characters.count,
                closers.contains(characters[last + 1]) || wideClosers.contains(characters[last + 1])
            { last += 1 }
            if characters[index...runEnd].contains(where: wideTerminators.contains) {
                return folded(characters[...last])
            }
            if last + 1 == characters.count || characters[last + 1].isWhitespace,
                endsSentence(
                    characters, start: index, run: characters[index...runEnd], next: nextWord(characters, after: last))
            {
                return folded(characters[...last])
            }
            index = last + 1
        }
        return folded(characters[...])
    }

    package static let terminators: Set<Character> = [".", "!", "?", "…"]
    package static let closers: Set<Character> = ["\"", "'", "»", "”", "’", "“", ")", "]", "}", "›"]
    /// Chinese and Japanese terminators, which end a sentence with no space after them.
    package static let wideTerminators: Set<Character> = ["。", "｡", "！", "？"]
    package static let wideClosers: Set<Character> = ["」", "』", "）", "】", "〕", "》", "〉", "”", "’", "｣", "］", "｝"]
    package static let openers: Set<Character> = ["\"", "'", "«", "“", "„", "‘", "(", "[", "{", "‹", "—", "–", "-"]

    /// Abbreviations that come before what they name, so they never end a sentence. Titles are
    /// matched as written (`No.` but not `no.`); the others in any case.
    package static let titles: Set<String> = [
        "Mr", "Mrs", "Ms", "Mx", "Dr", "Prof", "Rev", "St", "Mt", "Ft", "Sgt", "Capt", "Col", "Gen", "Lt",
        "Fr", "Hon", "Gov", "Sen", "Rep", "Pres", "No", "Nr", "Nos", "Fig", "Vol", "Ch", "Art",
    ]
    package static let prefixes: Set<String> = [
        "e.g", "i.e", "cf", "vs", "viz",
        "ул", "пр", "просп", "пл", "пер", "наб", "ш", "бул", "кв", "д", "корп", "им", "пос", "обл", "р", "о", "м",
        "с", "проф", "акад", "доц", "св", "тов", "гр", "ст", "напр", "ср", "см", "рис", "табл", "стр", "гл", "т",
    ]
    /// Abbreviations that may close a sentence: they end one only when a capital letter follows.
    package static let closing: Set<String> = [
        "a.m", "p.m", "etc", "approx", "incl", "jr", "sr", "inc", "ltd", "co", "corp", "min", "max", "ca",
        "руб", "коп", "тыс", "млн", "млрд", "гг", "вв", "в", "др", "мин", "сек", "ч", "кг", "км",
    ]
    /// The letter after `т.` in Russian's two-part abbreviations, and whether that one may close a
    /// sentence (`и т. д.` may; `т. е.` introduces what follows).
    package static let afterT: [String: Bool] = ["е": false, "к": false, "н": false, "д": true, "п": true]

    /// Units written after a number (`2025 г.`, `5 м.`): there they may close a sentence, while the
    /// same letters before a name are prefixes (`г. Москва`, `м. Арбатская`).
    package static let units: Set<String> = [
        "г", "м", "с", "ч", "л", "в", "гг", "вв", "кг", "км", "мин", "сек", "руб", "коп", "тыс", "млн", "млрд",
    ]

    /// Whether the run of terminators `run` (starting at `start`) ends the sentence, given the first
    /// character of the word after it.
    package static func endsSentence(
        _ characters: [Character], start: Int, run: ArraySlice<Character>, next: Character?
    )
        -> Bool
    {
        let startsUpper = next.map(\.isUppercase) ?? true
        if run.contains("!") || run.contains("?") { return true }
        guard run.count == 1, run.first == "." else {
            // An ellipsis: a pause when the sentence goes on in lower case.
            return !(next?.isLowercase ?? false)
        }
        let (word, previous, isFirst) = wordBefore(characters, start)
        guard let word else { return true }
        let lower = word.lowercased()
        if word.allSatisfy(\.isNumber) { return !isFirst }
        if previous?.allSatisfy(\.isNumber) == true, units.contains(lower) { return startsUpper }
        if previous?.lowercased() == "т.", let closes = afterT[lower] { return closes && startsUpper }
        if titles.contains(word) || prefixes.contains(lower) || lower == "г" { return false }
        if closing.contains(lower) { return startsUpper }
        // An initial, or a run of them: one letter, or letters joined by dots (`U.S`, `J.R.R`).
        if word.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({
            $0.count == 1 && $0.first!.isLetter
        }) {
            return word.first!.isUppercase ? false : startsUpper
        }
        return true
    }

    /// The word just before the terminator at `run` (without opening quotes or brackets), the word
    /// before that (with its own dot, as in `т.`), and whether the word opens the text.
    package static func wordBefore(_ characters: [Character], _ run: Int) -> (
        word: String?, previous: String?, isFirst: Bool
    ) {
        var start = run
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        while start < run, openers.contains(characters[start]) { start += 1 }
        guard start < run else { return (nil, nil, false) }
        var end = start
        while end > 0, characters[end - 1].isWhitespace { end -= 1 }
        var begin = end
        while begin > 0, !characters[begin - 1].isWhitespace { begin -= 1 }
        let previous = begin < end ? String(characters[begin..<end]) : nil
        return (String(characters[start..<run]), previous, previous == nil)
    }

    /// The first letter or digit of the word after `index`, past white space and opening quotes.
    package static func nextWord(_ characters: [Character], after index: Int) -> Character? {
        var position = index + 1
        while position < characters.count, characters[position].isWhitespace || openers.contains(characters[position]) {
            position += 1
        }
        return position < characters.count ? characters[position] : nil
    }

    /// The characters with surrounding white space removed and inner runs folded to one space.
    package static func folded(_ characters: ArraySlice<Character>) -> String {
        characters.split(whereSeparator: \.isWhitespace).map { String($0) }.joined(separator: " ")
    }
}
