import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText

/// The rows of a report or query, read from its statement one at a time: each value shown by its
/// column's kind. Nothing is held: `write(to:)` hands each row to a `TableWriter` as SQLite gives it.
public struct ResultRows {
    /// The columns (in the statement's order), the count line's noun and the sentence of no rows.
    public let head: Table.Head
    private let statement: Statement
    private let readings: [Reading]
    private let localizer: Localizer
    private let source: String
    private let limits: QueryLimits?

    /// How a column's values become cells: by its declared kind, and where the kind is `auto` or a
    /// value does not fit it, by the storage class and the schema's naming.
    private struct Reading {
        let kind: ReportDefinition.ColumnKind
        let naming: Naming
        /// What `streamed` does with the column's text, worked out once from the two above.
        let text: TextReading
        /// What `streamed` makes of the column's integers, likewise.
        let integer: IntegerReading

        init(kind: ReportDefinition.ColumnKind, naming: Naming) {
            self.kind = kind
            self.naming = naming
            text =
                switch (kind, naming) {
                case (.auto, .date): .date
                case (.auto, .instant): .instant
                case (.auto, _), (.text, _): .text
                default: .cell
                }
            integer =
                switch (kind, naming) {
                case (.auto, .identifier): .identifier
                case (.auto, _): .integer
                default: .cell
                }
        }
    }

    /// How `streamed` hands on a column's integers: as the cell `cell` would make, without the
    /// `SQLValue` between (a listing's ids), or through `cell` for a declared kind.
    private enum IntegerReading {
        case identifier, integer, cell
    }

    /// How `streamed` hands on a column's text.
    private enum TextReading {
        /// As its bytes.
        case text
        /// As its bytes, marked as a date's text (`StreamedCell.dateText`).
        case date
        /// As an instant when it reads as one, else as its bytes.
        case instant
        /// As the cell its declared kind makes.
        case cell
    }

    /// What a column's name says about its values.
    private enum Naming {
        /// `*_on`: text that is a date is a date.
        case date
        /// `*_at`: text that is an instant is an instant.
        case instant
        /// `id` or `*_id`: integers are identifiers.
        case identifier
        case plain
    }

    /// The rows of `statement`. A column the specs do not declare gets the title `column.NAME` when
    /// that key exists, else its own name.
    init(
        _ statement: Statement, specs: [ReportDefinition.ColumnSpec], empty: Table.Sentence, localizer: Localizer,
        source: String,
        limits: QueryLimits? = nil
    ) {
        // A server's statement runs as its columns are asked for: the clock starts there.
        let names = limits.map { $0.timing(source: source) { statement.columnNames } } ?? statement.columnNames
        head = Table.Head(
            columns: names.map { name in
                let key = specs.first { $0.name == name }?.titleKey ?? "column." + name
                return Table.Column(
                    key: name, title: localizer.hasKey(key) ? localizer(key) : (key == "column." + name ? name : key))
            }, empty: empty)
        readings = names.map { name in
            let naming: Naming =
                name.hasSuffix("_on")
                ? .date
                : name.hasSuffix("_at")
                    ? .instant
                    : name == "id" || name.hasSuffix("_id") ? .identifier : .plain
            return Reading(kind: specs.first { $0.name == name }?.kind ?? .auto, naming: naming)
        }
        self.statement = statement
        self.localizer = localizer
        self.source = source
        self.limits = limits
    }

    /// Runs the statement, handing each row to `body` as it comes.
    public func forEach(_ body: ([Table.Cell]) throws -> Void) throws {
        var row: [Table.Cell] = []
        row.reserveCapacity(readings.count)
        var tags: [String: Table.Tag] = [:]
        try run {
            row.removeAll(keepingCapacity: true)
            for (index, reading) in readings.enumerated() {
                row.append(cell(statement.value(at: Int32(index)), reading, &tags))
            }
            try body(row)
        }
    }

    /// Writes every row to `writer`, then finishes it. Text goes from SQLite's memory to the output
    /// (`StreamedCell`): no string is made for a value the format copies as it is.
    public func send(to writer: TableWriter) throws {
        try forEachStreamed(writer.row(streamed:))
        try writer.finish()
    }

    /// Runs the statement, handing each row to `body` with its text still in SQLite's memory: good
    /// only until `body` returns.
    func forEachStreamed(_ body: ([StreamedCell]) throws -> Void) throws {
        // Each row's cells take the place of the last one's (emptying the array and filling it again
        // was a twentieth of a csv listing).
        var row = [StreamedCell](repeating: .cell(.null), count: readings.count)
        var tags: [String: Table.Tag] = [:]
        try run {
            for index in readings.indices {
                row[index] = streamed(Int32(index), readings[index], &tags)
            }
            try body(row)
        }
    }

    /// Steps through the rows, calling `body` at each. SQLite's failures are said in Almanac's words;
    /// a query stopped by its time limit says which limit stopped it.
    private func run(_ body: () throws -> Void) throws {
        defer { limits?.statementEnded() }
        do {
            while try step() { try body() }
        } catch let error as DatabaseError {
            if let refusal = ReportSession.refusal(on: statement.connection) { throw refusal }
            throw limits?.explain(error, source: source) ?? error.almanacError(source: source)
        }
    }

    private func step() throws -> Bool {
        guard let limits else { return try statement.step() }
        return try limits.timing(source: source) { try statement.step() }
    }

    /// A column of the current row as `cell` makes it, with text that stays text left in SQLite's
    /// memory (when it is valid UTF-8; other text is repaired into a string, as `cell` does).
    private func streamed(_ index: Int32, _ reading: Reading, _ tags: inout [String: Table.Tag]) -> StreamedCell {
        let value = statement.lentValue(at: index)
        switch value {
        case .null: return .cell(.null)
        case .integer(let number) where reading.integer == .identifier: return .cell(.identifier(number))
        case .integer(let number) where reading.integer == .integer: return .cell(.integer(number))
        case .text(let bytes) where reading.text != .cell:
            if reading.text == .instant, let instant = Instant.parse(utf8: bytes) { return .cell(.instant(instant)) }
            guard isValidUTF8(bytes) else { return .cell(cell(SQLValue(value), reading, &tags)) }
            return reading.text == .date ? .dateText(bytes) : .text(bytes)
        default: return .cell(cell(SQLValue(value), reading, &tags))
        }
    }

    /// Every row at once, for a short result (tests, the demo).
    public func table() throws -> Table {
        var rows: [[Table.Cell]] = []
        try forEach { rows.append($0) }
        return Table(columns: head.columns, rows: rows, summaryUnit: head.summaryUnit, empty: head.empty)
    }

    private func cell(_ value: SQLValue, _ reading: Reading, _ tags: inout [String: Table.Tag]) -> Table.Cell {
        switch (reading.kind, value) {
        case (_, .null): return .null
        case (.auto, _): break
        case (.status, .text(let text)):
            if let known = tags[text] { return .tag(known) }
            let tag = StatusTags.tag(text, localizer)
            if tags.count < 1024 { tags[text] = tag }
            return .tag(tag)
        default:
            if let cell = Self.cell(value, kind: reading.kind) { return cell }
        }
        switch (reading.naming, value) {
        case (.date, .text(let text)): if let date = LocalDate(text) { return .date(date) }
        case (.instant, .text(let text)): if let instant = Instant.parse(text) { return .instant(instant) }
        case (.identifier, .integer(let number)): return .identifier(number)
        default: break
        }
        return Self.automatic(value)
    }

    /// One value as a cell of a declared kind, or nil when the value does not fit the kind.
    static func cell(_ value: SQLValue, kind: ReportDefinition.ColumnKind) -> Table.Cell? {
        switch (kind, value) {
        case (_, .null): return .null
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
        case (.count(let unit), .integer(let number)): return .count(number, unit: unit)
        default: return nil
        }
    }

    /// A value by its storage class: integers, reals, text, and blobs as `x'…'` hex.
    static func automatic(_ value: SQLValue) -> Table.Cell {
        switch value {
        case .null: return .null
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .text(let text): return .text(text)
        case .blob(let bytes):
            let digits = Array("0123456789ABCDEF")
            return .text("x'" + String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }) + "'")
        }
    }
}
