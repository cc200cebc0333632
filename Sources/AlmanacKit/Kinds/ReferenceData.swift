/// The rows every database starts with (PRODUCT.md, "Every world, from the command line"): the 249
/// ISO 3166-1 countries and the snowman's animation properties, as the embedded sample files have
/// them (`SampleData/countries.csv`, `SampleData/animation-properties.csv`), and the calendars' state
/// as the schema makes it. `init` loads them; a row that is still as loaded gives way to an imported
/// row with its key, so the reference data never stands in the way of a file (`RowInserter`).
enum ReferenceData {
    /// The kinds with reference rows.
    static let kinds: [ImportKind] = [.countries, .animationProperties, .calendarState]

    /// Each reference row's values, as the kind's rules bind them, by kind.
    static let rows: [ImportKind: [[SQLValue]]] = [
        .countries: checked(CountryKind.self, file: ImportKind.countries.fileName, ()),
        .animationProperties: checked(PropertyKind.self, file: ImportKind.animationProperties.fileName, ()),
        .calendarState: [FieldValues.check(CalendarStateKind.self, [:], ()).values],
    ]

    /// The reference row of a kind whose key columns hold `key`, or nil.
    static func row(_ kind: ImportKind, key: [SQLValue]) -> [SQLValue]? {
        let keyColumns = kind.definition.specs.indices.filter { kind.definition.specs[$0].isKey }
        return rows[kind]?.first { row in keyColumns.map { row[$0] } == key }
    }

    /// Inserts every reference row the database lacks; rows there already, changed or not, stay as
    /// they are, so running it again changes nothing. A property added gives every saved setting its
    /// default, as an import's would (`AnimationRules`).
    static func load(into database: Database) throws {
        try database.transaction(.immediate) {
            for kind in kinds {
                let statement = try database.prepare(kind.definition.insertSQL(.skip))
                let saved = AnimationRules.SavedValues(database: database)
                for row in rows[kind] ?? [] {
                    try statement.bind(row)
                    _ = try statement.step()
                    statement.reset()
                    if kind == .animationProperties && database.changes > 0,
                        case .text(let key) = row[PropertyKind.Column.key.rawValue],
                        case .real(let value) = row[PropertyKind.Column.defaultValue.rawValue] {
                        try saved.giveDefault(key: key, value: value)
                    }
                }
            }
        }
    }

    /// The rows of an embedded sample file, checked by the kind's rules; a row they refuse is a bug
    /// in the file, and stops the build's tests (`ReferenceDataTests`), not a user.
    private static func checked<Kind: KindDefinition>(_ kind: Kind.Type, file: String, _ context: Kind.Context) -> [[SQLValue]] {
        guard let text = SampleData.files.first(where: { $0.name == file })?.contents else { return [] }
        let records = EmbeddedCSV.records(text)
        guard let header = records.first else { return [] }
        let columns = header.map { name in Kind.Column.allCases.first { $0.spec.header == name } }
        return records.dropFirst().compactMap { record in
            var texts: [Kind.Column: String?] = [:]
            for (column, field) in zip(columns, record) { if let column { texts[column] = field } }
            let row = FieldValues.check(kind, texts, context)
            return row.problems.isEmpty ? row.values : nil
        }
    }
}

/// The records of a CSV text that Almanac itself embeds (RFC 4180: commas, quoted fields with doubled
/// quotes, LF or CRLF). Files from users are read by `CSVReader`, through libcsv.
enum EmbeddedCSV {
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending = iterator.next()
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" { field.unicodeScalars.append("\""); pending = iterator.next() } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"": quoted = true
            case ",": record.append(field); field = ""
            case "\r": continue
            case "\n": record.append(field); records.append(record); record = []; field = ""
            default: field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }
}
