import AlmanacKinds
import AlmanacStore
import AlmanacText
import Foundation

/// The saved animation settings in the database: listing them (in the order saved, so the newest is
/// last as in the app's picker), finding one by name, and saving a new one.
public final class AnimationLibrary {
    package let database: Database

    /// The settings of an open database.
    public init(database: Database) {
        self.database = database
    }

    /// The properties.
    public func catalog() throws -> AnimationCatalog { try AnimationCatalog.load(database) }

    /// Every setting in the order they were saved, so the newest is last whatever `--today` said
    /// when each was saved.
    public func settings() throws -> [AnimationSetting] {
        var values: [Int64: [String: DecimalNumber]] = [:]
        for row in try database.rows("SELECT setting_id, property_key, value FROM animation_setting_values") {
            guard case .integer(let id) = row[0], case .text(let key) = row[1],
                let value = AnimationCatalog.decimal(row[2])
            else { continue }
            values[id, default: [:]][key] = value
        }
        return try database.rows("SELECT id, name, created_at FROM animation_settings ORDER BY id").compactMap { row in
            guard case .integer(let id) = row[0], case .text(let name) = row[1] else { return nil }
            return AnimationSetting(
                id: id, name: name,
                createdAt: row[2].textValue.flatMap(Instant.parse) ?? Date(timeIntervalSince1970: 0),
                values: values[id] ?? [:])
        }
    }

    /// The setting with a name; an unknown name is not found (66), listing the saved ones.
    public func setting(named name: String) throws -> AnimationSetting {
        let all = try settings()
        if let found = all.first(where: { $0.name == name }) { return found }
        guard !all.isEmpty else { throw AlmanacError.notFound("animation.error.no-settings", ["name": name]) }
        throw AlmanacError.notFound(
            "animation.error.unknown-setting",
            ["name": name, "names": all.map { "\"\($0.name)\"" }.joined(separator: ", ")])
    }

    /// Saves `values` under `name` at `moment`. An existing name is an error unless `replace`, which
    /// saves it afresh: new values, and the newest place in the picker.
    @discardableResult
    public func save(name: String, values: [String: DecimalNumber], replace: Bool, at moment: Date) throws
        -> AnimationSetting
    {
        let trimmed = try Self.checkedName(name)
        let stamp = Instant.format(moment)
        let id: Int64 = try database.transaction {
            if try database.scalar("SELECT id FROM animation_settings WHERE name = ?", [.text(trimmed)]) != nil {
                guard replace else { throw AlmanacError(.invalidData, "animation.error.exists", ["name": trimmed]) }
                // Its values go with it (ON DELETE CASCADE).
                try database.run("DELETE FROM animation_settings WHERE name = ?", [.text(trimmed)])
            }
            try IDRoom.require(.animationSettings, table: SettingKind.table, database)
            guard
                case .integer(let id)? = try database.scalar(
                    "INSERT INTO animation_settings (name, created_at) VALUES (?, ?) RETURNING id",
                    [.text(trimmed), .text(stamp)])
            else { throw DatabaseError(kind: .corrupt, message: "no id came back from INSERT INTO animation_settings") }
            let insert = try database.prepare(
                "INSERT INTO animation_setting_values (setting_id, property_key, value) VALUES (?, ?, ?)")
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                try insert.bind([.integer(id), .text(key), .real(value.doubleValue)])
                _ = try insert.step()
                insert.reset()
                insert.clearBindings()
            }
            return id
        }
        return AnimationSetting(id: id, name: trimmed, createdAt: Instant.parse(stamp) ?? moment, values: values)
    }
}
