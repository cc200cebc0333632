import AlmanacStore
import Foundation
import Testing

@testable import AlmanacAnimation
@testable import AlmanacBooks
@testable import AlmanacEvents
@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacSQLite
@testable import AlmanacText
@testable import AlmanacViews

/// Each kind states its columns once: the insert, the export's header and query, header matching and
/// the listings all come from its definition, and the definition agrees with the schema itself.
@Suite struct KindDefinitionTests {
    /// A migrated database, as `init` makes it.
    static func database() throws -> (TemporaryDirectory, Database) {
        let directory = try TemporaryDirectory()
        return (directory, try Store.create(directory.path("almanac.db")))
    }

    /// The declared type a column of each field type has in the schema.
    static func sqlType(_ type: FieldType) -> String {
        switch type {
        case .text, .date, .instant: "TEXT"
        case .integer, .id, .boolean: "INTEGER"
        case .real: "REAL"
        }
    }

    @Test(arguments: KindRegistry.listed)
    func columnsAreTheSchemasColumns(_ kind: ImportKind) throws {
        let (directory, database) = try Self.database()
        defer { _ = directory }
        let schema = try database.rows("SELECT name, type FROM pragma_table_info(?1)", [.text(kind.table)])
        let declared = Dictionary(uniqueKeysWithValues: schema.map { ($0[0].textValue ?? "", $0[1].textValue ?? "") })
        let specs = kind.definition.specs
        #expect(Set(specs.map(\.name)) == Set(declared.keys), "\(kind): the definition's columns and the table's")
        for spec in specs where !kind.definition.isView {
            #expect(
                declared[spec.name] == Self.sqlType(spec.type),
                "\(kind).\(spec.name) is \(declared[spec.name] ?? "absent")")
        }
    }

    @Test(arguments: KindRegistry.listed)
    func theInsertNamesEachColumnOnceInTheDefinitionsOrder(_ kind: ImportKind) {
        let sql = kind.definition.insertSQL(.fail)
        let names = kind.definition.specs.map(\.name)
        #expect(sql.hasPrefix("INSERT INTO \(kind.table) (\(names.joined(separator: ", "))) VALUES"))
        #expect(Set(names).count == names.count)
    }

    /// `replace` keeps the id SQLite gave a row whose key is another column: a saved setting's values
    /// refer to it (the importer adds `RETURNING id` for them).
    @Test func anUpsertKeepsAnIDThatIsNotTheKey() {
        #expect(
            SettingKind.insertSQL(.replace)
                == "INSERT INTO animation_settings (id, name, created_at) VALUES (?1, ?2, ?3)"
                + " ON CONFLICT (name) DO UPDATE SET created_at = excluded.created_at")
    }

    @Test(arguments: KindRegistry.listed.filter { $0.definition.keyedValues == nil })
    func theExportsHeaderIsTheFilesColumns(_ kind: ImportKind) throws {
        let (directory, database) = try Self.database()
        let path = directory.path("out.csv")
        try Exporter.export(kind, from: database, to: path)
        let header =
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
        #expect(header == kind.fileColumns.map(\.name).joined(separator: ","))
        // Every column of the file is one the table has, and header matching takes each back.
        let columns = Set(kind.definition.specs.map(\.name))
        for spec in kind.definition.specs where spec.header != nil { #expect(columns.contains(spec.name)) }
        #expect(kind.importColumns.filter(\.inFile).map(\.name) == kind.fileColumns.map(\.name))
    }

    @Test func theLoansListingShowsTheBooksColumnsByTheirJSONKeys() throws {
        let table = LoanTable.table([], today: LocalDate("2025-12-01")!, localizer: .english)
        let keys = BookKind.specs.map(\.jsonKey)
        #expect(Array(table.columns.map(\.key).prefix(keys.count)) == keys)
    }

    @Test func anEventsRowShowsTheEventsColumnsByTheirJSONKeys() {
        let detail = EventDetail(event: Event(id: 1, title: "T", startsAt: 0))
        #expect(detail.machineTable().columns.map(\.key) == EventKind.specs.map(\.jsonKey))
    }
}
