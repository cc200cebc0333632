import AlmanacStore

/// The rows a kind has in every database from the start (`KindDefinition.reference`): a row still as
/// it started gives way to an imported file's row with its key (`ReferenceLoad`, `RowInserter`).
package struct ReferenceRows: Sendable {
    /// How `init`'s message counts the rows it loaded: their name there (`countries`) and the unit
    /// they are counted in (`unit.country`).
    package struct Count: Sendable, Equatable {
        package let name: String
        package let unit: String

        package init(name: String, unit: String) {
            self.name = name
            self.unit = unit
        }
    }

    /// The rows, each in the order of the definition's columns.
    package let rows: [[SQLValue]]
    /// How `init` counts the rows it loads; nil for rows the schema itself makes (the calendars'
    /// state, the library's settings), which `init` does not load.
    package let loaded: Count?

    /// Rows `init` loads (`loaded`), or that the schema makes.
    package init(_ rows: [[SQLValue]], loaded: Count? = nil) {
        self.rows = rows
        self.loaded = loaded
    }
}
