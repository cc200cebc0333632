import Foundation

@testable import AlmanacEvents
@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// The sample events (`SampleData/events.csv`, imported as a user would) and three more that the
/// goldens need: a point in time in CJK with an emoji, decomposed accents with a quote, a pipe and a
/// line break, and a weekend that covers three days. Rendered in Berlin on the demo day.
enum EventFixture {
    static let today = LocalDate(year: 2025, month: 12, day: 22)!
    static let timeZone = Zone(identifier: "Europe/Berlin")!

    /// The database file, made once per test run (the sample file imported through the importer) and
    /// removed with its directory when the run ends.
    static let path: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "almanac-events-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        createdDirectory = directory.path
        atexit { if let path = EventFixture.createdDirectory { try? FileManager.default.removeItem(atPath: path) } }
        let csv = directory.appendingPathComponent("events.csv")
        try! Data(Resources.file("SampleData/events.csv")!.utf8).write(to: csv)
        let path = directory.appendingPathComponent("events.db").path
        let database = try! Store.create(path)
        let report = try! Importer(database: database, options: ImportOptions(today: today)).run([
            (kind: .events, path: csv.path)
        ])
        precondition(report.committed, "the sample events did not import")
        try! database.execute(extras)
        return path
    }()

    nonisolated(unsafe) private static var createdDirectory: String?

    /// A connection of its own to the fixture, for one test.
    static var store: EventStore { EventStore(database: try! Store.open(path)) }

    static let extras = """
        INSERT INTO events (id, title, person, starts_at, ends_at, image, description) VALUES
            (901, '忘年会 🍶', '佐藤', '2025-12-22T11:00:00Z', NULL, NULL, NULL),
            (902, 'Cre\u{300}me bru\u{302}le\u{301}e | "Paris"', 'Zoé', '2025-12-23T08:00:00Z', '2025-12-23T09:00:00Z',
             'creme.png', 'Line one.
        Line two.'),
            (903, 'Ski weekend ⛷️', 'Ski club Harz', '2025-12-21T07:00:00Z', '2025-12-23T17:00:00Z', 'ski-weekend-in-the-harz.png',
             'Three days in the Harz with the club. Bring skis!');
        """

    /// A renderer for a language and format, piped (never cut) unless given a width.
    static func renderer(_ language: String, _ format: OutputFormat = .table, width: Int? = nil) -> Renderer {
        Renderer(format: format, localizer: Localizer(locale: language), timeZone: timeZone, today: today, width: width)
    }

    /// The agenda of `days` days from `first`.
    static func agenda(_ first: String, days: Int, zone: Zone = timeZone, descriptions: Bool = false) throws -> Agenda {
        let range = try DayRange.resolve(from: first, to: nil, days: days, today: today)
        return try Agenda.load(store, range: range, zone: zone, withDescriptions: descriptions)
    }
}
