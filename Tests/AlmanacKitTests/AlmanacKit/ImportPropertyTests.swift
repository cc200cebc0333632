import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit

/// Seeded property tests: hostile text in every column imports to exactly the values written, and
/// export then import is the identity for every kind.
@Suite struct ImportPropertyTests {
    /// The rows of a kind as stored, in the file's column order.
    static func stored(_ kind: ImportKind, _ fixture: ImportFixture) throws -> [[String?]] {
        let sql: String
        switch kind {
        case .holidays: sql = "SELECT key, title, color, image, greeting FROM holidays ORDER BY rowid"
        case .doors: sql = "SELECT holiday, door, surprise FROM doors ORDER BY rowid"
        case .countries: sql = "SELECT code, name, alpha3, numeric FROM countries ORDER BY rowid"
        case .quizAnswers: sql = "SELECT player, answered_at, country, chosen, options FROM quiz_answers ORDER BY id"
        case .animationProperties:
            sql = "SELECT key, label, min, max, step, default_value FROM animation_properties ORDER BY rowid"
        case .animationSettings:
            sql = """
                SELECT s.name, (SELECT value FROM animation_setting_values WHERE setting_id = s.id AND property_key = 'width'),
                    (SELECT value FROM animation_setting_values WHERE setting_id = s.id AND property_key = 'angle')
                FROM animation_settings s ORDER BY s.id
                """
        case .events: sql = "SELECT id, title, person, starts_at, ends_at, image, description FROM events ORDER BY id"
        case .books: sql = "SELECT id, title, author, borrower, loaned_on, due_on, returned_on FROM books ORDER BY id"
        // calendar-state, overdue-notices, last-ids, library-settings
        default: sql = kind.definition.exportSQL(.sqlite)
        }
        return try fixture.database.rows(sql).map { row in
            row.map { value in
                if case .real(let number) = value { return Exporter.number(number) }
                return value.textValue
            }
        }
    }

    @Test(arguments: 1...12)
    func hostileTextImportsExactly(seed: Int) throws {
        var generator = RandomCSV(random: SplitMix64(seed: UInt64(seed)))
        let fixture = try ImportFixture()
        for (kind, columns, rows) in generator.dataSet() {
            let outcome = try fixture.load(kind, generator.file(columns: columns, rows: rows))
            #expect(outcome.diagnostics == [], "seed \(seed), \(kind)")
            #expect(try Self.stored(kind, fixture) == rows, "seed \(seed), \(kind)")
        }
    }

    @Test(arguments: 1...6)
    func exportThenImportIsTheIdentity(seed: Int) throws {
        var generator = RandomCSV(random: SplitMix64(seed: UInt64(seed) &* 7919))
        let source = try ImportFixture()
        for (kind, columns, rows) in generator.dataSet() {
            _ = try source.load(kind, generator.file(columns: columns, rows: rows))
        }
        let target = try ImportFixture()
        for kind in KindRegistry.kinds {
            let path = source.directory.path("export-\(kind.rawValue).csv")
            try Exporter.export(kind, from: source.database, to: path)
            let outcome = try target.run([(kind, path)])
            #expect(outcome.diagnostics == [], "seed \(seed), \(kind)")
            #expect(try Self.stored(kind, target) == Self.stored(kind, source), "seed \(seed), \(kind)")
            let again = target.directory.path("again.csv")
            try Exporter.export(kind, from: target.database, to: again, force: true)
            #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }

    @Test func exportWritesNullAsAnEmptyFieldAndQuotesOnlyWhenItMust() throws {
        let fixture = try ImportFixture()
        _ = try fixture.load(
            .books, "id,title,author,due_on\n1,\"A, \"\"B\"\"\",,2025-12-20\n2,Plain,\"Two\nlines\",2025-12-21\n")
        let path = fixture.directory.path("out.csv")
        #expect(try Exporter.export(.books, from: fixture.database, to: path) == 2)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == #"""
                id,title,author,borrower,loaned_on,due_on,returned_on
                1,"A, ""B""",,,2025-12-01,2025-12-20,
                2,Plain,"Two
                lines",,2025-12-01,2025-12-21,

                """#)
    }
}
