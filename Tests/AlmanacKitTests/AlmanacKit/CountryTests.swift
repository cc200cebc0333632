import Foundation
import TestSupport
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacQuiz
@testable import AlmanacText
@testable import AlmanacViews

/// Flags, names in the user's language, and searching the countries.
@Suite struct CountryTests {
    @Test(arguments: [("DE", "🇩🇪"), ("RU", "🇷🇺"), ("JP", "🇯🇵"), ("AX", "🇦🇽"), ("ZW", "🇿🇼")])
    func flagsAreTheCodesRegionalIndicators(_ code: String, _ flag: String) {
        #expect(Country.flag(code) == flag)
        #expect(flag.unicodeScalars.map(\.value) == code.unicodeScalars.map { 0x1F1E6 + $0.value - 0x41 })
        #expect(DisplayWidth.of(Country.flag(code)) == 2)
    }

    @Test func anythingButTwoCapitalLettersHasNoFlag() {
        for text in ["de", "D", "DEU", "", "D1", "ÄB"] { #expect(Country.flag(text) == text) }
    }

    /// ICU on this machine has short Russian names (not the long official ones).
    @Test(arguments: [
        ("DE", "Германия"), ("RU", "Россия"), ("GB", "Великобритания"), ("KP", "КНДР"), ("CZ", "Чехия"),
        ("CI", "Кот-д’Ивуар"), ("FI", "Финляндия"),
    ])
    func russianNamesAreShort(_ code: String, _ name: String) {
        #expect(Country.localizedName(code: code, stored: "stored", locale: Locale(identifier: "ru")) == name)
        #expect(Country.localizedName(code: code, stored: "stored", locale: Locale(identifier: "ru_RU")) == name)
    }

    /// Where `make test-deps` installs Babel: the package's `.build/test-python`.
    static let babelPath = ["PYTHONPATH": PackagePaths.root.appendingPathComponent(".build/test-python").path]

    /// Babel (CLDR's data in Python) and its version, or why it cannot be asked here.
    /// The names are CLDR 46's, so it is Babel 2.17.0, which `make test-deps` puts in `.build/test-python`.
    static let babel: (missing: String?, version: String) = {
        guard Python.missing == nil else { return (Python.missing, "") }
        guard let version = try? Python.run("import babel; print(babel.__version__)", environment: babelPath),
            version.trimmingCharacters(in: .whitespacesAndNewlines) == "2.17.0"
        else {
            return ("Python's babel 2.17.0 is not in .build/test-python (make test-deps installs it)", "")
        }
        return (nil, version.trimmingCharacters(in: .whitespacesAndNewlines))
    }()

    /// Every one of the 249 ISO 3166-1 codes has CLDR's standard name in English and Russian, as
    /// Babel gives it: ICU's where it agrees, `country-names.strings` where the toolchain's data does
    /// not ("China mainland" for CN, "Китай континентальный", "Архипелаг Чагос" for IO, ...).
    @Test(.enabled(if: babel.missing == nil, Comment(rawValue: babel.missing ?? "")))
    func everyNameIsCLDRsStandardName() throws {
        let codes = ISO3166.entries.map(\.alpha2)
        #expect(codes.count == 249)
        let output = try Python.run(
            """
            import sys
            from babel import Locale
            codes = sys.stdin.read().split()
            for language in ("en", "ru"):
                names = Locale(language).territories
                for code in codes:
                    print(language, code, names[code], sep="\\t")
            """, input: codes.joined(separator: "\n"), environment: Self.babelPath)
        var compared = 0
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 3 else { continue }
            let ours = Country.localizedName(code: fields[1], stored: "stored", locale: Locale(identifier: fields[0]))
            #expect(
                ours == fields[2],
                "\(fields[0]) \(fields[1]): \(ours), CLDR (Babel \(Self.babel.version)) says \(fields[2])")
            compared += 1
        }
        #expect(compared == 2 * 249)
    }

    /// The corrections are each language's own: another language keeps ICU's names, never English ones.
    @Test func aCorrectionIsNeverAnotherLanguagesName() {
        #expect(Country.localizedName(code: "CN", stored: "China", locale: Locale(identifier: "en_GB")) == "China")
        #expect(Country.localizedName(code: "CN", stored: "China", locale: Locale(identifier: "ru_RU")) == "Китай")
        #expect(
            Country.localizedName(code: "HK", stored: "Hong Kong", locale: Locale(identifier: "de"))
                != "Hong Kong SAR China")
    }

    @Test func englishAndOtherLanguagesComeFromICUToo() {
        #expect(Country.localizedName(code: "DE", stored: "Deutschland", locale: Locale(identifier: "en")) == "Germany")
        #expect(Country.localizedName(code: "DE", stored: "Germany", locale: Locale(identifier: "fr")) == "Allemagne")
    }

    @Test func aCodeICUDoesNotKnowFallsBackToTheStoredName() {
        #expect(Country.localizedName(code: "QQ", stored: "Quux", locale: Locale(identifier: "ru")) == "Quux")
        #expect(CountryDirectory([]).name("QQ", Locale(identifier: "en")) == "QQ")
    }

    static let directory = CountryDirectory(
        ISO3166.entries.map {
            Country(code: $0.alpha2, name: "Stored " + $0.alpha2, alpha3: $0.alpha3, numeric: $0.numeric)
        })

    static func codes(_ query: String?, _ locale: String) -> [String] {
        directory.search(query, locale: Locale(identifier: locale)).map(\.country.code)
    }

    @Test func searchIgnoresCaseAndAccents() {
        #expect(Self.codes("cote", "en") == ["CI"])
        #expect(Self.codes("CÔTE D'IVOIRE", "en") == ["CI"])
        #expect(Self.codes("aland", "en") == ["AX", "NZ"])  // Åland Islands, New Zealand
        #expect(Self.codes("гвин", "ru") == ["GN", "GW", "PG", "GQ"])
        #expect(Self.codes("ГЕРМАН", "ru") == ["DE"])
        #expect(Self.codes("  germany ", "en") == ["DE"])
    }

    @Test func searchMatchesTheLocalizedNameAndTheStoredOne() {
        #expect(Self.codes("Stored FR", "ru") == ["FR"])
        #expect(Self.codes("Франц", "ru").contains("FR"))
        #expect(Self.codes("Франц", "en").isEmpty)
    }

    @Test func searchMatchesEveryKindOfCodeExactly() {
        #expect(Self.codes("de", "en").contains("DE"))
        #expect(Self.codes("deu", "en") == ["DE"])
        #expect(Self.codes("276", "en") == ["DE"])
        #expect(Self.codes("020", "en") == ["AD"])
        #expect(!Self.codes("27", "en").contains("DE"))
    }

    @Test func everythingIsListedInTheLocalesOrderWithoutAQuery() {
        let russian = Self.directory.search(nil, locale: Locale(identifier: "ru")).map(\.name)
        #expect(russian.count == 249)
        #expect(russian.first == "Австралия")
        #expect(russian.firstIndex(of: "Германия")! < russian.firstIndex(of: "Япония")!)
        #expect(Self.codes("", "en").count == 249)
    }

    @Test func theListTableShowsLocalNamesToPeopleAndStoredNamesToMachines() {
        let table = Self.directory.listTable("deu", Localizer(locale: "ru"))
        #expect(table.columns.map(\.key) == ["flag", "code", "name", "alpha3", "numeric"])
        #expect(
            table.rows == [
                [
                    .tag(Table.Tag(value: "🇩🇪", label: "", symbol: "🇩🇪", flag: "DE")), .text("DE"),
                    .tag(Table.Tag(value: "Stored DE", label: "Германия")), .text("DEU"),
                    .text("276"),
                ]
            ])
        #expect(table.summaryUnit == "unit.country")
    }

    @Test func theDirectoryReadsTheCountriesTable() throws {
        let directory = try CountryDirectory.load(Store.openReadOnly(FixtureDatabase.path))
        #expect(directory.codes == ["BR", "DE", "FR", "JP", "KR", "RU"])
        #expect(directory.country("JP")?.name == "日本")
        #expect(directory.name("JP", Locale(identifier: "ru")) == "Япония")
    }
}
