import Foundation

/// Looks up user-facing words in the embedded translation files (`Translations/<language>/*.strings`).
///
/// A key missing from the chosen language falls back to English, and a key missing from English
/// prints as itself, so a gap shows instead of crashing. Messages name their arguments: `{path}`.
public struct Localizer: Sendable {
    /// The locale the user asked for, normalized (`ru_RU`, `de`, `en`); dates and numbers use it.
    public let localeIdentifier: String
    /// The language whose words are used: a language with translations, else `en`.
    public let language: String
    private let table: [String: String]

    /// A localizer for a locale identifier such as `ru`, `ru_RU` or `de_DE`.
    public init(locale identifier: String) {
        let normalized = LocaleResolver.normalize(identifier)
        let language = LocaleResolver.language(of: normalized)
        self.localeIdentifier = normalized
        self.language = Self.catalog[language] == nil ? "en" : language
        var table = Self.catalog["en"] ?? [:]
        if self.language != "en" {
            table.merge(Self.catalog[self.language] ?? [:]) { _, translated in translated }
        }
        self.table = table
    }

    /// English words with English formats.
    public static let english = Localizer(locale: "en")

    /// The Foundation locale for dates, numbers and collation.
    public var locale: Locale { Locale(identifier: localeIdentifier) }

    /// The message for a key, with `{name}` placeholders replaced by the arguments. `{name#unit}`
    /// writes a whole-number argument as a count of `unit` in the language's plural form
    /// (`{months#unit.month}`: `1 month`, `3 месяца`), so a rule can pass a plain number.
    public func callAsFunction(_ key: String, _ arguments: [String: String] = [:]) -> String {
        let template = table[key] ?? key
        guard !arguments.isEmpty, template.contains("{") else { return template }
        return Self.substitute(template, arguments) { self.count($0, unit: $1) }
    }

    /// True when the key has a translation in English (every key must).
    public func hasKey(_ key: String) -> Bool { table[key] != nil }

    package static func substitute(
        _ template: String, _ arguments: [String: String],
        counting: ((Int, String) -> String)? = nil
    ) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                result += rest[open...]
                return result
            }
            let placeholder = rest[rest.index(after: open)..<close]
            let name = String(placeholder.prefix { $0 != "#" })
            var value = arguments[name]
            if name.count < placeholder.count, let counting, let number = value.flatMap({ Int($0) }) {
                value = counting(number, String(placeholder.dropFirst(name.count + 1)))
            }
            result += value ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
            // A value ending in a full stop (an abbreviated month, `29 дек.`) closes the sentence
            // with it: the message's own full stop is left out rather than doubled.
            if value?.hasSuffix(".") == true, rest.first == ".", rest.dropFirst().first != "." {
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    // MARK: Catalog

    /// Every language's translations, by language code, merged over that language's files.
    public static let catalog: [String: [String: String]] = {
        var catalog: [String: [String: String]] = [:]
        for file in TranslationFiles.all where file.path.hasSuffix(".strings") {
            let components = file.path.split(separator: "/")
            guard components.count >= 3 else { continue }
            let language = String(components[1])
            catalog[language, default: [:]].merge(parseStrings(file.contents, path: file.path)) { $1 }
        }
        return catalog
    }()

    /// The languages that have translations.
    public static var languages: [String] { catalog.keys.sorted() }

    /// Parses a `.strings` file (`"key" = "value";`). A file that does not parse is a build defect,
    /// caught by the translation tests; at run time its keys fall back to English.
    static func parseStrings(_ text: String, path: String) -> [String: String] {
        guard let data = text.data(using: .utf8),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
            let table = plist as? [String: String]
        else { return [:] }
        return table
    }
}
