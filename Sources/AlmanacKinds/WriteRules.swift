import AlmanacStore

/// What a kind's rows must keep with the rest of the database as they are written, beyond their own
/// table's constraints (a property: no saved setting left off its grid; a property written gives each
/// setting that lacks it its default). Made for one import or load, inside its transaction
/// (`KindDefinition.writeRules`); the importer writes such rows one at a time.
package struct WriteRules {
    /// The refusal of a row (its values in the order of the definition's columns) about to replace
    /// the row there with its key, or nil when it may. Its arguments are the message's, as they are.
    package let checkReplacement: ([SQLValue]) throws -> RowRefusal?
    /// What writing a row brings along.
    package let didWrite: ([SQLValue]) throws -> Void

    /// Rules of these two steps.
    package init(
        checkReplacement: @escaping ([SQLValue]) throws -> RowRefusal?, didWrite: @escaping ([SQLValue]) throws -> Void
    ) {
        self.checkReplacement = checkReplacement
        self.didWrite = didWrite
    }
}
