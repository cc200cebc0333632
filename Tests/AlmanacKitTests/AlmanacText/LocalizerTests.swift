import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

@Suite struct LocalizerTests {
    @Test func englishAndRussianAreBothPresent() {
        #expect(Localizer.languages.contains("en"))
        #expect(Localizer.languages.contains("ru"))
    }

    @Test func everyTranslationFileParses() throws {
        for file in TranslationFiles.all {
            let table = Localizer.parseStrings(file.contents, path: file.path)
            #expect(!table.isEmpty, "\(file.path) does not parse as a .strings file")
        }
    }

    /// A key with its plural category taken off (`unit.book.few` → `unit.book`), or nil for a plain key.
    static func pluralStem(_ key: String) -> String? {
        guard let dot = key.lastIndex(of: "."), PluralCategory(rawValue: String(key[key.index(after: dot)...])) != nil,
            key.hasPrefix("unit.")
        else { return nil }
        return String(key[..<dot])
    }

    /// Plain keys as they are, counted nouns by their stem: languages differ in plural forms, not in words.
    static func normalizedKeys(_ language: String) -> Set<String> {
        Set((Localizer.catalog[language] ?? [:]).keys.map { pluralStem($0) ?? $0 })
    }

    @Test func everyKeyExistsInEveryLanguage() throws {
        let english = Self.normalizedKeys("en")
        for language in Localizer.languages {
            let keys = Self.normalizedKeys(language)
            #expect(english.subtracting(keys).sorted() == [], "missing in \(language)")
            #expect(keys.subtracting(english).sorted() == [], "only in \(language)")
        }
    }

    @Test func everyCountedNounHasEachPluralFormOfItsLanguage() throws {
        for language in Localizer.languages {
            let table = Localizer.catalog[language] ?? [:]
            let stems = Set(table.keys.compactMap(Self.pluralStem))
            #expect(!stems.isEmpty)
            let needed = Set(PluralRules.categories(for: language).map(\.rawValue))
            for stem in stems {
                let present = Set(
                    table.keys.filter { Self.pluralStem($0) == stem }.map { String($0.dropFirst(stem.count + 1)) })
                #expect(present == needed, "\(language): \(stem) has \(present.sorted()), needs \(needed.sorted())")
            }
        }
    }

    @Test func placeholdersMatchAcrossLanguages() throws {
        let placeholder = try Regex(#"\{[a-z_-]+(#[a-z.]+)?\}"#)
        func names(_ text: String) -> Set<String> { Set(text.matches(of: placeholder).map { String(text[$0.range]) }) }
        let english = Localizer.catalog["en"] ?? [:]
        for language in Localizer.languages where language != "en" {
            for (key, text) in Localizer.catalog[language] ?? [:] {
                let englishKey = Self.pluralStem(key).map { $0 + ".other" } ?? key
                #expect(names(text) == names(english[englishKey] ?? ""), "\(language): \(key)")
            }
        }
    }

    /// The package's folder, for the sources and reports the key test reads.
    static let packageRoot = PackagePaths.root

    /// The text of every file under `folder` (of the package) whose name ends with `suffix`.
    static func texts(under folder: String, ending suffix: String) throws -> [String] {
        let root = packageRoot.appendingPathComponent(folder)
        let paths =
            FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter {
                $0.hasSuffix(suffix)
            } ?? []
        return try paths.map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
    }

    /// The code's own words: every translation key a source file or a report names exists in every
    /// language (`terminal.error.read` was named and missing), and every key of the files is named
    /// somewhere: as itself, by a prefix the code completes (`"column." + name`), or, for a plural
    /// form or a suggestion (`unit.book.few`, `cli.error.unknown-command.one`), by its stem; a unit
    /// is also named by a message that counts in it (`{months#unit.month}`).
    @Test func everyKeyTheCodeNamesExistsAndEveryKeyIsNamed() throws {
        let sources = try Self.texts(under: "Sources", ending: ".swift").joined(separator: "\n")
        let reports = try Self.texts(under: "Reports", ending: ".sql").joined(separator: "\n")
        #expect(sources.count > 100_000 && reports.contains("-- title:"))
        let literal = try Regex(#""([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+)""#)
        let word = try Regex(#"\b([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+)\b"#)
        let prefix = try Regex(#""([a-z][a-z0-9_.-]*\.)(?:"|\\\()"#)
        func captures(_ regex: Regex<AnyRegexOutput>, _ text: String) -> Set<String> {
            Set(text.matches(of: regex).compactMap { $0.output[1].substring.map(String.init) })
        }
        let counted = try Regex(#"\{[a-z_-]+#([a-z.]+)\}"#)
        let messages = (Localizer.catalog["en"] ?? [:]).values.joined(separator: "\n")
        let named = captures(literal, sources).union(captures(word, reports)).union(captures(counted, messages))
        let prefixes = captures(prefix, sources)
        let english = Set((Localizer.catalog["en"] ?? [:]).keys)
        let namespaces = Set(english.map { String($0.prefix { $0 != "." }) })
        // A dotted name in a namespace of the keys is a key, unless it is a stem of keys (a plural or a
        // suggestion) or the end of one the code completes (`page.settings(global, "quiz.scores")`).
        func isPart(_ name: String) -> Bool {
            english.contains { $0.hasPrefix(name + ".") } || prefixes.contains { english.contains($0 + name) }
        }
        for name in named where namespaces.contains(String(name.prefix { $0 != "." })) && !isPart(name) {
            for language in Localizer.languages {
                let keys = Localizer.catalog[language] ?? [:]
                #expect(keys[name] != nil, "\(name) is named in the code but missing in \(language)")
            }
        }
        for key in english.sorted() {
            let stem = String(key[..<(key.lastIndex(of: ".") ?? key.endIndex)])
            let isNamed = named.contains(key) || named.contains(stem) || prefixes.contains { key.hasPrefix($0) }
            #expect(isNamed, "\(key) is in the translations but no source file or report names it")
        }
    }

    @Test func substitutesNamedArguments() {
        #expect(Localizer.substitute("{a} and {b}, not {c}", ["a": "1", "b": "2"]) == "1 and 2, not {c}")
        #expect(Localizer.substitute("no braces", ["a": "1"]) == "no braces")
        #expect(Localizer.substitute("open { only", ["a": "1"]) == "open { only")
    }

    /// A value that ends a sentence with its own full stop (`29 дек.`) takes the message's place.
    @Test func aValueEndingInAFullStopIsNotFollowedByAnother() {
        #expect(Localizer.substitute("вернуть до {due}.", ["due": "Пн, 29 дек."]) == "вернуть до Пн, 29 дек.")
        #expect(
            Localizer.substitute("вернуть до {due}.", ["due": "Пн, 12 янв. 2026"]) == "вернуть до Пн, 12 янв. 2026.")
        #expect(
            Localizer.substitute("с {from} по {to}.", ["from": "29 дек.", "to": "31 дек."]) == "с 29 дек. по 31 дек.")
        #expect(Localizer.substitute("{a}... then", ["a": "etc."]) == "etc.... then")
        #expect(Localizer.substitute("{a}.", ["b": "x."]) == "{a}.")
    }

    @Test func missingKeysFallBack() {
        let russian = Localizer(locale: "ru")
        #expect(russian("no.such.key") == "no.such.key")
        #expect(russian("init.created", ["path": "a.db", "version": "1"]) == "Создана база a.db (версия схемы 1)")
    }
}
