import AlmanacBooks
import AlmanacOutput
import AlmanacStore
import AlmanacText

extension LibrarySettings {
    /// `config list`: each setting with its value, its default and what it is, in `t`'s words.
    public static func table(_ database: Database, _ t: Localizer) throws -> Table {
        let values = try values(database)
        // `value` and `default` hold numbers elsewhere (animation properties): these are text, so named apart.
        let columns = [
            ("key", "column.key"), ("setting_value", "column.value"), ("setting_default", "column.default"),
            ("description", "column.description"),
        ]
        return Table(
            columns: columns.map { Table.Column(key: $0.0, title: t($0.1)) },
            rows: LibrarySetting.allCases.map { setting in
                [
                    .text(setting.rawValue), .text(values[setting] ?? setting.defaultValue),
                    .text(setting.defaultValue), .text(t(setting.descriptionKey)),
                ]
            }, summaryUnit: nil)
    }

    /// `config set`'s sentence: the setting, its value before and now, and that loans already
    /// recorded keep theirs.
    public static func changed(_ setting: LibrarySetting, old: String, new: String, _ t: Localizer) -> String {
        // Only the loan rules speak of loans already recorded.
        let changedKey = setting == .quizSovereignOnly ? "config.changed." + setting.rawValue : "config.changed"
        return t(old == new ? "config.unchanged" : changedKey, ["key": setting.rawValue, "old": old, "new": new])
    }
}
