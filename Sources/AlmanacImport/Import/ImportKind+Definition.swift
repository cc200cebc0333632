import AlmanacKinds

/// A kind's definition, by its name (`KindRegistry`).
extension ImportKind {
    package var definition: any KindDefinition.Type { KindRegistry.entry(self).definition }

    /// The table rows go into.
    package var table: String { definition.table }

    /// True for kinds whose rows the importer checks by exactly their table's CHECK constraints
    /// (`KindDefinition.checkedByTheImporter`).
    var checkedByTheImporter: Bool { definition.checkedByTheImporter }

    /// The columns of the kind's file, in the order export writes them (a kind with keyed values has
    /// one per key after these: a setting, one per property).
    public var fileColumns: [ImportColumn] { definition.specs.filter { $0.header != nil }.map(\.importColumn) }

    /// Every column of the kind as header matching sees it, in insert order (those files do not have
    /// included; a kind with keyed values has one per key after these).
    var importColumns: [ImportColumn] { definition.specs.map(\.importColumn) }

    /// The columns as `--help` shows them: required ones marked `*` (a kind with keyed values: its
    /// own, which its `KeyedValues.help` words go on from).
    public var helpColumns: String {
        fileColumns.map { $0.name + ($0.required ? "*" : "") }.joined(separator: ", ")
    }
}
