import AlmanacStore
import AlmanacText

/// A row given as text per column (`RowSource`): what `add` and `edit` commands are given, a row
/// read back from the database in its file form, the reference data `init` loads. The kind's rules
/// check it exactly as they check a file's row, and it keeps what they bound, as SQL values in
/// column order, and the problems they found.
package struct FieldValues: RowSource {
    /// The text of each column; nil or empty is an empty field.
    package private(set) var texts: [String?]
    /// What the rules bound, one value per column (NULL where they bound nothing).
    package private(set) var values: [SQLValue]
    /// The columns that break a rule, in the order found.
    package private(set) var problems: [(column: Int, violation: RuleViolation)] = []
    /// The forms days may be written in (`--date-format`).
    package var dateForms = DateForms()

    /// A row of `count` columns with the given texts (missing ones empty).
    package init(count: Int, texts: [Int: String?]) {
        self.texts = Array(repeating: nil, count: count)
        values = Array(repeating: .null, count: count)
        for (column, text) in texts where column < count { self.texts[column] = text }
    }

    /// Runs a kind's rules over texts by column.
    package static func check<Kind: KindDefinition>(
        _ kind: Kind.Type, _ texts: [Kind.Column: String?], _ context: Kind.Context
    )
        -> FieldValues
    {
        var row = FieldValues(
            count: Kind.Column.allCases.count,
            texts: Dictionary(uniqueKeysWithValues: texts.map { ($0.key.rawValue, $0.value) }))
        Kind.check(&row, context)
        return row
    }

    /// The first problem, if any.
    package var firstProblem: (column: Int, violation: RuleViolation)? { problems.first }

    package func isEmpty(_ column: Int) -> Bool { texts[column]?.isEmpty ?? true }

    package func withBytes<T>(_ column: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        var text = texts[column] ?? ""
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    package func text(_ column: Int) -> String { texts[column] ?? "" }

    package mutating func fail(_ column: Int, _ violation: RuleViolation) { problems.append((column, violation)) }

    package mutating func bindField(_ column: Int) { values[column] = isEmpty(column) ? .null : .text(text(column)) }
    package mutating func bindNull(_ column: Int) { values[column] = .null }
    package mutating func bindInteger(_ column: Int, _ value: Int64) { values[column] = .integer(value) }
    package mutating func bindReal(_ column: Int, _ value: Double) { values[column] = .real(value) }
    package mutating func bindText(_ column: Int, _ text: String) { values[column] = .text(text) }
    package mutating func bindInstant(_ column: Int, _ seconds: Int64) {
        values[column] = .text(Instant.utcText(seconds))
    }
    package mutating func bindDate(_ column: Int, _ date: LocalDate) { values[column] = .text(date.description) }
}
