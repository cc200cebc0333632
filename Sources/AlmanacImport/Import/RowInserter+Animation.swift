import AlmanacAnimation
import AlmanacKinds
import AlmanacStore
import AlmanacText
import Foundation

/// Rows of the animation kinds, which `RowInserter` checks against the saved settings as it writes them.
extension RowInserter {
    func insertSetting(_ batch: RecordBatch, _ values: UnsafeBufferPointer<BindValue>, _ record: Int, _ first: Int)
        throws -> Outcome
    {
        for column in SettingKind.Column.allCases {
            try bind(values[first + column.rawValue], at: Int32(column.rawValue + 1), to: statement, batch, record)
        }
        guard try statement.step() else {
            statement.reset()
            return .skipped
        }
        let id = statement.int64(at: 0)
        while try statement.step() {}
        statement.reset()
        guard let valuesStatement else { return .inserted }
        for (offset, key) in properties.enumerated() {
            try valuesStatement.bind(id, at: 1)
            try valuesStatement.bind(key, at: 2)
            try bind(values[first + SettingKind.firstProperty + offset], at: 3, to: valuesStatement, batch, record)
            try valuesStatement.step()
            valuesStatement.reset()
        }
        return .inserted
    }

    /// A property row. Replacing a property may not leave a saved setting out of its range or off its
    /// grid; a property written gives every setting without a value for it its default (`AnimationRules`).
    /// A property still as `init` loaded it gives way to the file's, as any reference row does.
    func insertProperty(
        _ batch: RecordBatch, _ values: UnsafeBufferPointer<BindValue>, _ record: Int, _ first: Int,
        _ saved: AnimationRules.SavedValues, mapping: [Int], file: String
    ) throws -> Outcome {
        typealias C = PropertyKind.Column
        guard case .field(let keyField) = values[first + C.key.rawValue],
            case .real(let low) = values[first + C.min.rawValue],
            case .real(let high) = values[first + C.max.rawValue],
            case .real(let size) = values[first + C.step.rawValue],
            case .real(let value) = values[first + C.defaultValue.rawValue]
        else { throw AlmanacError(.internalError, "error.internal", ["message": "a property row without its values"]) }
        let key = batch.string(record, keyField)
        let existing = try database.rows(
            "SELECT \(PropertyKind.sqlList(C.allCases)) FROM animation_properties WHERE key = ?", [.text(key)]
        ).first
        let replacing: Bool
        switch (existing, policy) {
        case (nil, _): replacing = false
        case (_, .replace): replacing = true
        case (let row?, .fail)
        where !written.contains([.text(key)]) && row == ReferenceLoad.row(.animationProperties, key: [.text(key)]):
            replacing = true
        case (_, .skip): return .skipped
        case (_, .fail):
            let place = batch.locate(record, field: mapping[C.key.rawValue])
            return .failed(
                ImportDiagnostic(
                    file: file, line: place.line, column: place.column, key: "import.error.exists",
                    arguments: ["column": C.key.spec.header ?? "key", "value": ImportDiagnostic.shown(key)]))
        }
        // The stepper as it will be read back from the database, and each saved value as an export writes it.
        if replacing, let min = DecimalNumber(low), let max = DecimalNumber(high), let step = DecimalNumber(size),
            case .success(let stepper) = Stepper.make(min: min, max: max, step: step),
            let broken = try saved.firstBroken(key: key, stepper: stepper)
        {
            let place = batch.locate(record, field: mapping[C.key.rawValue])
            var arguments = broken.violation.arguments
            arguments["key"] = key
            arguments["setting"] = ImportDiagnostic.shown(broken.setting)
            arguments["value"] = broken.value.description
            let change = broken.violation.key == "rule.animation.out-of-range" ? "range" : "grid"
            return .failed(
                ImportDiagnostic(
                    file: file, line: place.line, column: place.column,
                    key: "import.error.property-breaks-setting.\(change)", arguments: arguments))
        }
        let target = replacing ? (yielding ?? statement) : statement
        try bindRow(target, batch, values, record: record, firstParameter: 1)
        try target.step()
        target.reset()
        guard database.changes > 0 else { return .skipped }
        written.insert([.text(key)])
        try saved.giveDefault(key: key, value: value)
        return .inserted
    }
}
