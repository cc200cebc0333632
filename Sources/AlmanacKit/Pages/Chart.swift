/// A picture drawn above a table in an `html` page, from the table's own cells, so the picture and
/// the table of its numbers below it cannot disagree.
public enum Chart: Sendable, Equatable {
    /// A column per row, standing on a base line (events per day): the `label` column names it, the
    /// `value` column is its height.
    case columns(label: String, value: String, title: String)
    /// A bar per row, from the left (accuracy per player, the most-missed flags).
    case bars(label: String, value: String, title: String)
    /// How late the loans are: a column per number of days late (the `days` column; rows without one
    /// are not late and not counted), as tall as the loans that late, coloured by the notice level
    /// of `levels` each has reached (`overdue --levels`, else `1,7,14`).
    case lateness(days: String, levels: [Int64] = Chart.defaultLevels, title: String)

    /// The notice levels a table without a level column is coloured by (the `overdue` default).
    public static let defaultLevels: [Int64] = [1, 7, 14]

    /// The picture for `table`, as an inline `<figure>`; nil when the table lacks the columns.
    func figure(_ table: Table, formats: LocalizedFormats, id: String) -> String? {
        switch self {
        case .columns(let label, let value, let title), .bars(let label, let value, let title):
            guard let labelIndex = table.columns.firstIndex(where: { $0.key == label }),
                  let valueIndex = table.columns.firstIndex(where: { $0.key == value }) else { return nil }
            let bars = table.rows.map { row in
                let shown = Renderer.humanText(row[valueIndex], formats).text
                var short = shown
                if case .count(let count, _) = row[valueIndex] { short = formats.number(count) }
                return BarChart.Bar(label: Renderer.humanText(row[labelIndex], formats).text, value: Self.number(row[valueIndex]),
                    shown: shown, short: short, level: 0)
            }
            var isShare = false
            if case .percent? = table.rows.first?[valueIndex] { isShare = true }
            let chart = BarChart(bars: bars, title: title, axis: table.columns[valueIndex].title, formats: formats,
                full: isShare ? 1 : nil)
            if case .columns = self { return chart.columnsFigure(id: id) }
            return chart.barsFigure(id: id)
        case .lateness(let days, let levels, let title):
            guard let daysIndex = table.columns.firstIndex(where: { $0.key == days }) else { return nil }
            return BarChart.lateness(table, days: daysIndex, levels: levels, title: title, formats: formats).columnsFigure(id: id)
        }
    }

    /// A cell's number (0 for NULL and text).
    static func number(_ cell: Table.Cell) -> Double {
        switch cell {
        case .integer(let value), .identifier(let value), .count(let value, _): return Double(value)
        case .real(let value), .percent(let value): return value
        default: return 0
        }
    }
}
