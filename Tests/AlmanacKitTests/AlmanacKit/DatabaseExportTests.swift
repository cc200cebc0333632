import Foundation
import Testing

@testable import AlmanacAnimation
@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacQuiz
@testable import AlmanacText

/// `export DIR` then `init` and `import DIR` into a fresh database gives the same rows, table by table
/// and column by column, on the sample data and on 1,000 seeded random rows per kind; the files are
/// claimed before the first is written and replaced only with `force`.
@Suite struct DatabaseExportTests {
    /// Tables the comparison leaves out: the import log (a log of what ran, its times the real ones).
    /// Every column of every other table is compared (the calendar's selection and the overdue notices
    /// too, which the state kinds carry), but the times `schema_migrations` records.
    /// The database's own history and identity: its import log, and the prefix that names its own
    /// events in the calendars it writes (a database made by `import DIR` is a calendar of its own;
    /// events that came from other calendars keep their UIDs, which move with them).
    static let notCarried: Set<String> = ["import_log", "calendar_identity"]

    /// A database as `init` makes it: the schema and the reference data; imports run on the demo's
    /// day, after every loan the sample data returns.
    static func initialized() throws -> ImportFixture {
        let fixture = try ImportFixture(today: "2025-12-22")
        try ReferenceLoad.load(into: fixture.database)
        return fixture
    }

    /// Exports `source` into a folder, imports the folder into a database fresh from `init`, and
    /// expects every table but `notCarried` to hold the same rows; then the copy exports to the same bytes.
    static func expectRoundTrip(_ source: ImportFixture, _ label: String) throws {
        let folder = source.directory.path("moved")
        let files = try DatabaseExport.write(source.database, into: folder)
        #expect(files.map(\.kind) == KindRegistry.kinds)
        let target = try initialized()
        let plan = try ImportPlan.resolve([folder])
        #expect(plan.files.count == KindRegistry.kinds.count && plan.ignored.isEmpty)
        let outcome = try target.run(plan.files.map { ($0.kind, $0.path) })
        #expect(outcome.diagnostics == [], "\(label): \(outcome.diagnostics.prefix(3))")
        #expect(outcome.report.committed)
        let tables = try Store.tableSummary(source.database).map(\.name).filter { !notCarried.contains($0) }
        #expect(tables.count == 13)
        for table in tables {
            // When each migration ran is the database's own history, like the import log; which ran is compared.
            let columns = try source.database.rows("SELECT name FROM pragma_table_xinfo(?)", [.text(table)]).compactMap
            { $0[0].textValue }
            .filter { table != "schema_migrations" || $0 != "applied_at" }
            let sql =
                "SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY \(columns.joined(separator: ", "))"
            let expected = try source.database.rows(sql)
            let found = try target.database.rows(sql)
            #expect(expected.count == found.count, "\(label): \(table) has \(found.count) rows, not \(expected.count)")
            #expect(
                expected == found,
                "\(label): \(table) differs, first at \(zip(expected, found).first { $0 != $1 }.map { "\($0)" } ?? "the end")"
            )
        }
        let again = target.directory.path("again")
        _ = try DatabaseExport.write(target.database, into: again)
        for kind in KindRegistry.kinds {
            let first = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + kind.fileName))
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: again + "/" + kind.fileName)) == first,
                "\(label): \(kind) exports differently")
        }
    }

    @Test func theSampleDataMovesWhole() throws {
        let source = try Self.initialized()
        let sample = try ImportPlan.resolve([SampleDatabase.sampleFolder.path]).files
        let imported = try source.run(sample.map { ($0.kind, $0.path) })
        #expect(imported.diagnostics == [])
        #expect(imported.report.committed)
        // What the sample files do not hold, as commands record it: doors opened, answers of a game.
        try source.database.execute(
            """
            UPDATE doors SET opened_at = '2025-12-0' || door || 'T07:30:00Z' WHERE holiday = 'christmas' AND door <= 3;
            UPDATE quiz_answers SET session = 'game-' || (id % 3) WHERE id % 2 = 0;
            UPDATE animation_settings SET created_at = '2025-11-0' || id || 'T12:00:00Z';
            """)
        try Self.expectRoundTrip(source, "sample")
    }

    @Test(arguments: [(1, false), (2, true)])
    func thousandRandomRowsPerKindMoveWhole(seed: Int, manySettings: Bool) throws {
        var random = RandomCSV(random: SplitMix64(seed: UInt64(seed) &* 104_729))
        let source = try Self.initialized()
        // 1,000 properties and a few settings, or the 8 built-in properties and 1,000 settings: a
        // setting holds a value for every property, so both at once would be a million values.
        for (kind, columns, rows) in Self.randomData(
            &random, properties: manySettings ? 0 : 1_000, settings: manySettings ? 1_000 : 10)
        {
            let outcome = try source.load(kind, random.file(columns: columns, rows: rows))
            #expect(outcome.diagnostics == [], "seed \(seed) \(kind): \(outcome.diagnostics.prefix(3))")
        }
        for (table, minimum) in [
            ("holidays", 1_000), ("doors", 1_000), ("countries", 249), ("quiz_answers", 1_000),
            ("animation_properties", manySettings ? 8 : 1_008), ("animation_settings", manySettings ? 1_000 : 10),
            ("events", 1_000), ("books", 1_000),
        ] {
            #expect(try source.database.scalar("SELECT count(*) FROM \(table)") == .integer(Int64(minimum)), "\(table)")
        }
        try Self.expectRoundTrip(source, "seed \(seed)")
    }

    /// 1,000 rows of every kind (249 countries: every code, renamed), hostile text in every text column.
    static func randomData(_ random: inout RandomCSV, properties: Int, settings: Int) -> [(
        ImportKind, [String], [[String?]]
    )] {
        func instant() -> String {
            "20\(10 + random.random.below(20))-\(10 + random.random.below(3))-\(10 + random.random.below(19))T\(10 + random.random.below(14)):"
                + "\(10 + random.random.below(50)):\(10 + random.random.below(50))Z"
        }
        let holidays: [[String?]] = (0..<1_000).map { index in
            [
                "h\(index)", random.requiredText(),
                random.random.below(2) == 0 ? nil : "#A0b1C\(random.random.below(10))", random.optionalText(),
                random.optionalText(),
            ]
        }
        let doors: [[String?]] = (0..<1_000).map { index in
            [
                "h\(index / 24)", String(index % 24 + 1), random.requiredText(),
                random.random.below(3) == 0 ? instant() : nil,
            ]
        }
        let codes = ISO3166.entries.map(\.alpha2)
        let countries: [[String?]] = ISO3166.entries.map {
            [$0.alpha2, random.requiredText(), random.random.below(2) == 0 ? $0.alpha3 : nil, $0.numeric]
        }
        let answers: [[String?]] = (0..<1_000).map { _ in
            var pick: [String] = []
            while pick.count < 4 {
                let code = random.random.pick(codes)
                if !pick.contains(code) { pick.append(code) }
            }
            return [
                random.requiredText(), instant(), pick[0], pick[random.random.below(4)],
                random.random.below(2) == 0 ? nil : pick.shuffled(using: &random.random).joined(separator: "|"),
                random.random.below(3) == 0 ? nil : "game \(random.random.below(50))",
            ]
        }
        let propertyRows: [[String?]] = (0..<properties).map { index in
            [
                "p\(index)", random.requiredText(), "-\(random.random.below(10))", String(1 + random.random.below(10)),
                "0.25", "0",
            ]
        }
        let keys = (PropertyKind.reference?.rows ?? []).compactMap { $0[0].textValue }
        let settingRows: [[String?]] = (0..<settings).map { index in
            [
                "setting \(index) " + random.name(), "1.\(random.random.below(10))",
                random.random.below(2) == 0 ? nil : "-\(5 * random.random.below(20))",
                random.random.below(2) == 0 ? nil : instant(),
            ]
        }
        let events: [[String?]] = (1...1_000).map { id in
            let day = 10 + random.random.below(10)
            return [
                random.random.below(5) == 0 ? nil : String(id * 3), random.requiredText(), random.optionalText(),
                "2025-12-\(day)T10:00:00Z",
                random.random.below(2) == 0 ? nil : "2025-12-\(day + 1)T09:15:00Z", random.optionalText(),
                random.optionalText(),
            ]
        }
        let books: [[String?]] = (1...1_000).map { id in
            let month = 1 + random.random.below(7)
            return [
                random.random.below(5) == 0 ? nil : String(id * 2), random.requiredText(), random.optionalText(),
                random.optionalText(),
                "2025-0\(month)-1\(random.random.below(9))", "2025-0\(month + 1)-0\(1 + random.random.below(9))",
                random.random.below(2) == 0 ? nil : "2025-0\(month + 2)-01",
            ]
        }
        return [
            (.holidays, ["key", "title", "color", "image", "greeting"], holidays),
            (.doors, ["holiday", "door", "surprise", "opened_at"], doors),
            (.countries, ["code", "name", "alpha3", "numeric"], countries),
            (.quizAnswers, ["player", "answered_at", "country", "chosen", "options", "session"], answers),
            (.animationProperties, ["key", "label", "min", "max", "step", "default"], propertyRows),
            (.animationSettings, ["name", keys[0], keys[2], "created_at"], settingRows),
            (.events, ["id", "title", "person", "starts_at", "ends_at", "image", "description"], events),
            (.books, ["id", "title", "author", "borrower", "loaned_on", "due_on", "returned_on"], books),
        ].filter { !$0.2.isEmpty }
    }

    @Test func everyFileIsClaimedBeforeTheFirstIsWrittenAndReplacedOnlyWithForce() throws {
        let source = try Self.initialized()
        let folder = source.directory.path("moved")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/books.csv"))
        #expect(throws: AlmanacError.self) { try DatabaseExport.write(source.database, into: folder) }
        // Books come near the end: nothing at all was written, not even the kinds before it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["books.csv"])
        #expect(try String(contentsOfFile: folder + "/books.csv", encoding: .utf8) == "old")
        let files = try DatabaseExport.write(source.database, into: folder, force: true)
        #expect(files.map(\.rows) == [0, 0, 1, 249, 0, 8, 0, 0, 2, 0, 0, 4])
        #expect(
            try String(contentsOfFile: folder + "/books.csv", encoding: .utf8)
                == "id,title,author,borrower,loaned_on,due_on,returned_on\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == KindRegistry.kinds.count)
    }

    @Test func theDatabaseAndItsSideFilesAreNeverAFile() throws {
        let source = try Self.initialized()
        let folder = source.directory.path("db")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A database that is itself named books.csv, inside the folder.
        let database = try Store.create(folder + "/books.csv")
        let error = #expect(throws: AlmanacError.self) { try DatabaseExport.write(database, into: folder, force: true) }
        #expect(error?.key == "write.refused.database")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).filter {
                $0.hasSuffix(".csv") && $0 != "books.csv"
            }.isEmpty)
    }
}
