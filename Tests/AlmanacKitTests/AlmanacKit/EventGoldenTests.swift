import Foundation
import Testing

@testable import AlmanacEvents
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText
@testable import AlmanacViews

/// The events commands' output over the sample events, byte for byte against `Goldens/events-*`:
/// agenda, show and cards (2 and 3 per row) in English and Russian.
@Suite struct EventGoldenTests {
    static let languages = ["en", "ru"]
    static let formats: [OutputFormat] = [.table, .markdown, .csv, .json, .html]

    /// 20–23 Dec: an event ending at 00:00, a weekend over three days, a point in time, odd text.
    @Test(arguments: languages)
    func agenda(_ language: String) throws {
        let agenda = try EventFixture.agenda("2025-12-20", days: 4)
        for format in Self.formats {
            let output = agenda.render(EventFixture.renderer(language, format))
            try Golden.check(output, "events-agenda.\(language).\(Golden.fileExtension(format.rawValue))")
        }
    }

    /// New Year's Eve: a party crossing midnight into a day of another year.
    @Test(arguments: languages)
    func agendaOverNewYear(_ language: String) throws {
        let agenda = try EventFixture.agenda("2025-12-31", days: 2)
        try Golden.check(agenda.render(EventFixture.renderer(language)), "events-agenda-new-year.\(language).txt")
    }

    @Test(arguments: languages)
    func emptyAgenda(_ language: String) throws {
        let agenda = try EventFixture.agenda("2026-02-01", days: 7)
        let expected =
            language == "en"
            ? "No events from Sun 1 Feb 2026 to Sat 7 Feb 2026.\n"
            : "Событий нет: с Вс, 1 февр. 2026 по Сб, 7 февр. 2026.\n"
        #expect(agenda.render(EventFixture.renderer(language)) == expected)
        #expect(agenda.render(EventFixture.renderer(language, .markdown)) == expected)
        #expect(agenda.render(EventFixture.renderer(language, .json)) == "[]\n")
        #expect(
            agenda.render(EventFixture.renderer(language, .csv))
                == "day,id,starts_at,ends_at,all_day,title,person,image,continuation\r\n")
    }

    @Test(arguments: languages)
    func show(_ language: String) throws {
        for id in [40, 902] as [Int64] {
            let detail = try EventDetail.load(EventFixture.store, id: id)
            for format in Self.formats {
                try Golden.check(
                    detail.render(EventFixture.renderer(language, format, width: 60)),
                    "events-show-\(id).\(language).\(Golden.fileExtension(format.rawValue))")
            }
        }
    }

    @Test(arguments: languages, [2, 3])
    func cards(_ language: String, _ columns: Int) throws {
        let agenda = try EventFixture.agenda("2025-12-21", days: 3, descriptions: true)
        let cards = EventCards(agenda: agenda, columns: columns, width: 80)
        try Golden.check(cards.render(EventFixture.renderer(language)), "events-cards-\(columns).\(language).txt")
        for line in cards.render(EventFixture.renderer(language)).split(separator: "\n") {
            #expect(DisplayWidth.of(line) <= 80, "\(line)")
        }
    }

    @Test(arguments: languages)
    func cardsAsRows(_ language: String) throws {
        let cards = EventCards(
            agenda: try EventFixture.agenda("2025-12-21", days: 3, descriptions: true), columns: 3, width: 80)
        for format in [OutputFormat.markdown, .csv, .json, .html] {
            try Golden.check(
                cards.render(EventFixture.renderer(language, format)),
                "events-cards.\(language).\(Golden.fileExtension(format.rawValue))")
        }
    }

    @Test func machineFormatsDoNotDependOnTheLanguage() throws {
        let agenda = try EventFixture.agenda("2025-12-20", days: 14, descriptions: true)
        let detail = try EventDetail.load(EventFixture.store, id: 902)
        for format in [OutputFormat.csv, .tsv, .json] {
            #expect(
                agenda.render(EventFixture.renderer("en", format)) == agenda.render(EventFixture.renderer("ru", format))
            )
            let cards = EventCards(agenda: agenda, columns: 2, width: 80)
            #expect(
                cards.render(EventFixture.renderer("en", format)) == cards.render(EventFixture.renderer("ru", format)))
            #expect(
                detail.render(EventFixture.renderer("en", format)) == detail.render(EventFixture.renderer("ru", format))
            )
        }
    }

    @Test func agendaTablesLineUp() throws {
        for language in Self.languages {
            for first in ["2025-12-20", "2025-12-31"] {
                let output = try EventFixture.agenda(first, days: 4).render(EventFixture.renderer(language))
                let widths = Set(output.split(separator: "\n").dropLast().map { DisplayWidth.of($0) })
                #expect(widths.count == 1, "\(language) \(first): line widths \(widths.sorted())")
            }
        }
    }

    /// Leaving out the words of the events' own text, a Russian golden holds no English word of ours (the
    /// values of the English translations that the Russian ones do not also use), and its English
    /// twin does, so the check is not passing by accident.
    @Test func russianGoldensHoldNoEnglishWordOfOurs() throws {
        let wordPattern = try Regex("[A-Za-z]{2,}")
        func words(_ text: String) -> Set<String> {
            Set(text.matches(of: wordPattern).map { String(text[$0.range]).lowercased() })
        }
        let english = (Localizer.catalog["en"] ?? [:]).filter { !$0.key.hasPrefix("format.") }.values
            .reduce(into: Set<String>()) { $0.formUnion(words($1)) }
        let ours = english.subtracting(
            (Localizer.catalog["ru"] ?? [:]).values.reduce(into: Set<String>()) { $0.formUnion(words($1)) })
        let agenda = try EventFixture.agenda("2025-12-01", days: 60, descriptions: true)
        let data = agenda.occurrences.reduce(into: Set<String>()) { data, occurrence in
            let event = occurrence.event
            for text in [event.title, event.person, event.image, event.description].compactMap({ $0 }) {
                data.formUnion(words(text))
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: Golden.directory.path)
            .filter {
                $0.hasPrefix("events-") && !$0.hasPrefix("events-by-day") && $0.contains(".ru.")
                    && ($0.hasSuffix(".txt") || $0.hasSuffix(".md"))
            }
        #expect(names.count == 10, "\(names)")
        for name in names {
            let russian = try String(contentsOf: Golden.directory.appendingPathComponent(name), encoding: .utf8)
            let twin = try String(
                contentsOf: Golden.directory.appendingPathComponent(
                    name.replacingOccurrences(of: ".ru.", with: ".en.")), encoding: .utf8)
            #expect(words(russian).subtracting(data).intersection(ours).sorted() == [], "\(name)")
            #expect(!words(twin).subtracting(data).intersection(ours).isEmpty, "\(name)")
        }
    }
}
