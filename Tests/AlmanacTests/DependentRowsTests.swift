import AlmanacImport
import AlmanacKit
import AlmanacStore
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacSQLite

/// Kinds that other rows depend on, changed through the built binary with `--on-conflict replace`
/// into a database holding the sample data: a change either keeps every dependent row valid (doors
/// keep their holiday, quiz answers their countries, settings their properties) or is refused at
/// the row that would break one, with the database file and every kind's export unchanged.
@Suite struct DependentRowsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let kind: ImportKind
        let text: String
        /// The first line on standard error, or nil for an import that succeeds.
        let error: String?
        var testDescription: String { name }
    }

    static let propertyHeader = "key,label,min,max,step,default\n"

    static let cases: [Case] = [
        Case(
            name: "a narrower range of a property", kind: .animationProperties,
            text: propertyHeader + "opacity,Opacity,0.2,1,0.05,1\n",
            error:
                #"in.csv:2:1: error: property "opacity": the range 0.2 to 1 would leave saved setting "Spin and fade" (0.1) outside it"#
        ),
        Case(
            name: "a coarser grid of a property", kind: .animationProperties,
            text: propertyHeader + "rotation_z,Rotation,-180,180,90,0\n",
            error:
                #"in.csv:2:1: error: property "rotation_z": the grid of -180 plus whole steps of 90 would leave saved setting"#
        ),
        Case(
            name: "a default outside the new range", kind: .animationProperties,
            text: propertyHeader + "opacity,Opacity,0,0.5,0.05,1\n",
            error: #"in.csv:2:28: error: column "default": "1" is outside the range 0 to 0.5"#),
        Case(
            name: "a property keyed name", kind: .animationProperties, text: propertyHeader + "name,Name,0,1,1,0\n",
            error: #"in.csv:2:1: error: column "key": "name" is reserved"#),
        Case(
            name: "a wider range of a property", kind: .animationProperties,
            text: propertyHeader + "opacity,Fade,-1,2,0.05,1\n", error: nil),
        Case(
            name: "a holiday replaced", kind: .holidays, text: "key,title,color\nchristmas,Xmas,#00AA00\n", error: nil),
        Case(name: "a country replaced", kind: .countries, text: "code,name\nSJ,Svalbard\n", error: nil),
        Case(name: "a door replaced", kind: .doors, text: "holiday,door,surprise\nchristmas,1,Snow\n", error: nil),
    ]

    @Test(arguments: cases)
    func aChangeKeepsItsDependentsOrIsRefused(_ change: Case) throws {
        let dir = try Workdir()
        try HostileInputTests.prepare(dir)
        let digest = try HostileInputTests.digest(dir)
        let exports = try Self.sampleExports.get()
        try dir.write("in.csv", change.text)
        let out = try dir.run([
            "--db", "a.db", "--today", "2025-12-22", "import", change.kind.rawValue, "in.csv", "--on-conflict",
            "replace",
        ])
        if let error = change.error {
            #expect(out.status == 65)
            let first = String(out.stderr.split(separator: "\n").first ?? "")
            #expect(first.hasPrefix(error), "\(first)")
            #expect(try HostileInputTests.digest(dir) == digest, "the database file changed")
            #expect(try Self.exports(dir) == exports)
            return
        }
        #expect(out.status == 0, "\(out.stderr)")
        // What depends on the changed kind is all there, and every reference still holds.
        let after = try Self.exports(dir)
        for (kind, text) in exports where kind != change.kind {
            // On PostgreSQL a replaced property moves to the end of its table (an update writes a new
            // version of the row), and a setting's columns follow the properties' order: the same
            // columns and values, in another order (docs/postgresql.md names the difference).
            if TestStore.isPostgres && change.kind == .animationProperties && kind == .animationSettings {
                #expect(Self.columnsByName(after[kind] ?? "") == Self.columnsByName(text), "\(kind)")
                continue
            }
            #expect(after[kind] == text, "\(kind)")
        }
        // SQLite checks its foreign keys when asked; PostgreSQL refuses a row that breaks one.
        if !TestStore.isPostgres {
            let database = try SQLiteDatabase(path: dir.path("a.db"), mode: .readOnly)
            #expect(try database.rows("PRAGMA foreign_key_check").isEmpty)
        }
        // And the data reads back into a fresh database as it is.
        let fresh = try Workdir()
        #expect(try fresh.run(["--db", "b.db", "init"]).status == 0)
        for kind in KindRegistry.kinds {
            try fresh.write("\(kind.rawValue).csv", after[kind] ?? "")
            let imported = try fresh.run([
                "--db", "b.db", "--today", "2025-12-22", "import", kind.rawValue, "\(kind.rawValue).csv",
            ])
            #expect(imported.status == 0, "\(kind): \(imported.stderr)")
        }
        #expect(try Self.exports(fresh, database: "b.db") == after)
    }

    /// Every kind's export of the sample data every test starts from (a copy of one database): read
    /// once per test run.
    static let sampleExports = Result { () throws -> [ImportKind: String] in
        let dir = try Workdir()
        try HostileInputTests.prepare(dir)
        return try exports(dir)
    }

    /// Every kind as `export` writes it.
    static func exports(_ dir: Workdir, database: String = "a.db") throws -> [ImportKind: String] {
        var texts: [ImportKind: String] = [:]
        for kind in KindRegistry.listed {
            texts[kind] = try dir.run(["--db", database, "export", kind.rawValue]).stdout
        }
        return texts
    }

    /// A CSV export as its columns, each its header and values in row order, keyed by header (the
    /// files here hold no quoted commas).
    static func columnsByName(_ csv: String) -> [String: [String]] {
        let rows = csv.split(whereSeparator: \.isNewline).map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        guard let header = rows.first else { return [:] }
        var columns: [String: [String]] = [:]
        for (index, name) in header.enumerated() {
            columns[name] = rows.dropFirst().map { index < $0.count ? $0[index] : "" }
        }
        return columns
    }
}
