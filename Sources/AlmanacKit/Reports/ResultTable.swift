/// Turns the rows of a statement into a `Table`, each value shown by its column's kind.
enum ResultTable {
    /// Every row of `statement`. Columns come in the statement's order; a column the specs do not
    /// declare gets the title `column.NAME` when that key exists, else its own name.
    static func build(_ statement: Statement, specs: [ReportDefinition.ColumnSpec], localizer: Localizer) throws -> Table {
        let names = statement.columnNames
        let kinds = names.map { name in specs.first { $0.name == name }?.kind ?? .auto }
        let columns = names.map { name -> Table.Column in
            let key = specs.first { $0.name == name }?.titleKey ?? "column." + name
            return Table.Column(key: name, title: localizer.hasKey(key) ? localizer(key) : (key == "column." + name ? name : key))
        }
        var rows: [[Table.Cell]] = []
        while try statement.step() {
            rows.append(names.indices.map { index in
                cell(statement.value(at: Int32(index)), kind: kinds[index], name: names[index], localizer: localizer)
            })
        }
        return Table(columns: columns, rows: rows)
    }

    /// One value as a cell of a kind; a value that does not fit its kind is shown as SQLite gave it.
    static func cell(_ value: SQLValue, kind: ReportDefinition.ColumnKind, name: String, localizer: Localizer) -> Table.Cell {
        if value == .null { return .null }
        switch (kind, value) {
        case (.text, _): return .text(value.textValue ?? "")
        case (.integer, .integer(let number)): return .integer(number)
        case (.identifier, .integer(let number)): return .identifier(number)
        case (.real, .integer(let number)): return .real(Double(number))
        case (.real, .real(let number)): return .real(number)
        case (.percent, .integer(let number)): return .percent(Double(number))
        case (.percent, .real(let number)): return .percent(number)
        case (.boolean, .integer(let number)): return .bool(number != 0)
        case (.date, .text(let text)): return LocalDate(text).map(Table.Cell.date) ?? .text(text)
        case (.instant, .text(let text)): return Instant.parse(text).map(Table.Cell.instant) ?? .text(text)
        case (.status, .text(let text)): return .tag(StatusTags.tag(text, localizer))
        case (.count(let unit), .integer(let number)): return .count(number, unit: unit)
        default: return automatic(value, name: name)
        }
    }

    /// A value by its storage class, and by the schema's naming: `*_on` text that is a date is a
    /// date, `*_at` text that is an instant is an instant, `id` and `*_id` integers are identifiers.
    static func automatic(_ value: SQLValue, name: String) -> Table.Cell {
        switch value {
        case .null: return .null
        case .integer(let number):
            return name == "id" || name.hasSuffix("_id") ? .identifier(number) : .integer(number)
        case .real(let number): return .real(number)
        case .text(let text):
            if name.hasSuffix("_on"), let date = LocalDate(text) { return .date(date) }
            if name.hasSuffix("_at"), let instant = Instant.parse(text) { return .instant(instant) }
            return .text(text)
        case .blob(let bytes):
            let digits = Array("0123456789ABCDEF")
            return .text("x'" + String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }) + "'")
        }
    }
}
