/// `overdue-notices`: a notice `overdue --notify` issued: the loan, the level (days overdue) and the
/// day. A moved database keeps them, so the next night repeats none.
package enum NoticeKind: KindDefinition {
    package enum Column: Int, KindColumn {
        case bookID, level, issuedOn

        package var spec: ColumnSpec {
            switch self {
            case .bookID: ColumnSpec("book_id", .integer, required: true, key: true)
            case .level: ColumnSpec("level", .integer, required: true, key: true)
            case .issuedOn: ColumnSpec("issued_on", .date, required: true)
            }
        }
    }

    package static let kind = ImportKind.overdueNotices
    package static let table = "overdue_notices"
    package static let exportOrder = "book_id, level"

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Void) {
        if row.require(Column.bookID), let id = row.id(Column.bookID) { row.bindInteger(Column.bookID, id) }
        if row.require(Column.level), let level = row.integer(Column.level) {
            if level >= 0 {
                row.bindInteger(Column.level, level)
            } else {
                row.fail(Column.level, RuleViolation("rule.not-a-count"))
            }
        }
        if row.require(Column.issuedOn), let day = row.date(Column.issuedOn) { row.bindDay(Column.issuedOn, day) }
    }
}

/// `last-ids`: the last id each kind with ids has given out, so a moved database never gives one
/// again (a deleted loan's id stays used). Importing one only ever raises it (`last_ids`, a view
/// over SQLite's `sqlite_sequence`, whose trigger keeps the larger).
package enum LastIDKind: KindDefinition {
    package enum Column: Int, KindColumn {
        case kind, lastID

        package var spec: ColumnSpec {
            switch self {
            case .kind: ColumnSpec("kind", .text, required: true)
            case .lastID: ColumnSpec("last_id", .integer, required: true)
            }
        }
    }

    package static let kind = ImportKind.lastIDs
    package static let table = "last_ids"
    package static let exportOrder = "kind"

    /// The kinds whose rows have ids SQLite gives.
    package static let kinds: [ImportKind] = [.books, .events, .quizAnswers, .animationSettings]

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Void) {
        if row.require(Column.kind) {
            if kinds.contains(where: { $0.rawValue == row.text(Column.kind) }) {
                row.bindField(Column.kind)
            } else {
                row.fail(
                    Column.kind,
                    RuleViolation("rule.last-ids.kind", ["kinds": kinds.map(\.rawValue).joined(separator: ", ")]))
            }
        }
        // An id, or 0 for a kind that has given none yet.
        if row.require(Column.lastID) {
            if let id = row.withBytes(Column.lastID.index, RowID.number) {
                row.bindInteger(Column.lastID, id)
            } else {
                row.fail(Column.lastID, RuleViolation("rule.not-a-last-id", ["last": String(RowID.last)]))
            }
        }
    }
}
