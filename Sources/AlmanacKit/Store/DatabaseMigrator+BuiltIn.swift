import AlmanacKinds
import AlmanacSQLite
import AlmanacStore
import Foundation

extension DatabaseMigrator {
    /// The migrations built into the binary from `Schema/`.
    public static let builtIn = DatabaseMigrator(
        migrations: Resources.files(under: "Schema").compactMap { file in
            let base = (file.path as NSString).lastPathComponent
            guard base.hasSuffix(".sql") else { return nil }
            let stem = base.dropLast(4)
            let digits = stem.prefix(while: \.isNumber)
            guard let version = Int(digits), version > 0 else { return nil }
            let name = stem.dropFirst(digits.count).drop(while: { $0 == "_" || $0 == "-" })
            return Migration(version: version, name: String(name), sql: file.contents)
        })
}
