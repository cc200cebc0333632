import AlmanacStore
import AlmanacText

/// Adds, changes and deletes rows of one kind, each checked by the kind's rules exactly as an
/// import's row is (`FieldValues`), so a row the importer accepts can always be changed and a value
/// a change refuses is refused by an import too.
///
/// A change reads the row back in its file form (as an export writes it), lays the given fields over
/// it, checks the whole row and writes every column: what the rules derive from several fields (an
/// event's `all_day`) stays true.
package struct KindWriter<Kind: KindDefinition> {
    /// The connection.
    package let database: Database
    /// How the command names each column (`--due` for `due_on`); others are named by their header.
    /// A column the command takes as a positional argument is labelled `argument` (""): its messages
    /// show the value, never the argument's placeholder.
    package let labels: [Kind.Column: String]

    /// The label of a column given as a positional argument.
    package static var argument: String { "" }

    /// A writer on an open database.
    package init(_ database: Database, labels: [Kind.Column: String] = [:]) {
        self.database = database
        self.labels = labels
    }

    /// The values the rules bind for `texts`, or the problems they found in the command's words.
    package func checked(_ texts: [Kind.Column: String?], _ context: Kind.Context) throws -> [SQLValue] {
        let row = FieldValues.check(Kind.self, texts, context)
        guard row.problems.isEmpty else {
            throw FieldProblems(
                row.problems.map { problem in
                    let column = Kind.Column(rawValue: problem.column)!
                    return FieldProblems.Problem(
                        label: label(column), value: row.text(problem.column), violation: relabeled(problem.violation))
                }
            ).error
        }
        return row.values
    }

    /// The name of a column in messages.
    package func label(_ column: Kind.Column) -> String { labels[column] ?? column.spec.header ?? column.spec.name }

    /// A violation whose `start` argument names another column (an end before its start) as the
    /// command names it (`--at`), where an import names the file's column (`starts_at`).
    package func relabeled(_ violation: RuleViolation) -> RuleViolation {
        guard let name = violation.arguments["start"],
            let column = Kind.Column.allCases.first(where: { $0.spec.name == name })
        else {
            return violation
        }
        return RuleViolation(violation.key, violation.arguments.merging(["start": label(column)]) { $1 })
    }

    /// Inserts a new row; returns its id as the insert itself returns it (`RETURNING`, on either
    /// store), or 0 for a kind without an id column. A key that is there already is refused by the
    /// database.
    @discardableResult
    package func insert(_ texts: [Kind.Column: String?], _ context: Kind.Context) throws -> Int64 {
        let values = try checked(texts, context)
        guard let id = Kind.Column.allCases.first(where: { $0.spec.type == .id }) else {
            try database.run(Kind.insertSQL(.fail), values)
            return 0
        }
        if values[id.rawValue] == .null { try IDRoom.require(Kind.kind, table: Kind.table, database) }
        guard
            case .integer(let given)? = try database.scalar(
                Kind.insertSQL(.fail) + " RETURNING \(id.spec.name)", values)
        else { throw DatabaseError(kind: .corrupt, message: "no id came back from INSERT INTO \(Kind.table)") }
        return given
    }

    /// The row whose key columns hold `key`, in its file form (each column's text as an export
    /// writes it), or nil.
    package func fileForm(key: [SQLValue]) throws -> [Kind.Column: String?]? {
        let columns = Kind.fileColumns
        let selected = columns.map { $0.spec.exportExpression(database.dialect) ?? $0.spec.name }.joined(
            separator: ", ")
        guard let row = try database.rows("SELECT \(selected) FROM \(Kind.table) WHERE \(Self.keyCondition)", key).first
        else { return nil }
        var texts: [Kind.Column: String?] = [:]
        for (column, value) in zip(columns, row) { texts[column] = ColumnSpec.fileText(value, column.spec.type) }
        return texts
    }

    /// Changes the row with `key`: its file form with `changes` laid over it (nil or "" empties a
    /// column; a column `decidedBy` others that changed is decided again), checked as a whole and written. Returns the values written, or nil when there is no
    /// such row.
    package func update(key: [SQLValue], changes: [Kind.Column: String?], _ context: Kind.Context) throws -> [SQLValue]?
    {
        guard var texts = try fileForm(key: key) else { return nil }
        for (column, text) in changes { texts[column] = text }
        for (column, sources) in Kind.decidedBy
        where changes[column] == nil && sources.contains(where: { changes[$0] != nil }) {
            texts[column] = .some(nil)
        }
        let values = try checked(texts, context)
        let kept = Kind.Column.allCases.filter { !$0.spec.isKey }
        try database.run(Kind.updateSQL, kept.map { values[$0.rawValue] } + key)
        return values
    }

    /// Deletes the row with `key`; false when there was none. Rows that refer to it go by their
    /// foreign keys (a holiday's doors, a loan's notices).
    package func delete(key: [SQLValue]) throws -> Bool {
        try database.run("DELETE FROM \(Kind.table) WHERE \(Self.keyCondition)", key)
        return database.changes > 0
    }

    /// `a = ?1 AND b = ?2` over the key columns.
    package static var keyCondition: String {
        Kind.keyColumns.enumerated().map { "\($1.spec.name) = ?\($0 + 1)" }.joined(separator: " AND ")
    }
}

/// What a command's fields break, as one error in the user's words: each field named as the command
/// names it (`--due "2026-05-01" is more than 3 months after …`), with the same rule keys an import
/// reports. Values that do not read as their type are usage errors (exit 64); values that read but
/// break a rule are invalid data (exit 65).
package struct FieldProblems {
    /// One field's problem.
    package struct Problem {
        package let label: String
        package let value: String
        package let violation: RuleViolation
    }

    package let problems: [Problem]

    package init(_ problems: [Problem]) { self.problems = problems }

    /// Rule keys that mean the value could not be read at all.
    package static let unreadable: Set<String> = [
        "rule.not-a-date", "rule.not-a-datetime", "rule.events.not-a-datetime", "rule.not-an-integer",
        "rule.not-a-number",
        "rule.not-a-boolean",
    ]

    /// The error to throw.
    package var error: AlmanacError {
        let failure: Failure =
            problems.allSatisfy { Self.unreadable.contains($0.violation.key) } ? .usage : .invalidData
        return AlmanacError(
            failure, "change.problems",
            problems: problems.map { problem in
                var arguments = problem.violation.arguments
                arguments["option"] = problem.label
                arguments["value"] = ImportDiagnostic.shown(problem.value)
                let key =
                    switch (problem.label.isEmpty, problem.value.isEmpty) {
                    case (true, true): "change.empty-value"
                    case (true, false): "change.value"
                    case (false, true): "change.field"
                    case (false, false): "change.field-value"
                    }
                return (key, problem.violation.key, arguments)
            })
    }
}
