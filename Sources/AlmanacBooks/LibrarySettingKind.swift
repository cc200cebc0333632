import AlmanacKinds
import AlmanacStore

extension ImportKind {
    /// `library-settings` (`LibrarySettingKind`).
    public static let librarySettings = ImportKind(rawValue: "library-settings")
}

/// `library-settings`: the rules a library sets for itself (`LibrarySetting`), a key and its value,
/// so a moved database keeps them. `import DIR` loads them before the loans they judge; a database
/// fresh from `init` holds the defaults, which a file's rows replace (`ReferenceLoad`).
package enum LibrarySettingKind: KindDefinition {
    package enum Column: Int, KindColumn {
        case key, value

        package var spec: ColumnSpec {
            switch self {
            case .key: ColumnSpec("key", .text, required: true, key: true)
            case .value: ColumnSpec("value", .text, required: true)
            }
        }
    }

    package static let kind = ImportKind.librarySettings
    package static let table = "library_settings"
    package static let exportOrder = "key"

    /// The settings as migration 007 makes them: the defaults.
    package static let reference: ReferenceRows? = ReferenceRows(
        LibrarySetting.allCases.map { [.text($0.rawValue), .text($0.defaultValue)] })

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Void) {
        guard row.require(Column.key) else { return }
        guard let setting = LibrarySetting(rawValue: row.text(Column.key)) else {
            return row.fail(
                Column.key,
                RuleViolation(
                    "rule.library-settings.key",
                    ["keys": LibrarySetting.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
        row.bindField(Column.key)
        guard row.require(Column.value) else { return }
        if let stored = setting.normalized(row.text(Column.value)) {
            row.bindText(Column.value, stored)
        } else {
            row.fail(Column.value, setting.violation)
        }
    }
}
