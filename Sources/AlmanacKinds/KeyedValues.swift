import AlmanacStore

/// Columns a kind's files have after its own, one per key the database holds (a saved setting: one
/// per snowman property), whose values each row keeps in a table of their own: the row's id, the key
/// and the value, a number (`KindDefinition.keyedValues`).
package struct KeyedValues: Sendable {
    /// The table of the values.
    package let table: String
    /// Its column of the row's id (the kind's `.id` column).
    package let rowColumn: String
    /// Its column of the key.
    package let keyColumn: String
    /// Its column of the value (REAL).
    package let valueColumn: String
    /// The translation key of `--help`'s words for the kind's columns, given them as `{columns}`.
    package let help: String
    /// The keys the database holds, in the order files have their columns.
    package let keys: @Sendable (Database) throws -> [String]

    /// Values kept in `table`.
    package init(
        table: String, rowColumn: String, keyColumn: String, valueColumn: String, help: String,
        keys: @escaping @Sendable (Database) throws -> [String]
    ) {
        self.table = table
        self.rowColumn = rowColumn
        self.keyColumn = keyColumn
        self.valueColumn = valueColumn
        self.help = help
        self.keys = keys
    }
}
