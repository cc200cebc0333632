import AlmanacStore
import AlmanacText
import Foundation

/// What a command did to one row of a kind, to print: a sentence for people (table and markdown), or
/// the row itself for machines (csv, tsv, json; html as a titled table), its columns named by the
/// kind's JSON keys, so a script reads what was written (`RowChange+Rendering.swift`, in AlmanacViews).
public struct RowChange: Sendable {
    /// The sentence's translation key (`calendar.holiday.added`).
    public let key: String
    /// The sentence's placeholders.
    public let arguments: [String: String]
    /// The columns of the row, as the kind defines them.
    package let columns: [ColumnSpec]
    /// The row's values, one per column.
    package let values: [SQLValue]

    /// A change of a row of `Kind` whose values are `values` (as the kind's rules bound them).
    package init<Kind: KindDefinition>(
        _ kind: Kind.Type, _ key: String, _ arguments: [String: String], values: [SQLValue]
    ) {
        self.key = key
        self.arguments = arguments
        columns = Kind.specs
        self.values = values
    }

    /// Another sentence about the same row (`calendar.holiday.kept` when a deletion was not confirmed).
    public func sentence(_ key: String, _ localizer: Localizer) -> String { localizer(key, arguments) + "\n" }
}
