import AlmanacText
import Foundation

/// Rows to print, whole: the shape of a short listing that is built before it is printed. A long one
/// streams its rows through a `TableWriter` instead, with the same `Head`; `Renderer.render(_:)`
/// is that writer fed from this array.
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
        /// True for a column that `table` and `markdown` leave out when no row has a value in it (the
        /// agenda's note column, there only when an event crosses midnight).
        public let hiddenWhenEmpty: Bool
        /// How much the column says: on a terminal too narrow for the box, the columns that say least
        /// are dropped first, before any text is shortened (`BoxLayout`).
        public let priority: Priority

        /// Creates a column.
        public init(
            key: String, title: String, alignment: Alignment? = nil, hiddenWhenEmpty: Bool = false,
            priority: Priority = .kept
        ) {
            self.key = key
            self.title = title
            self.alignment = alignment
            self.hiddenWhenEmpty = hiddenWhenEmpty
            self.priority = priority
        }
    }

    /// How much a column says, for a terminal too narrow to show every column whole: a box gives up
    /// its `.least` columns before it shortens any text, and its `.less` columns before it shortens
    /// text below `Renderer.readableColumn`; a `.kept` column is never dropped. Among equals the
    /// rightmost goes first. Other formats show every column.
    public enum Priority: Int, Sendable, Comparable {
        /// Says least: what other columns already imply (a loan's dates beside its status and due date).
        case least
        /// Says less than the text it would squeeze (a book's author beside its title).
        case less
        /// Always shown.
        case kept

        public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
    }

    /// A sentence in the user's words: a translation key and the values it names.
    public struct Sentence: Sendable, Equatable {
        /// The translation key (`books.none`).
        public let key: String
        /// The values the sentence names, by placeholder.
        public let arguments: [String: String]

        /// A sentence from its key and values.
        public init(_ key: String, _ arguments: [String: String] = [:]) {
            self.key = key
            self.arguments = arguments
        }
    }

    /// What a listing states before its rows, so a writer can start before the first row arrives.
    public struct Head: Sendable {
        /// The columns, in order.
        public var columns: [Column]
        /// The plural noun stem of the line under a `table` (`unit.row` gives "3 rows"), or nil.
        public var summaryUnit: String?
        /// What `table` and `markdown` print instead of an empty box when there is no row (`No loans
        /// are overdue.`); nil keeps the empty box. `csv` and `tsv` print their header, `json` `[]`.
        public var empty: Sentence?

        /// Creates a head.
        public init(columns: [Column], summaryUnit: String? = "unit.row", empty: Sentence? = nil) {
            self.columns = columns
            self.summaryUnit = summaryUnit
            self.empty = empty
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
    public struct Tag: Sendable, Hashable {
        /// The stable English value written to CSV, TSV and JSON (`overdue`).
        public let value: String
        /// The words shown in table and markdown output, in the user's language (`просрочена`).
        public let label: String
        /// A symbol shown before the words in table and markdown output (`✗`), or nil.
        public let symbol: String?
        /// The colour used on a terminal, or nil.
        public let role: ColorRole?
        /// The ISO code of a flag a page draws as a picture in place of the symbol, which stays its
        /// alternative text and what every other format shows (`FlagPictures`); nil for none.
        public let flag: String?

        /// Creates a tag.
        public init(
            value: String, label: String, symbol: String? = nil, role: ColorRole? = nil, flag: String? = nil
        ) {
            self.value = value
            self.label = label
            self.symbol = symbol
            self.role = role
            self.flag = flag
        }

        /// By value alone: tags that differ only in their words are rare, and equality still tells them apart.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(value)
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
    /// What `table` and `markdown` print when there is no row; nil keeps the empty box.
    public var empty: Sentence?

    /// Creates a table.
    public init(columns: [Column], rows: [[Cell]] = [], summaryUnit: String? = "unit.row", empty: Sentence? = nil) {
        self.columns = columns
        self.rows = rows
        self.summaryUnit = summaryUnit
        self.empty = empty
    }

    /// The table's head: what a `TableWriter` needs before the rows.
    public var head: Head {
        Head(columns: columns, summaryUnit: summaryUnit, empty: empty)
    }

    /// The alignment of a column: its own, else right when its cells are numbers, else left.
    public func alignment(ofColumn index: Int) -> Alignment {
        var evidence = AlignmentEvidence()
        for row in rows where index < row.count { evidence.see(row[index]) }
        return evidence.alignment(columns[index].alignment)
    }
}

/// What a column's cells say about its alignment, seen one at a time: right when every cell with a
/// value is a number, else left.
package struct AlignmentEvidence {
    private var sawNumber = false
    private var sawOther = false

    package mutating func see(_ cell: Table.Cell) {
        switch cell {
        case .null: break
        case .integer, .identifier, .real, .percent, .count: sawNumber = true
        default: sawOther = true
        }
    }

    /// The column's own alignment when it has one, else what its cells say.
    package func alignment(_ declared: Table.Alignment?) -> Table.Alignment {
        declared ?? (sawNumber && !sawOther ? .right : .left)
    }
}
