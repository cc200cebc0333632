/// Where Swift code names a particular kind: its definition's type (`BookKind`), or its name as
/// `ImportKind`'s member (`ImportKind.books`) or an implicit one (`kind == .books`, `case .doors:`),
/// never a property or method spelled the same (`store.books(…)`, `added.countries`). Read from the
/// code alone (`code`): a comment or a string's words (`"help.books.add"`) name nothing.
enum KindNames {
    /// The kinds `code` names, by line (1-based): `members` are the kinds' names as `ImportKind`'s
    /// members (`books`), `definitions` their definitions' types.
    static func named(in code: String, members: Set<String>, definitions: Set<String>) -> [(line: Int, name: String)] {
        let characters = Array(code)
        var lineStarts = [0]
        for (index, character) in characters.enumerated() where character == "\n" { lineStarts.append(index + 1) }
        func line(_ index: Int) -> Int { lineStarts.lastIndex { $0 <= index }! + 1 }
        var found: [(line: Int, name: String)] = []
        var index = 0
        while index < characters.count {
            guard characters[index].isIdentifier, index == 0 || !characters[index - 1].isIdentifier else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count && characters[end].isIdentifier { end += 1 }
            let word = String(characters[index..<end])
            if definitions.contains(word) {
                found.append((line(index), word))
            } else if members.contains(word), index > 0, characters[index - 1] == ".",
                isImplicitOrOfImportKind(characters, dot: index - 1)
            {
                found.append((line(index), word))
            }
            index = end
        }
        return found
    }

    /// Words after which `.name` is an implicit member (`case .books`), not a member of a value.
    static let keywords: Set = ["case", "return", "in", "where", "else", "if", "guard", "while", "try", "is", "as"]

    /// True when the `.` at `dot` begins an implicit member expression, or follows `ImportKind`.
    private static func isImplicitOrOfImportKind(_ characters: [Character], dot: Int) -> Bool {
        var before = dot - 1
        while before >= 0 && characters[before].isWhitespace { before -= 1 }
        guard before >= 0 else { return true }
        if ")]}?!>\"".contains(characters[before]) { return false }
        guard characters[before].isIdentifier else { return true }
        var start = before
        while start > 0 && characters[start - 1].isIdentifier { start -= 1 }
        let word = String(characters[start...before])
        return word == "ImportKind" || keywords.contains(word)
    }

    /// Swift source without its comments and the text of its string literals (`""` stays in their
    /// place; what an interpolation holds stays, it is code), its lines where they were.
    static func code(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        // The strings being read, innermost last: triple-quoted or not, their `#`s, and the depth of
        // parentheses in the interpolation being read in each (0: in the string's text).
        var strings: [(multiline: Bool, hashes: Int, depth: Int)] = []
        var index = 0
        func at(_ offset: Int, _ string: String) -> Bool {
            let needle = Array(string)
            return index + offset + needle.count <= characters.count
                && Array(characters[(index + offset)..<(index + offset + needle.count)]) == needle
        }
        while index < characters.count {
            let character = characters[index]
            if let string = strings.last, string.depth == 0 {
                // In a string's text.
                let hashes = String(repeating: "#", count: string.hashes)
                if at(0, "\\" + hashes + "(") {
                    strings[strings.count - 1].depth = 1
                    out += " "
                    index += 2 + string.hashes
                } else if at(0, "\\" + hashes) {
                    // An escape (a line's end, in a triple-quoted string, continues the line).
                    if at(1 + string.hashes, "\n") { out.append("\n") }
                    index += 2 + string.hashes
                } else if at(0, (string.multiline ? "\"\"\"" : "\"") + hashes) {
                    strings.removeLast()
                    out += "\""
                    index += (string.multiline ? 3 : 1) + string.hashes
                } else {
                    if character == "\n" { out.append("\n") }
                    index += 1
                }
                continue
            }
            if at(0, "//") {
                while index < characters.count && characters[index] != "\n" { index += 1 }
            } else if at(0, "/*") {
                var depth = 0
                repeat {
                    if at(0, "/*") {
                        depth += 1
                        index += 2
                    } else if at(0, "*/") {
                        depth -= 1
                        index += 2
                    } else {
                        if characters[index] == "\n" { out.append("\n") }
                        index += 1
                    }
                } while depth > 0 && index < characters.count
            } else if character == "\"" || (character == "#" && quoteAfterHashes(characters, index) != nil) {
                let hashes = character == "#" ? quoteAfterHashes(characters, index)! : 0
                let multiline = at(hashes, "\"\"\"")
                strings.append((multiline, hashes, 0))
                out += "\""
                index += hashes + (multiline ? 3 : 1)
            } else {
                if !strings.isEmpty {
                    // In an interpolation: its closing parenthesis goes back to the string's text.
                    if character == "(" { strings[strings.count - 1].depth += 1 }
                    if character == ")" { strings[strings.count - 1].depth -= 1 }
                    if strings[strings.count - 1].depth == 0 {
                        index += 1
                        continue
                    }
                }
                out.append(character)
                index += 1
            }
        }
        return out
    }

    /// The number of `#`s at `index` when a quote follows them (a raw string), else nil.
    private static func quoteAfterHashes(_ characters: [Character], _ index: Int) -> Int? {
        var end = index
        while end < characters.count && characters[end] == "#" { end += 1 }
        return end < characters.count && characters[end] == "\"" ? end - index : nil
    }
}

extension Character {
    /// A letter, digit or `_`: part of a Swift identifier.
    fileprivate var isIdentifier: Bool { isLetter || isNumber || self == "_" }
}
