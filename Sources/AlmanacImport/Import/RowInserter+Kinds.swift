import AlmanacKinds
import AlmanacStore
import Foundation

/// Rows that are more than one INSERT: a row whose keyed values go into a table of their own (a saved
/// setting's property values), and a row whose kind has rules to keep with the rest of the database
/// as it is written (a property and the saved settings).
extension RowInserter {
    /// A row and its keyed values: the row's own columns, then one value per key (`KeyedValues`),
    /// under the id the INSERT returns.
    func insertWithValues(_ batch: RecordBatch, _ values: UnsafeBufferPointer<BindValue>, _ record: Int, _ first: Int)
        throws -> Outcome
    {
        let own = definition.specs.count
        for column in 0..<own {
            try bind(values[first + column], at: Int32(column + 1), to: statement, batch, record)
        }
        guard try statement.step() else {
            statement.reset()
            return .skipped
        }
        let id = statement.int64(at: 0)
        while try statement.step() {}
        statement.reset()
        guard let valuesStatement else { return .inserted }
        for (offset, key) in keys.enumerated() {
            try valuesStatement.bind(id, at: 1)
            try valuesStatement.bind(key, at: 2)
            try bind(values[first + own + offset], at: 3, to: valuesStatement, batch, record)
            try valuesStatement.step()
            valuesStatement.reset()
        }
        return .inserted
    }

    /// A row of a kind with write rules, looked up by its key first. Replacing the row there (under
    /// `replace`, or under `fail` when that is a reference row still as it started) must keep the
    /// rules (`WriteRules.checkReplacement`); a row written brings along what they say
    /// (`didWrite`). A reference row gives way to the file's, as in `giveWay`.
    func insertChecked(
        _ batch: RecordBatch, _ values: UnsafeBufferPointer<BindValue>, _ record: Int, _ rules: WriteRules,
        mapping: [Int], columns: [ImportColumn], file: String
    ) throws -> Outcome {
        let key = key(values, batch, record)
        let existing = try stored(key)
        let replacing: Bool
        switch (existing, policy) {
        case (nil, _): replacing = false
        case (_, .replace): replacing = true
        case (let row?, .fail) where !written.contains(key) && row == ReferenceLoad.row(kind, key: key):
            replacing = true
        case (_, .skip): return .skipped
        case (_, .fail):
            return .failed(
                try describe(
                    DatabaseError(kind: .constraint(.primaryKey), message: "exists", sql: "", path: database.path),
                    batch, record, mapping, columns, file))
        }
        let row = (0..<batch.width).map { value(values[record * batch.width + $0], batch, record) }
        if replacing, let refusal = try rules.checkReplacement(row) {
            let place = batch.locate(record, field: max(mapping[refusal.column], 0))
            return .failed(
                ImportDiagnostic(
                    file: file, line: place.line, column: place.column, key: refusal.key,
                    arguments: refusal.arguments))
        }
        let target = replacing ? (yielding ?? statement) : statement
        try bindRow(target, batch, values, record: record, firstParameter: 1)
        try target.step()
        target.reset()
        guard database.changes > 0 else { return .skipped }
        written.insert(key)
        try rules.didWrite(row)
        return .inserted
    }
}
