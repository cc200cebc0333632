import Foundation

/// Rows to print: the one shape every command hands to the renderer, whatever the output format.
///
/// Cells are typed values, not text: the renderer turns them into localized text for `table` and
/// `markdown` (numbers, dates, plurals in the user's language) and into plain values for `csv`,
/// `tsv` and `json` (ISO dates, plain numbers, stable English words).
public struct Table: Sendable {
    /// How a column's cells sit in their space; headers are always centred.
    public enum Alignment: Sendable {
        case left, right
    }

    /// One column: a stable English snake_case key (JSON, CSV headers) and a localized title.
    public struct Column: Sendable {
        /// The JSON key and machine-readable header (`due_on`).
        public let key: String
        /// The header shown in table and markdown output, in the user's language.
        public let title: String
        /// The alignment; nil puts numbers right and everything else left.
        public let alignment: Alignment?

        /// Creates a column.
        public init(key: String, title: String, alignment: Alignment? = nil) {
            self.key = key
            self.title = title
            self.alignment = alignment
        }
    }

    /// A colour a cell may be shown in on a terminal. A colour only ever repeats what a tag's words
    /// (and symbol) already say, so nothing is lost without it.
    public enum ColorRole: String, Sendable, CaseIterable {
        /// Something is wrong and needs action (an overdue loan): red.
        case alert
        /// Something needs attention soon (a loan due this week): yellow.
        case warning
        /// Something is done or right: green.
        case success
        /// Something of little weight (a default value): dim.
        case muted
    }

    /// A word for people with a stable value for machines: a status such as "overdue".
    public struct Tag: Sendable, Equatable {
        /// The stable English value written to CSV, TSV and JSON (`overdue`).
        public let value: String
        /// The words shown in table and markdown output, in the user's language (`просрочена`).
        public let label: String
        /// A symbol shown before the words in table and markdown output (`✗`), or nil.
        public let symbol: String?
        /// The colour used on a terminal, or nil.
        public let role: ColorRole?

        /// Creates a tag.
        public init(value: String, label: String, symbol: String? = nil, role: ColorRole? = nil) {
            self.value = value
            self.label = label
            self.symbol = symbol
            self.role = role
        }
    }

    /// A cell: a typed value, so each format can show it its own way (localized or not).
    public enum Cell: Sendable, Equatable {
        /// No value: empty in text formats, `null` in JSON.
        case null
        /// Text, shown as it is.
        case text(String)
        /// A quantity, shown with the locale's digit grouping (`1 234`).
        case integer(Int64)
        /// An identifier or code number, shown as plain digits (`1234`), never grouped.
        case identifier(Int64)
        /// A measure, shown with the locale's decimal separator (`0,25`).
        case real(Double)
        /// A share where 1 is the whole, shown as a percentage (`66,7 %`); JSON keeps the fraction.
        case percent(Double)
        /// Yes or no, in words.
        case bool(Bool)
        /// A calendar day, shown by the locale's date pattern (`Mon 22 Dec`).
        case date(LocalDate)
        /// A moment, shown as date and time in the chosen time zone (`Mon 22 Dec 16:30`); JSON keeps UTC.
        case instant(Date)
        /// A number of things, shown with its plural noun (`5 книг`); `unit` is the translation key
        /// stem (`unit.book`), completed with the plural category (`unit.book.many`).
        case count(Int64, unit: String)
        /// A status: words for people, a stable value for machines, perhaps a symbol and a colour.
        case tag(Tag)
    }

    /// The columns, in order.
    public var columns: [Column]
    /// The rows; each has one cell per column.
    public var rows: [[Cell]]
    /// The plural noun stem for the line under a `table` (`unit.row` gives "3 rows"), or nil for none.
    public var summaryUnit: String?

    /// Creates a table.
    public init(columns: [Column], rows: [[Cell]] = [], summaryUnit: String? = "unit.row") {
        self.columns = columns
        self.rows = rows
        self.summaryUnit = summaryUnit
    }

    /// The alignment of a column: its own, else right when its cells are numbers, else left.
    public func alignment(ofColumn index: Int) -> Alignment {
        if let alignment = columns[index].alignment { return alignment }
        var sawNumber = false
        for row in rows where index < row.count {
            switch row[index] {
            case .null: continue
            case .integer, .identifier, .real, .percent, .count: sawNumber = true
            default: return .left
            }
        }
        return sawNumber ? .right : .left
    }
}
