import AlmanacKinds
import AlmanacStore
import AlmanacText
import Foundation

/// The snowman's kinds.
extension ImportKind {
    /// `animation-properties` (`PropertyKind`).
    public static let animationProperties = ImportKind(rawValue: "animation-properties")
    /// `animation-settings` (`SettingKind`).
    public static let animationSettings = ImportKind(rawValue: "animation-settings")
}

/// `animation-properties`: one of the snowman's steppers: a key (`AnimationRules.checkKey`), a label,
/// and values from min to max in steps counted from min, with a default on that grid. What a changed
/// property does to saved settings is checked against the database as the row is written
/// (`AnimationRules.SavedValues`).
package enum PropertyKind: KindDefinition {
    package enum Column: Int, KindColumn {
        case key, label, min, max, step, defaultValue

        package var spec: ColumnSpec {
            switch self {
            case .key: ColumnSpec("key", .text, required: true, key: true)
            case .label: ColumnSpec("label", .text, required: true)
            case .min: ColumnSpec("min", .real, required: true)
            case .max: ColumnSpec("max", .real, required: true)
            case .step: ColumnSpec("step", .real, required: true)
            case .defaultValue:
                ColumnSpec("default_value", .real, required: true, header: "default", jsonKey: "default")
            }
        }
    }

    package static let kind = ImportKind.animationProperties
    package static let table = "animation_properties"

    /// The snowman's properties as the embedded sample file gives them (`SampleData/`, the ones
    /// `demo` loads): `init` loads them.
    package static let reference: ReferenceRows? = ReferenceRows(
        sampleRows, loaded: ReferenceRows.Count(name: "properties", unit: "unit.property"))

    /// A property changes only while every saved setting stays in its range and on its grid, and a
    /// property written gives each setting without a value for it its default (`AnimationRules`).
    package static func writeRules(_ database: Database) -> WriteRules? {
        let saved = AnimationRules.SavedValues(database: database)
        return WriteRules(
            checkReplacement: { row in
                let property = try values(row)
                // The stepper as it will be read back from the database, and each saved value as an
                // export writes it.
                guard let min = DecimalNumber(property.min), let max = DecimalNumber(property.max),
                    let step = DecimalNumber(property.step),
                    case .success(let stepper) = Stepper.make(min: min, max: max, step: step),
                    let broken = try saved.firstBroken(key: property.key, stepper: stepper)
                else { return nil }
                var arguments = broken.violation.arguments
                arguments["key"] = property.key
                arguments["setting"] = ImportDiagnostic.shown(broken.setting)
                arguments["value"] = broken.value.description
                let change = broken.violation.key == "rule.animation.out-of-range" ? "range" : "grid"
                return RowRefusal(Column.key, "import.error.property-breaks-setting.\(change)", arguments)
            },
            didWrite: { row in
                let property = try values(row)
                try saved.giveDefault(key: property.key, value: property.defaultValue)
            })
    }

    /// A checked row's values (the rules bind each as text or a number).
    private static func values(_ row: [SQLValue]) throws -> (
        key: String, min: Double, max: Double, step: Double, defaultValue: Double
    ) {
        guard case .text(let key) = row[Column.key.index], case .real(let min) = row[Column.min.index],
            case .real(let max) = row[Column.max.index], case .real(let step) = row[Column.step.index],
            case .real(let defaultValue) = row[Column.defaultValue.index]
        else { throw AlmanacError(.internalError, "error.internal", ["message": "a property row without its values"]) }
        return (key, min, max, step, defaultValue)
    }

    /// The sample file's rows: key, label, min, max, step, default.
    private static var sampleRows: [[SQLValue]] {
        guard let text = Resources.file("SampleData/" + kind.fileName) else { return [] }
        // The file is Almanac's own: a header, then plain comma-separated fields (no quotes), checked
        // against the import of the same file by `ReferenceLoadTests`.
        return text.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let numbers = fields.dropFirst(2).compactMap(Double.init)
            guard fields.count == 6, numbers.count == 4 else { return nil }
            return [.text(fields[0]), .text(fields[1])] + numbers.map(SQLValue.real)
        }
    }

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Void) {
        if row.require(Column.key) {
            if let violation = AnimationRules.checkKey(row.text(Column.key)) {
                row.fail(Column.key, violation)
            } else {
                row.bindField(Column.key)
            }
        }
        if row.requireText(Column.label) { row.bindField(Column.label) }
        var numbers: [DecimalNumber] = []
        for column in [Column.min, .max, .step, .defaultValue] where row.require(column) {
            if let number = row.decimal(column) { numbers.append(number) }
        }
        guard numbers.count == 4 else { return }
        switch Stepper.make(min: numbers[0], max: numbers[1], step: numbers[2]) {
        case .failure(let violation):
            row.fail(violation.key == "rule.animation.step-not-positive" ? Column.step : Column.max, violation)
        case .success(let stepper):
            if let violation = stepper.check(numbers[3]) { row.fail(Column.defaultValue, violation) }
            for (column, number) in zip([Column.min, .max, .step, .defaultValue], numbers) {
                row.bindReal(column, number.doubleValue)
            }
        }
    }
}

/// `animation-settings`: a saved setting: its name, then one column per property key (a value in
/// the property's range and on its grid; empty takes the default); `id` and `created_at` when known
/// (an export writes them; a new setting is saved now).
package enum SettingKind: KindDefinition {
    package enum Column: Int, KindColumn {
        case id, name, createdAt

        package var spec: ColumnSpec {
            switch self {
            case .id: ColumnSpec("id", .id, key: false)
            case .name: ColumnSpec("name", .text, required: true, key: true)
            case .createdAt: ColumnSpec("created_at", .instant, emptyMeans: "now")
            }
        }
    }

    /// The properties in the database, whose keys are the file's other columns (from `Column.allCases.count`
    /// on), and the moment an empty `created_at` stands for.
    package struct Context {
        package let properties: [AnimationCatalog.Property]
        package let now: Int64
        package let zone: Zone

        package init(properties: [AnimationCatalog.Property], now: Int64, zone: Zone) {
            self.properties = properties
            self.now = now
            self.zone = zone
        }
    }

    package static let kind = ImportKind.animationSettings
    package static let table = "animation_settings"
    package static let exportOrder = "id"
    /// A setting's values are of the properties (`animation_setting_values`), which its rules read.
    package static let refersTo = [ImportKind.animationProperties]

    /// Where the first property's column is.
    package static let firstProperty = Column.allCases.count

    /// After its own columns, a setting's file has one per property key; its values go into
    /// `animation_setting_values`.
    package static let keyedValues: KeyedValues? = KeyedValues(
        table: "animation_setting_values", rowColumn: "setting_id", keyColumn: "property_key", valueColumn: "value",
        help: "help.import.settings-columns", keys: { try AnimationCatalog.load($0).properties.map(\.key) })

    /// An id or a name that is there already (the name is a UNIQUE key of its own).
    package static func refusal(_ constraint: DatabaseError.Constraint, field: (Int) -> String, database: Database)
        -> RowRefusal?
    {
        switch constraint {
        case .primaryKey: RowRefusal(Column.id, "import.error.exists")
        case .unique: RowRefusal(Column.name, "import.error.exists")
        default: nil
        }
    }

    /// An import checks each value by the properties in the database (those imported earlier in the
    /// run included); a new setting is saved when the import began.
    package static func importContext(_ run: ImportRun) throws -> Context {
        Context(properties: try AnimationCatalog.load(run.database).properties, now: run.now, zone: run.zone)
    }

    /// The setting's own columns, then one per property key.
    package static func importColumns(_ context: Context) -> [ImportColumn] {
        specs.map(\.importColumn) + context.properties.map { ImportColumn($0.key) }
    }

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Context) {
        row.bindOptionalID(Column.id)
        if row.requireText(Column.name) {
            if row.withBytes(Column.name.rawValue, AnimationRules.hasControlCharacters) {
                row.fail(Column.name, RuleViolation("rule.animation.name-control"))
            } else {
                row.bindField(Column.name)
            }
        }
        if row.isEmpty(Column.createdAt) {
            row.bindInstant(Column.createdAt, context.now)
        } else if let created = row.instant(Column.createdAt, zone: context.zone) {
            row.bindInstant(Column.createdAt, created)
        }
        for (offset, property) in context.properties.enumerated() {
            let column = firstProperty + offset
            if row.isEmpty(column) {
                row.bindReal(column, property.defaultValue.doubleValue)
            } else if let value = row.decimal(column) {
                if let violation = property.stepper.check(value) { row.fail(column, violation) }
                row.bindReal(column, value.doubleValue)
            }
        }
    }
}
