import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// Every built-in report × {en, ru} × {table, markdown, csv, json, html} over the fixture database,
/// byte for byte against `Goldens/REPORT.LANGUAGE.EXT` (a page with the report's title and chart).
@Suite struct ReportGoldenTests {
    static let reportNames = (try? ReportCatalog.builtIn().reports.map(\.name)) ?? []
    static let languages = ["en", "ru"]
    static let formats: [OutputFormat] = [.table, .markdown, .csv, .json, .html]

    static func render(_ name: String, _ language: String, _ format: OutputFormat) throws -> String {
        let settings = FixtureDatabase.settings(language, format: format)
        let session = try ReportSession(settings: settings)
        let report = try ReportCatalog.builtIn().report(named: name)
        let table = try session.run(report, arguments: []).table()
        var renderer = Renderer(settings: settings, terminal: .pipe, environment: [:])
        renderer.title = settings.localizer(report.titleKey)
        return renderer.render(table, chart: report.chart?.chart(settings.localizer))
    }

    @Test func thereIsAReportForEveryDomain() {
        for domain in ["calendar", "events", "quiz", "animation", "books", "loans"] {
            #expect(Self.reportNames.contains { $0.contains(domain) }, "no report about \(domain)")
        }
    }

    @Test(arguments: reportNames, languages)
    func goldens(_ name: String, _ language: String) throws {
        for format in Self.formats {
            let output = try Self.render(name, language, format)
            #expect(!output.isEmpty)
            try Golden.check(output, "\(name).\(language).\(Golden.fileExtension(format.rawValue))")
        }
    }

    @Test(arguments: reportNames)
    func machineFormatsDoNotDependOnTheLanguage(_ name: String) throws {
        for format in [OutputFormat.csv, .tsv, .json] {
            #expect(try Self.render(name, "en", format) == Self.render(name, "ru", format), "\(name) \(format)")
        }
    }

    @Test(arguments: reportNames)
    func tablesLineUp(_ name: String) throws {
        for language in Self.languages {
            let lines = try Self.render(name, language, .table).split(separator: "\n").dropLast()
            let widths = Set(lines.map { DisplayWidth.of($0) })
            #expect(widths.count == 1, "\(name) \(language): line widths \(widths.sorted())")
        }
    }

    /// English words of ours (the values of the English translations that the Russian ones do not
    /// also use, such as `today`) must not appear in a Russian table or markdown golden.
    @Test func russianGoldensHoldNoEnglishWordOfOurs() throws {
        let wordPattern = try Regex("[A-Za-z]{2,}")
        func words(_ text: String) -> Set<String> {
            let bare = text.replacing(try! Regex(#"\{[a-z_-]+\}"#), with: "")
            return Set(bare.matches(of: wordPattern).map { String(bare[$0.range]).lowercased() })
        }
        let english = (Localizer.catalog["en"] ?? [:]).filter { !$0.key.hasPrefix("format.") }.values.reduce(
            into: Set<String>()
        ) { $0.formUnion(words($1)) }
        let russian = (Localizer.catalog["ru"] ?? [:]).values.reduce(into: Set<String>()) { $0.formUnion(words($1)) }
        let ours = english.subtracting(russian)
        #expect(ours.count > 100, "the English vocabulary looks too small: \(ours.count) words")
        var checked = 0
        for name in Self.reportNames {
            for ext in ["txt", "md"] {
                let russian = Golden.directory.appendingPathComponent("\(name).ru.\(ext)")
                let english = Golden.directory.appendingPathComponent("\(name).en.\(ext)")
                guard let text = try? String(contentsOf: russian, encoding: .utf8),
                    let englishText = try? String(contentsOf: english, encoding: .utf8)
                else { continue }
                checked += 1
                #expect(words(text).intersection(ours).sorted() == [], "\(russian.lastPathComponent)")
                // The same check finds our words in the English twin, so it is not passing by accident.
                #expect(!words(englishText).intersection(ours).isEmpty, "\(english.lastPathComponent)")
            }
        }
        #expect(checked == Self.reportNames.count * 2, "every report has Russian and English goldens")
    }
}
