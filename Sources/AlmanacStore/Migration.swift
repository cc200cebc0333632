/// One numbered step of the schema, from a `Schema/NNN_name.sql` file (`Schema/postgresql/NNN_name.sql` for PostgreSQL).
public struct Migration: Sendable, Equatable {
    /// The number that orders migrations; also the `user_version` once it is applied.
    public let version: Int
    /// The file's name without its number and extension (`initial`).
    public let name: String
    /// The SQL to run, possibly several statements.
    public let sql: String

    /// Creates a migration.
    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}
