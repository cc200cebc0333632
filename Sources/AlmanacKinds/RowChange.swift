import AlmanacOutput
import AlmanacStore
import AlmanacText
import Foundation

/// What a command did to one row of a kind, to print: a sentence for people (table and markdown), or
/// the row itself for machines (csv, tsv, json; html as a titled table), its columns named by the
/// kind's JSON keys, so a script reads what was written.
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

    /// The row as a one-row table.
    package func table(_ t: Localizer) -> Table {
        Table(
            columns: columns.map { Table.Column(key: $0.jsonKey, title: t($0.titleKey)) },
            rows: [zip(columns, values).map { Self.cell($1, $0.type) }], summaryUnit: nil)
    }

    /// The output for the renderer's format, ending with a newline.
    public func render(_ renderer: Renderer) -> String {
        renderer.render(ChangedRow(sentence: renderer.localizer(key, arguments), row: table(renderer.localizer)))
    }

    /// Another sentence about the same row (`calendar.holiday.kept` when a deletion was not confirmed).
    public func sentence(_ key: String, _ localizer: Localizer) -> String { localizer(key, arguments) + "\n" }

    /// A stored value as a cell of its column's type.
    package static func cell(_ value: SQLValue, _ type: FieldType) -> Table.Cell {
        switch (value, type) {
        case (.null, _): return .null
        case (.integer(let number), .boolean): return .bool(number != 0)
        case (.integer(let number), .id): return .identifier(number)
        case (.integer(let number), _): return .integer(number)
        case (.real(let number), _): return .real(number)
        case (.text(let text), .date): return LocalDate(text).map(Table.Cell.date) ?? .text(text)
        case (.text(let text), .instant): return Instant.parse(text).map(Table.Cell.instant) ?? .text(text)
        default: return value.textValue.map(Table.Cell.text) ?? .null
        }
    }
}
