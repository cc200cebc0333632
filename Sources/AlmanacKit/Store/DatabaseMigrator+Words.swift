import AlmanacKinds
import AlmanacPostgres
import AlmanacSQLite
import AlmanacStore
import AlmanacText

extension DatabaseMigrator.SchemaTooNew: AlmanacErrorConvertible {
    /// The refusal in Almanac's words: a later version of Almanac made the database.
    public var almanacError: AlmanacError {
        AlmanacError(
            .invalidData, "error.schema-newer", ["path": path, "found": String(found), "known": String(known)])
    }
}

extension DatabaseMigrator.UserObjectsInTheWay: AlmanacErrorConvertible {
    /// The refusal in Almanac's words (exit 65): the migration, the objects and the statements that
    /// would drop them.
    public var almanacError: AlmanacError {
        AlmanacError(
            .invalidData, "migration.error.user-objects",
            [
                "path": path, "version": String(version),
                "tables": Array(Set(blockers.flatMap(\.tables))).sorted().joined(separator: ", "),
                "objects": blockers.map { "\($0.type) \"\($0.name)\" (\($0.tables.joined(separator: ", ")))" }.joined(
                    separator: ", "),
                "drops": blockers.map {
                    "DROP \($0.type.uppercased()) \"\($0.name.replacingOccurrences(of: "\"", with: "\"\""))\";"
                }
                .joined(separator: " "),
            ])
    }
}

extension PostgresMigrator.SchemaTooNew: AlmanacErrorConvertible {
    /// The refusal in Almanac's words, as for a file: a later version of Almanac made the database.
    public var almanacError: AlmanacError {
        AlmanacError(
            .invalidData, "error.schema-newer", ["path": path, "found": String(found), "known": String(known)])
    }
}
