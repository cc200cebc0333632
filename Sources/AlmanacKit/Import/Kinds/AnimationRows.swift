/// `animation-properties`: **key**, **label**, **min**, **max**, **step**, **default**. The key is checked
/// by `AnimationRules.checkKey`; what a changed property does to saved settings is checked against the
/// database as the row is written (`RowInserter`, by `AnimationRules.SavedValues`).
struct AnimationPropertyRows: RowRules {
    let columns = [
        ImportColumn("key", required: true), ImportColumn("label", required: true), ImportColumn("min", required: true),
        ImportColumn("max", required: true), ImportColumn("step", required: true), ImportColumn("default", required: true),
    ]
    var width: Int { 6 }

    func check(_ row: inout RowCheck) {
        if row.require(0) {
            if let violation = AnimationRules.checkKey(row.text(0)) { row.fail(0, violation) } else { row.bindField(0) }
        }
        if row.require(1) { row.bindField(1) }
        var numbers: [DecimalNumber] = []
        for column in 2...5 where row.require(column) {
            if let number = row.decimal(column) { numbers.append(number) }
        }
        guard numbers.count == 4 else { return }
        switch Stepper.make(min: numbers[0], max: numbers[1], step: numbers[2]) {
        case .failure(let violation):
            row.fail(violation.key == "rule.animation.step-not-positive" ? 4 : 3, violation)
        case .success(let stepper):
            if let violation = stepper.check(numbers[3]) { row.fail(5, violation) }
            for number in numbers { row.bind(.real(number.doubleValue)) }
        }
    }
}

/// One property as a setting's column sees it.
struct AnimationProperty: Sendable {
    let key: String
    let stepper: Stepper
    let defaultValue: DecimalNumber
}

/// `animation-settings`: **name**, then one column per property key; a missing or empty value takes
/// the property's default; then created_at (when the setting was saved; empty: the import's moment),
/// unless a property has that key.
struct AnimationSettingRows: RowRules {
    /// The properties in the database when the file is read, in their order.
    let properties: [AnimationProperty]
    /// The zone of a `created_at` without an offset.
    var zone = Zone.utc

    /// The column that gives the moment a setting was saved.
    static let createdAt = "created_at"

    /// True when the file may give `created_at` (no property takes the name).
    var hasCreatedAt: Bool { !properties.contains { $0.key == Self.createdAt } }

    var columns: [ImportColumn] {
        [ImportColumn("name", required: true)] + properties.map { ImportColumn($0.key) } + (hasCreatedAt ? [ImportColumn(Self.createdAt)] : [])
    }
    var width: Int { 1 + properties.count + (hasCreatedAt ? 1 : 0) }

    func check(_ row: inout RowCheck) {
        if row.require(0) { row.bindField(0) }
        for (offset, property) in properties.enumerated() {
            let column = offset + 1
            if row.isEmpty(column) {
                row.bind(.real(property.defaultValue.doubleValue))
            } else if let value = row.decimal(column) {
                if let violation = property.stepper.check(value) { row.fail(column, violation) }
                row.bind(.real(value.doubleValue))
            }
        }
        guard hasCreatedAt else { return }
        let column = 1 + properties.count
        if row.isEmpty(column) {
            row.bind(.null)
        } else if let seconds = row.instant(column, zone: zone) {
            row.bindInstant(seconds)
        }
    }
}
