import AlmanacKinds
import AlmanacPostgres
import AlmanacSQLite
import AlmanacStore
import Foundation

extension DatabaseMigrator {
    /// The migrations built into the binary from `Schema/`.
    public static let builtIn = DatabaseMigrator(migrations: Migration.builtIn(under: "Schema"))
}

extension PostgresMigrator {
    /// The migrations built into the binary from `Schema/postgresql/`: the same numbers and names.
    public static let builtIn = PostgresMigrator(migrations: Migration.builtIn(under: "Schema/postgresql"))
}

extension Migration {
    /// The migrations in the embedded folder `folder` itself (not its subfolders).
    static func builtIn(under folder: String) -> [Migration] {
        Resources.files(under: folder).compactMap { file in
            guard !file.path.dropFirst(folder.count + 1).contains("/") else { return nil }
            let base = (file.path as NSString).lastPathComponent
            guard base.hasSuffix(".sql") else { return nil }
            let stem = base.dropLast(4)
            let digits = stem.prefix(while: \.isNumber)
            guard let version = Int(digits), version > 0 else { return nil }
            let name = stem.dropFirst(digits.count).drop(while: { $0 == "_" || $0 == "-" })
            return Migration(version: version, name: String(name), sql: file.contents)
        }
    }
}
