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

    @Test func everyKeyExistsInEveryLanguage() throws {
        let english = Set(Localizer.catalog["en"]?.keys.map { $0 } ?? [])
        for language in Localizer.languages {
            let keys = Set(Localizer.catalog[language]?.keys.map { $0 } ?? [])
            #expect(english.subtracting(keys).sorted() == [], "missing in \(language)")
            #expect(keys.subtracting(english).sorted() == [], "only in \(language)")
        }
    }

    @Test func placeholdersMatchAcrossLanguages() throws {
        let placeholder = try Regex(#"\{[a-z_-]+\}"#)
        func names(_ text: String) -> Set<String> { Set(text.matches(of: placeholder).map { String(text[$0.range]) }) }
        let english = Localizer.catalog["en"] ?? [:]
        for language in Localizer.languages where language != "en" {
            for (key, text) in Localizer.catalog[language] ?? [:] {
                #expect(names(text) == names(english[key] ?? ""), "\(language): \(key)")
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
