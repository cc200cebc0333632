import AlmanacKinds

/// The four choices a flag question offered, stored as `DE|FR|IT|ES`.
public enum QuizOptions {
    /// How many choices a question offers.
    public static let count = 4

    /// Checks stored options against the country asked and the one chosen: four distinct assigned
    /// ISO 3166-1 codes joined by `|`, among them both `country` and `chosen`.
    public static func check(_ text: String, country: String, chosen: String) -> RuleViolation? {
        let codes = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard codes.count == count, codes.allSatisfy({ $0.utf8.count == 2 }) else {
            return RuleViolation("rule.quiz.options-format", ["count": String(count)])
        }
        if let unknown = codes.first(where: { !ISO3166.isAssigned($0) }) {
            return RuleViolation("rule.quiz.options-unknown", ["code": unknown])
        }
        var seen: Set<String> = []
        for code in codes where !seen.insert(code).inserted {
            return RuleViolation("rule.quiz.options-repeated", ["code": code])
        }
        for required in [country, chosen] where !seen.contains(required) {
            return RuleViolation("rule.quiz.options-missing", ["code": required])
        }
        return nil
    }
}
