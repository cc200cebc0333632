import AlmanacText

/// The words a yes-or-no field may hold: `true`, `false`, `1`, `0`, and `value.yes` and `value.no` in
/// every language Almanac has, any case (an export with `--headers titles` writes the locale's words).
package enum YesNoWords {
    /// Every accepted word, lower case, and what it means.
    static let words: [String: Bool] = {
        var words = ["true": true, "1": true, "false": false, "0": false]
        for language in Localizer.languages {
            if let yes = Localizer.catalog[language]?["value.yes"] { words[yes.lowercased()] = true }
            if let no = Localizer.catalog[language]?["value.no"] { words[no.lowercased()] = false }
        }
        return words
    }()

    /// What `text` says, or nil when it is no such word.
    package static func read(_ text: String) -> Bool? {
        words[text.lowercased()]
    }
}
