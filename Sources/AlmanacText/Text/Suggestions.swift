/// "Did you mean …?" for a mistyped command, option or value: the nearest one or two of the words
/// that exist, by edit distance.
public enum Suggestions {
    /// The words of `candidates` nearest to `word`, at most two, and only those close enough to be a
    /// typo of it: within a third of its length in edits (at least one edit), where swapping two
    /// neighbouring letters is one edit (`shwo` → `show`) and a word that begins with what was typed
    /// (`anim` → `animation`) counts as one edit away. A second word is given only when it is as near
    /// as the first. Case does not matter.
    public static func nearest(to word: String, among candidates: [String]) -> [String] {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty else { return [] }
        let limit = max(1, typed.count / 3)
        let ranked = candidates.compactMap { candidate -> (String, Int)? in
            let known = Array(candidate.lowercased())
            guard known != typed else { return nil }
            var edits = distance(typed, known)
            if typed.count >= 3 && known.starts(with: typed) { edits = min(edits, 1) }
            return edits <= limit ? (candidate, edits) : nil
        }
        .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        guard let best = ranked.first else { return [] }
        return ranked.prefix(2).filter { $0.1 == best.1 }.map(\.0)
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbouring characters, each one edit.
    package static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
