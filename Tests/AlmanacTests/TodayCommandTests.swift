import AlmanacKit
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacText

/// `--today` dates everything that records a day: quiz answers, door openings, notices, loans (lent
/// and returned) and saved animation settings, from a command or an import. A moment is the clock's
/// time of day on the `--today` day in `--tz` (`Settings.now`), so a replayed day records its moments
/// on that day and in order; a day is the `--today` day itself.
@Suite struct TodayCommandTests {
    /// A day of the sample data with loans overdue (not the clock's), in a zone far from UTC.
    static let day = "2025-12-24"
    static let zone = "Asia/Tokyo"

    /// What a command recorded, read back with `query` (`local_date` is the day in `--tz`).
    struct Record: CustomStringConvertible, Sendable {
        let name: String
        let commands: [[String]]
        /// A query giving the recorded value as `value`, and for a moment its day in `--tz` as `day`.
        let sql: String
        let isMoment: Bool
        var description: String { name }
    }

    static let records: [Record] = [
        Record(
            name: "quiz answers' answered_at",
            commands: [["quiz", "play", "--seed", "7", "--rounds", "2", "--player", "Zoë"]],
            sql: "SELECT answered_at AS value, local_date(answered_at) AS day FROM quiz_answers WHERE player = 'Zoë'",
            isMoment: true),
        Record(
            name: "door openings' opened_at", commands: [["calendar", "open", "hanukkah", "1"]],
            sql:
                "SELECT opened_at AS value, local_date(opened_at) AS day FROM doors WHERE holiday = 'hanukkah' AND door = 1",
            isMoment: true),
        Record(
            name: "saved settings' created_at", commands: [["animation", "save", "Hop", "--set", "opacity=0.5"]],
            sql: "SELECT created_at AS value, local_date(created_at) AS day FROM animation_settings WHERE name = 'Hop'",
            isMoment: true),
        Record(
            name: "imported settings' created_at", commands: [["import", "animation-settings", "settings.csv"]],
            sql:
                "SELECT created_at AS value, local_date(created_at) AS day FROM animation_settings WHERE name = 'Imported'",
            isMoment: true),
        Record(
            name: "notices' issued_on", commands: [["overdue", "--notify", "--quiet"]],
            sql: "SELECT DISTINCT issued_on AS value FROM overdue_notices", isMoment: false),
        Record(
            name: "a new loan's loaned_on", commands: [["books", "add", "Tulip", "--due", "today+21"]],
            sql: "SELECT loaned_on AS value FROM books WHERE title = 'Tulip'", isMoment: false),
        Record(
            name: "an imported loan's loaned_on", commands: [["import", "books", "loans.csv"]],
            sql: "SELECT loaned_on AS value FROM books WHERE title = 'Tamarind'", isMoment: false),
        // The demo's tour lent (and deleted) book 24, and ids are never given twice: Tulip is 25.
        Record(
            name: "a return's returned_on",
            commands: [["books", "add", "Tulip", "--due", "today+21"], ["books", "return", "25"]],
            sql: "SELECT returned_on AS value FROM books WHERE title = 'Tulip'", isMoment: false),
    ]

    @Test(arguments: records)
    func theRecordIsDatedToday(_ record: Record) throws {
        let sample = try Workdir.sampleSource()
        let zone = try Zone.named(Self.zone, source: "test")
        let settings = Settings(databasePath: "", timeZone: zone, today: LocalDate(Self.day)!)
        for locale in ["en", "ru"] {
            let dir = try sample.sampleCopy()
            try dir.write("settings.csv", "name,opacity\nImported,0.5\n")
            try dir.write("loans.csv", "title,due_on\nTamarind,\(Self.day)\n")
            let before = settings.now()
            for command in record.commands {
                let words = try dir.shellWords(
                    ["--db", "almanac.db", "--locale", locale, "--tz", Self.zone, "--today", Self.day] + command)
                let out = try dir.run(
                    ["-c", "exec \"$0\" \(words) < answers.txt", Workdir.binary.path],
                    executable: URL(fileURLWithPath: "/bin/sh"))
                #expect(out.status == (command.first == "overdue" ? 2 : 0), "\(command) (\(locale)): \(out.stderr)")
            }
            let after = settings.now()
            let read = try dir.run(["--db", "almanac.db", "--tz", Self.zone, "--format", "json", "query", record.sql])
            let rows = try #require(
                try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]], "\(read.stderr)")
            #expect(!rows.isEmpty, "\(record): nothing recorded")
            for row in rows {
                let value = try #require(row["value"] as? String)
                guard record.isMoment else {
                    #expect(value == Self.day, "\(record) (\(locale))")
                    continue
                }
                #expect(row["day"] as? String == Self.day, "\(record) (\(locale)): \(value)")
                // The clock's time of day on that day: between the moments before and after the run.
                let moment = try #require(Instant.parse(value))
                #expect(
                    moment >= before && moment <= after.addingTimeInterval(1),
                    "\(record): \(value) is not \(before)…\(after)")
            }
        }
    }
}
