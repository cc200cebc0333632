extension ImportKind {
    /// `last-ids` (`LastIDKind`).
    public static let lastIDs = ImportKind(rawValue: "last-ids")
}

/// `last-ids`: the last id each kind with ids has given out, so a moved database never gives one
/// again (a deleted loan's id stays used). Importing one only ever raises it (`last_ids`, a view
/// over SQLite's `sqlite_sequence`, whose trigger keeps the larger). It refers to every kind with
/// ids (`ImportRun.kindsWithIDs`), which the registry lists before it.
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

    /// The kinds whose rows have ids SQLite gives, which the registry knows (`ImportRun.kindsWithIDs`).
    package struct Context {
        package let kinds: [ImportKind]

        package init(kinds: [ImportKind]) { self.kinds = kinds }
    }

    package static let kind = ImportKind.lastIDs
    package static let table = "last_ids"
    package static let exportOrder = "kind"
    /// `last_ids` is a view over `sqlite_sequence`, written by its trigger.
    package static let isView = true

    package static func importContext(_ run: ImportRun) -> Context { Context(kinds: run.kindsWithIDs) }

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Context) {
        if row.require(Column.kind) {
            if context.kinds.contains(where: { $0.rawValue == row.text(Column.kind) }) {
                row.bindField(Column.kind)
            } else {
                row.fail(
                    Column.kind,
                    RuleViolation(
                        "rule.last-ids.kind", ["kinds": context.kinds.map(\.rawValue).joined(separator: ", ")]))
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
