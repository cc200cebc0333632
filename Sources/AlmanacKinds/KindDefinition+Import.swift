import AlmanacStore

/// What most kinds need of an import: their own columns, a context of nothing or of the zone, the
/// general words for a row the database refuses; a table of their own, checked by SQLite too, that
/// starts empty, each row one INSERT.
extension KindDefinition {
    package static var checkedByTheImporter: Bool { false }
    package static var isView: Bool { false }
    package static var reference: ReferenceRows? { nil }
    package static var keyedValues: KeyedValues? { nil }
    package static func writeRules(_ database: Database) -> WriteRules? { nil }

    package static func importColumns(_ context: Context) -> [ImportColumn] { specs.map(\.importColumn) }

    package static func refusal(_ constraint: DatabaseError.Constraint, field: (Int) -> String, database: Database)
        -> RowRefusal?
    {
        generalRefusal(constraint)
    }

    /// A key that is there already, at the first key column; nil for any other refusal (the
    /// database's words say it).
    package static func generalRefusal(_ constraint: DatabaseError.Constraint) -> RowRefusal? {
        constraint == .primaryKey ? RowRefusal(specs.firstIndex(where: \.isKey) ?? 0, "import.error.exists") : nil
    }
}

extension KindDefinition where Context == Void {
    package static func importContext(_ run: ImportRun) {}
}

extension KindDefinition where Context == ZoneContext {
    package static func importContext(_ run: ImportRun) -> ZoneContext { ZoneContext(zone: run.zone) }
}
