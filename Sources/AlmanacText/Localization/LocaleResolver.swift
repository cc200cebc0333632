/// Chooses the user's locale as PRODUCT.md says: `--locale`, else `LC_ALL`, `LC_MESSAGES`, `LANG`,
/// else `en`. `Locale.current` is never consulted: on Linux it is always `en_001`.
public enum LocaleResolver {
    /// The locale identifier to use, normalized (`ru_RU.UTF-8` becomes `ru_RU`).
    public static func resolve(option: String?, environment: [String: String]) -> String {
        let candidates = [option, environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
        for candidate in candidates {
            guard let candidate, !candidate.isEmpty else { continue }
            return normalize(candidate)
        }
        return "en"
    }

    /// The locale of a monitoring-plugin line (`overdue --format nagios`): `--locale` when given, else
    /// English whatever the host's `LANG`, so a check reads the same from every machine that runs it.
    public static func resolveForMonitoring(option: String?) -> String {
        resolve(option: option, environment: [:])
    }

    /// Drops the encoding and modifier (`ru_RU.UTF-8@euro` → `ru_RU`); `C` and `POSIX` mean `en`.
    public static func normalize(_ identifier: String) -> String {
        let base = identifier.split(separator: ".", maxSplits: 1).first.map(String.init) ?? identifier
        let bare = base.split(separator: "@", maxSplits: 1).first.map(String.init) ?? base
        let trimmed = bare.replacingOccurrences(of: "-", with: "_")
        if trimmed.isEmpty || trimmed == "C" || trimmed == "POSIX" { return "en" }
        return trimmed
    }

    /// The language part of an identifier, lowercased (`ru_RU` → `ru`).
    public static func language(of identifier: String) -> String {
        (identifier.split(separator: "_").first.map(String.init) ?? identifier).lowercased()
    }
}
