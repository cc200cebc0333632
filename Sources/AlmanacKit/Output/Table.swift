/// Rows to print: the one shape every command hands to the renderer, whatever the output format.
public struct Table: Sendable {
    /// One column: a stable English snake_case key (JSON, CSV headers) and a localized title.
    public struct Column: Sendable {
        /// The JSON key and machine-readable header (`due_on`).
        public let key: String
        /// The header shown in table and markdown output, in the user's language.
        public let title: String

        /// Creates a column.
        public init(key: String, title: String) {
            self.key = key
            self.title = title
        }
    }

    /// A cell: a typed value, so each format can show it its own way (localized or not).
    public enum Cell: Sendable, Equatable {
        case null
        case text(String)
        case integer(Int64)
        case real(Double)
        case bool(Bool)
        case date(LocalDate)
    }

    /// The columns, in order.
    public var columns: [Column]
    /// The rows; each has one cell per column.
    public var rows: [[Cell]]

    /// Creates a table.
    public init(columns: [Column], rows: [[Cell]] = []) {
        self.columns = columns
        self.rows = rows
    }
}
