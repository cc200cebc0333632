import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText

/// A row's change as output: the sentence for people, the row for machines.
extension RowChange {
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
