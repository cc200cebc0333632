import AlmanacKit
import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds

/// `almanac countries list` and importing countries, through the built binary.
@Suite struct CountriesCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.prepared("sample countries", as: "a.db") { template in
            try template.initDatabase("made.db")
            let sample = Workdir.packageRoot.appendingPathComponent("SampleData/countries.csv").path
            let loaded = try template.run(["--db", "made.db", "import", "countries", sample])
            try #require(loaded.status == 0, "\(loaded.stderr)")
        }
    }

    @Test func allOfISO3166AreListedWithFlags() throws {
        let out = try dir.run(["--db", "a.db", "countries", "list"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasSuffix("249 countries\n"))
        #expect(out.stdout.contains("│ 🇩🇪   │ DE   │ Germany  "))
        let csv = try dir.run(["--db", "a.db", "--format", "csv", "countries", "list"]).stdout
        #expect(csv.split(separator: "\r\n").count == 250)
    }

    /// CLDR's standard names, where the toolchain's ICU data says "China mainland" or "Архипелаг
    /// Чагос"; machines still get the stored name.
    @Test func namesAreCLDRsStandardNames() throws {
        for (locale, search, lines) in [
            (
                "en", "china",
                [
                    "│ 🇨🇳   │ CN   │ China               │", "│ 🇭🇰   │ HK   │ Hong Kong SAR China │",
                    "│ 🇲🇴   │ MO   │ Macao SAR China     │",
                ]
            ),
            ("en", "IOT", ["│ 🇮🇴   │ IO   │ British Indian Ocean Territory │"]),
            ("ru", "кита", ["│ 🇨🇳   │ CN  │ Китай  │"]),
            ("ru", "USA", ["│ 🇺🇸   │ US  │ Соединенные Штаты │"]),
            ("ru", "FSM", ["│ 🇫🇲   │ FM  │ Федеративные Штаты Микронезии │"]),
            ("ru", "IOT", ["│ 🇮🇴   │ IO  │ Британская территория в Индийском океане │"]),
        ] {
            let out = try dir.run(["--db", "a.db", "--locale", locale, "countries", "list", "--search", search])
            #expect(out.status == 0, "\(out.stderr)")
            for line in lines { #expect(out.stdout.contains(line), "\(locale) \(search): \(out.stdout)") }
        }
        let markdown = try dir.run([
            "--db", "a.db", "--locale", "ru", "--format", "markdown", "countries", "list", "--search", "HKG",
        ]).stdout
        #expect(markdown.contains("| 🇭🇰   | HK  | Гонконг (САР) | HKG     |          344 |"), "\(markdown)")
        let json = try dir.run([
            "--db", "a.db", "--locale", "ru", "--format", "json", "countries", "list", "--search", "CHN",
        ]).stdout
        #expect(
            json
                == "[\n  {\"flag\": \"🇨🇳\", \"code\": \"CN\", \"name\": \"China\", \"alpha3\": \"CHN\", \"numeric\": \"156\"}\n]\n"
        )
        let mainland = try dir.run([
            "--db", "a.db", "--locale", "ru", "countries", "list", "--search", "континентальный",
        ]).stdout
        #expect(!mainland.contains("CN"))
    }

    @Test func namesAreShortRussianOnesInRussian() throws {
        let out = try dir.run(["--db", "a.db", "--locale", "ru", "countries", "list", "--search", "герм"])
        #expect(
            out.stdout == """
                ┌──────┬─────┬──────────┬─────────┬──────────────┐
                │ флаг │ код │  страна  │ альфа-3 │ цифровой код │
                ├──────┼─────┼──────────┼─────────┼──────────────┤
                │ 🇩🇪   │ DE  │ Германия │ DEU     │          276 │
                └──────┴─────┴──────────┴─────────┴──────────────┘
                1 страна

                """)
        let json = try dir.run([
            "--db", "a.db", "--locale", "ru", "--format", "json", "countries", "list", "--search", "DEU",
        ]).stdout
        #expect(
            json
                == "[\n  {\"flag\": \"🇩🇪\", \"code\": \"DE\", \"name\": \"Germany\", \"alpha3\": \"DEU\", \"numeric\": \"276\"}\n]\n"
        )
    }

    @Test func searchIgnoresCaseAndAccents() throws {
        let out = try dir.run(["--db", "a.db", "--format", "csv", "countries", "list", "--search", "COTE D'IVOIRE"])
        #expect(out.stdout == "flag,code,name,alpha3,numeric\r\n🇨🇮,CI,Côte d'Ivoire,CIV,384\r\n")
        let none = try dir.run(["--db", "a.db", "countries", "list", "--search", "Atlantis"])
        #expect(none.status == 0)
        #expect(none.stdout == "No country matches “Atlantis”.\n", "one line in words, not an empty box")
        let ru = try dir.run(["--db", "a.db", "--locale", "ru", "countries", "list", "--search", "Атлантида"])
        #expect(ru.stdout == "Ни одна страна не подходит под «Атлантида».\n")
        let csv = try dir.run(["--db", "a.db", "--format", "csv", "countries", "list", "--search", "Atlantis"])
        #expect(csv.stdout == "flag,code,name,alpha3,numeric\r\n", "csv keeps its header")
    }

    /// The import checks codes against the ISO 3166-1 list built into the binary.
    @Test func importRefusesCodesThatAreNotISO3166() throws {
        try dir.write(
            "bad.csv",
            "code,name\nZZ,Unknown\nEU,European Union\nSU,Soviet Union\nde,Germany\nUK,United Kingdom\nXK,Kosovo\n")
        try dir.initDatabase("b.db")
        let out = try dir.run(["--db", "b.db", "import", "countries", "bad.csv"])
        #expect(out.status == 65)
        for (line, code) in [(2, "ZZ"), (3, "EU"), (4, "SU"), (5, "de"), (6, "UK"), (7, "XK")] {
            #expect(out.stderr.contains("bad.csv:\(line):1: error: column \"code\": \"\(code)\" "), "\(code)")
        }
        // Nothing was written: the countries are the 249 init loaded.
        let listed = try dir.run(["--db", "b.db", "--format", "csv", "countries", "list"]).stdout.split(
            separator: "\r\n")
        #expect(listed.count == 250)
        #expect(!listed.contains { $0.contains("Unknown") || $0.contains("Soviet") })
    }
}
