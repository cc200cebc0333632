import AlmanacKinds
import AlmanacStore

extension ImportKind {
    /// `overdue-notices` (`NoticeKind`).
    public static let overdueNotices = ImportKind(rawValue: "overdue-notices")
}

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
    package static let refersTo = [ImportKind.books]

    /// A notice of a loan that is not there.
    package static func refusal(_ constraint: DatabaseError.Constraint, field: (Int) -> String, database: Database)
        -> RowRefusal?
    {
        constraint == .foreignKey ? RowRefusal(Column.bookID, "import.error.unknown-book") : generalRefusal(constraint)
    }

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
