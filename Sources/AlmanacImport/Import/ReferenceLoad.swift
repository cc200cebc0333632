import AlmanacAnimation
import AlmanacBooks
import AlmanacCalendar
import AlmanacKinds
import AlmanacQuiz
import AlmanacStore
import Foundation

/// The rows every database starts with (PRODUCT.md, "Every world, from the command line"): the 249
/// ISO 3166-1 countries built into the binary (`ISO3166`), named in English as CLDR names them
/// (`Country.localizedName`), and the snowman's animation properties as the embedded sample file
/// gives them (`SampleData/animation-properties.csv`, the ones `demo` loads). `init` loads them.
/// A row still as loaded (every column as built in: nothing tells it from one imported with the same
/// values, which loses nothing) gives way to the first row of an imported file with its key
/// (`RowInserter`), so the reference data never stands in the way of a file, and `init` then
/// `import DIR` moves a database.
public enum ReferenceLoad {
    /// How many rows one load added.
    public struct Added: Sendable, Equatable {
        /// Countries added.
        public var countries = 0
        /// Animation properties added.
        public var properties = 0

        /// So many added (none by default).
        public init(countries: Int = 0, properties: Int = 0) {
            self.countries = countries
            self.properties = properties
        }

        /// True when nothing was added.
        public var isEmpty: Bool { countries == 0 && properties == 0 }
    }

    /// Inserts every reference row whose key the database lacks, in one transaction; rows there
    /// already, changed or not, stay as they are, so loading again changes nothing.
    @discardableResult
    public static func load(into database: Database) throws -> Added {
        try database.transaction(.immediate) {
            var added = Added()
            added.countries = try insert(countries, into: database, kind: .countries)
            added.properties = try insert(properties, into: database, kind: .animationProperties)
            return added
        }
    }

    /// The countries, in insert order (by code): code, English name, alpha-3, numeric.
    static let countries: [[SQLValue]] = ISO3166.entries.map { entry in
        [
            .text(entry.alpha2),
            .text(Country.localizedName(code: entry.alpha2, stored: entry.alpha2, locale: Locale(identifier: "en"))),
            .text(entry.alpha3), .text(entry.numeric),
        ]
    }

    /// The animation properties of the embedded sample file: key, label, min, max, step, default.
    static let properties: [[SQLValue]] = {
        guard let text = SampleData.files.first(where: { $0.name == ImportKind.animationProperties.fileName })?.contents
        else { return [] }
        // The file is Almanac's own: a header, then plain comma-separated fields (no quotes), checked
        // against the import of the same file by `ReferenceLoadTests`.
        return text.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let numbers = fields.dropFirst(2).compactMap(Double.init)
            guard fields.count == 6, numbers.count == 4 else { return nil }
            return [.text(fields[0]), .text(fields[1])] + numbers.map(SQLValue.real)
        }
    }()

    /// The kinds with reference rows: the two `load` inserts, and the calendars' state, whose one row
    /// the schema makes.
    static let kinds: [ImportKind] = [.countries, .animationProperties, .calendarState, .librarySettings]

    /// The reference row of `kind` whose key columns hold `key`, in the order of its definition's
    /// columns, or nil.
    static func row(_ kind: ImportKind, key: [SQLValue]) -> [SQLValue]? {
        switch kind {
        case .countries: return key.first?.textValue.flatMap { countriesByCode[$0] }
        case .animationProperties: return properties.first { $0[0] == key.first }
        case .calendarState: return calendarState.first == key.first ? calendarState : nil
        // The library's settings as migration 007 makes them: the defaults.
        case .librarySettings:
            return key.first?.textValue.flatMap(LibrarySetting.init(rawValue:)).map {
                [.text($0.rawValue), .text($0.defaultValue)]
            }
        default: return nil
        }
    }

    /// The calendars' state as the schema makes it: no holiday selected, test mode off.
    private static let calendarState = FieldValues.check(CalendarStateKind.self, [:], ()).values

    private static let countriesByCode: [String: [SQLValue]] = Dictionary(
        uniqueKeysWithValues: countries.map { ($0[0].textValue ?? "", $0) })

    private static func insert(_ rows: [[SQLValue]], into database: Database, kind: ImportKind) throws -> Int {
        let statement = try database.prepare(kind.definition.insertSQL(.skip))
        let saved = AnimationRules.SavedValues(database: database)
        var added = 0
        for row in rows {
            try statement.bind(row)
            _ = try statement.step()
            statement.reset()
            guard database.changes > 0 else { continue }
            added += 1
            // A property added to a database with saved settings gives each its default, as an import's would.
            if kind == .animationProperties, case .text(let key) = row[PropertyKind.Column.key.rawValue],
                case .real(let value) = row[PropertyKind.Column.defaultValue.rawValue]
            {
                try saved.giveDefault(key: key, value: value)
            }
        }
        return added
    }
}
