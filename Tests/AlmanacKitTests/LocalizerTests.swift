@testable import AlmanacKit
import Foundation
import Testing

@Suite struct LocalizerTests {
    @Test func englishAndRussianAreBothPresent() {
        #expect(Localizer.languages.contains("en"))
        #expect(Localizer.languages.contains("ru"))
    }

    @Test func everyTranslationFileParses() throws {
        for file in Resources.files(under: "Translations") {
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
                let present = Set(table.keys.filter { Self.pluralStem($0) == stem }.map { String($0.dropFirst(stem.count + 1)) })
                #expect(present == needed, "\(language): \(stem) has \(present.sorted()), needs \(needed.sorted())")
            }
        }
    }

    @Test func placeholdersMatchAcrossLanguages() throws {
        let placeholder = try Regex(#"\{[a-z_-]+\}"#)
        func names(_ text: String) -> Set<String> { Set(text.matches(of: placeholder).map { String(text[$0.range]) }) }
        let english = Localizer.catalog["en"] ?? [:]
        for language in Localizer.languages where language != "en" {
            for (key, text) in Localizer.catalog[language] ?? [:] {
                let englishKey = Self.pluralStem(key).map { $0 + ".other" } ?? key
                #expect(names(text) == names(english[englishKey] ?? ""), "\(language): \(key)")
            }
        }
    }

    @Test func substitutesNamedArguments() {
        #expect(Localizer.substitute("{a} and {b}, not {c}", ["a": "1", "b": "2"]) == "1 and 2, not {c}")
        #expect(Localizer.substitute("no braces", ["a": "1"]) == "no braces")
        #expect(Localizer.substitute("open { only", ["a": "1"]) == "open { only")
    }

    @Test func missingKeysFallBack() {
        let russian = Localizer(locale: "ru")
        #expect(russian("no.such.key") == "no.such.key")
        #expect(russian("init.created", ["path": "a.db", "version": "1"]) == "Создана база a.db (версия схемы 1)")
    }
}
