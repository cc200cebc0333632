import AlmanacStore
import Foundation
import Testing

@testable import AlmanacEvents
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite
@testable import AlmanacText

/// The range query against a brute-force filter, its plans, and adding and reading events.
@Suite struct EventStoreTests {
    let directory: TemporaryDirectory
    let store: EventStore

    init() throws {
        directory = try TemporaryDirectory()
        store = EventStore(database: try Store.create(directory.path("events.db")))
    }

    /// Seeded events of every shape: points, zero-length, minutes to weeks long, ending on UTC
    /// midnights and on the range's bounds.
    func fill(seed: UInt64, count: Int) throws -> [Event] {
        var random = SplitMix64(seed: seed)
        let base = Int64(1_766_000_000)  // mid-December 2025
        var events: [Event] = []
        for id in 1...Int64(count) {
            let start = base + Int64(random.below(40 * 86_400 / 60)) * 60
            let end: Int64?
            switch random.below(8) {
            case 0: end = nil
            case 1: end = start
            case 2: end = start + Int64(random.below(30) + 1) * 86_400 / 2  // half a day to two weeks
            case 3: end = (start / 86_400 + 1) * 86_400  // exactly the next UTC midnight
            default: end = start + Int64(random.below(8 * 60) + 1) * 60  // up to eight hours
            }
            events.append(Event(id: id, title: "e\(id)", startsAt: start, endsAt: end))
        }
        try store.database.transaction {
            for event in events {
                try store.database.run(
                    "INSERT INTO events (id, title, starts_at, ends_at) VALUES (?1, ?2, ?3, ?4)",
                    [
                        .integer(event.id), .text(event.title), .text(Instant.utcText(event.startsAt)),
                        event.endsAt.map { .text(Instant.utcText($0)) } ?? .null,
                    ])
            }
        }
        return events
    }

    /// The definition, written plainly: it starts inside, or started before and ends after `from`.
    static func covers(_ event: Event, _ from: Int64, _ to: Int64) -> Bool {
        event.startsAt < to && (event.startsAt >= from || (event.endsAt ?? event.startsAt) > from)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func theRangeQueryFindsExactlyTheEventsThatCoverTheRange(seed: UInt64) throws {
        let events = try fill(seed: seed, count: 600)
        var random = SplitMix64(seed: seed &* 31)
        var bounds: [(Int64, Int64)] = []
        for _ in 0..<40 {
            let from = Int64(1_766_000_000) + Int64(random.below(45 * 24)) * 3600 - 3 * 86_400
            bounds.append((from, from + Int64(random.below(10 * 24) + 1) * 3600))
        }
        // Bounds on midnights and on the events' own starts and ends.
        bounds += events.prefix(20).map { ($0.startsAt, $0.startsAt + 86_400) }
        bounds += events.prefix(20).compactMap { $0.endsAt.map { ($0, $0 + 3600) } }
        for (from, to) in bounds {
            let found = try store.events(from: from, to: to).map(\.id)
            let expected = events.filter { Self.covers($0, from, to) }.map(\.id)
            #expect(found.sorted() == expected.sorted(), "range \(Instant.utcText(from)) to \(Instant.utcText(to))")
            #expect(Set(found).count == found.count, "an event read twice")
        }
    }

    @Test func eventsComeInTheOrderTheyStart() throws {
        _ = try fill(seed: 9, count: 300)
        let found = try store.events(from: 1_766_000_000, to: 1_766_000_000 + 20 * 86_400)
        #expect(found.count > 100)
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.startsAt <= $1.startsAt })
    }

    /// Both queries search an index and neither scans the table. The week's events come in the
    /// index's order; only the few events of a day or more that began earlier are sorted.
    @Test func theRangeQueriesSearchTheirIndexes() throws {
        for analyzed in [false, true] {
            if analyzed {
                // Still so when the table is large and SQLite has statistics about it.
                _ = try fill(seed: 4, count: 2000)
                try store.database.execute("ANALYZE")
            }
            let plans = try store.rangeQueryPlans()
            #expect(plans.count == 3, "\(plans)")
            #expect(plans.first == "SEARCH events USING INDEX events_by_length (<expr>>?)", "\(plans)")
            #expect(plans.dropFirst().first == "USE TEMP B-TREE FOR ORDER BY", "\(plans)")
            #expect(
                plans.last == "SEARCH events USING COVERING INDEX events_by_start (starts_at>? AND starts_at<?)",
                "\(plans)")
        }
    }

    @Test func addedEventsReadBack() throws {
        let zone = Zone(identifier: "Europe/Moscow")!
        let added = try store.add(
            EventEdit(
                title: "Ёлка", at: "2025-12-28T13:00", ends: "2025-12-28T15:00+03:00", person: "Мособлёлка",
                image: "", description: "Новогоднее представление. Вход по пригласительным."), zone: zone)
        let event = try #require(try store.event(id: added.id))
        #expect(
            event
                == Event(
                    id: added.id, title: "Ёлка", person: "Мособлёлка",
                    startsAt: Instant.seconds(iso8601: "2025-12-28T10:00Z", zone: .utc)!,
                    endsAt: Instant.seconds(iso8601: "2025-12-28T12:00Z", zone: .utc)!, image: nil,
                    description: "Новогоднее представление. Вход по пригласительным."))
        #expect(event == added)
        #expect(Instant.utcText(event.startsAt) == "2025-12-28T10:00:00Z")
        #expect(try store.event(id: added.id + 1) == nil)
    }

    /// A database made by an almanac without `Schema/002` is brought up to date by the first agenda.
    @Test func anOlderSchemaIsMigratedBeforeReading() throws {
        let path = directory.path("old.db")
        let first = DatabaseMigrator(migrations: Array(DatabaseMigrator.builtIn.migrations.prefix(1)))
        let old = try Store.create(path, migrator: first)
        try old.execute(
            "INSERT INTO events (title, starts_at, ends_at) VALUES ('Carols', '2025-12-23T17:00:00Z', '2025-12-23T21:00:00Z')"
        )
        #expect(try first.currentVersion(of: old) == 1)
        let store = try EventStore.open(path, writing: false)
        #expect(
            try DatabaseMigrator.builtIn.currentVersion(of: store.database) == DatabaseMigrator.builtIn.latestVersion)
        #expect(try store.events(from: 1_766_448_000, to: 1_766_534_400).map(\.title) == ["Carols"])
        // Up to date, it is read read-only: nothing it runs can write.
        let again = try EventStore.open(path, writing: false)
        #expect(throws: DatabaseError.self) { try again.database.execute("DELETE FROM events") }
    }

    /// A range that ends after 9999-12-31 (the last day, in a zone west of UTC) still finds that day's
    /// events: its end is past anything the stored text can hold, not a wrapped year 0000.
    @Test func rangesThatEndPastTheLastDayFindIt() throws {
        try store.database.run(
            "INSERT INTO events (title, starts_at) VALUES ('last', '9999-12-31T23:59:59Z'), ('first', '0001-01-01T00:00:00Z')"
        )
        let adak = try #require(Zone(identifier: "America/Adak"))
        let last = DayRange(first: LocalDate("9999-12-31")!, last: LocalDate("9999-12-31")!)!
        #expect(try Agenda.load(store, range: last, zone: adak).occurrences.map(\.event.title) == ["last"])
        #expect(try Agenda.load(store, range: last, zone: .utc).occurrences.map(\.event.title) == ["last"])
        let first = DayRange(first: LocalDate("0001-01-01")!, last: LocalDate("0001-01-01")!)!
        #expect(try Agenda.load(store, range: first, zone: .utc).occurrences.map(\.event.title) == ["first"])
        #expect(
            try Agenda.load(store, range: first, zone: try #require(Zone(identifier: "Asia/Tokyo"))).occurrences.isEmpty
                == false)
    }

    @Test(arguments: [false, true]) func readingAndWritingNeedAnExistingDatabase(writing: Bool) throws {
        let error = #expect(throws: AlmanacError.self) {
            try EventStore.open(directory.path("missing.db"), writing: writing)
        }
        #expect(error?.key == "database.error.missing" && error?.failure == .missingInput)
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing.db")))
    }
}
