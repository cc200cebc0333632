import AlmanacText

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
    package func figure(_ table: Table, formats: LocalizedFormats, id: String) -> String? {
        var tally = Tally(self, columns: table.columns)
        for row in table.rows { tally.add(row) }
        return tally.figure(formats: formats, id: id)
    }

    /// What the picture needs of a table's rows, gathered a row at a time, so a page can stream its
    /// rows and still draw the picture above them: the loans counted by days late (a few numbers
    /// whatever the rows), or each bar's label and value (a bar per row).
    package struct Tally {
        package let chart: Chart
        package let columns: [Table.Column]
        /// The columns the picture reads: label and value, or days late; nil when the table lacks one.
        private let label: Int?, value: Int?
        private var bars: [(label: Table.Cell, value: Table.Cell)] = []
        private var late: [Int64: Int] = [:]

        package init(_ chart: Chart, columns: [Table.Column]) {
            self.chart = chart
            self.columns = columns
            func index(_ key: String) -> Int? { columns.firstIndex { $0.key == key } }
            switch chart {
            case .columns(let label, let value, _), .bars(let label, let value, _):
                (self.label, self.value) = (index(label), index(value))
            case .lateness(let days, _, _): (self.label, self.value) = (nil, index(days))
            }
        }

        /// One row of the table.
        package mutating func add(_ row: [Table.Cell]) {
            guard let value else { return }
            let cell = row[safe: value]
            if let label {
                bars.append((row[safe: label], cell))
            } else if case .count(let days, _) = cell, days > 0 {
                late[days, default: 0] += 1
            }
        }

        /// The picture, as an inline `<figure>`; nil when the table lacks the columns.
        package func figure(formats: LocalizedFormats, id: String) -> String? {
            guard let value else { return nil }
            switch chart {
            case .columns(_, _, let title), .bars(_, _, let title):
                guard label != nil else { return nil }
                let shownBars = bars.map { label, cell in
                    let shown = Renderer.humanText(cell, formats).text
                    var short = shown
                    if case .count(let count, _) = cell { short = formats.number(count) }
                    return BarChart.Bar(
                        label: Renderer.humanText(label, formats).text, value: Chart.number(cell),
                        shown: shown, short: short, level: 0)
                }
                var isShare = false
                if case .percent? = bars.first?.value { isShare = true }
                let picture = BarChart(
                    bars: shownBars, title: title, axis: columns[value].title, formats: formats, full: isShare ? 1 : nil
                )
                if case .columns = chart { return picture.columnsFigure(id: id) }
                return picture.barsFigure(id: id)
            case .lateness(_, let levels, let title):
                return BarChart.lateness(late, levels: levels, title: title, formats: formats).columnsFigure(id: id)
            }
        }
    }

    /// A cell's number (0 for NULL and text).
    package static func number(_ cell: Table.Cell) -> Double {
        switch cell {
        case .integer(let value), .identifier(let value), .count(let value, _): return Double(value)
        case .real(let value), .percent(let value): return value
        default: return 0
        }
    }
}
