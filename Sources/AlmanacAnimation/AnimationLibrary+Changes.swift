import AlmanacKinds
import AlmanacText
import Foundation

extension AnimationLibrary {
    /// Changes some values of a saved setting and keeps the rest; every value is checked by its
    /// property's stepper (as an import of the setting is). An unknown name is exit 66.
    @discardableResult
    public func edit(name: String, values: [String: DecimalNumber]) throws -> AnimationSetting {
        try database.transaction(.immediate) {
            let setting = try setting(named: name)
            let write = try database.prepare(
                """
                INSERT INTO animation_setting_values (setting_id, property_key, value) VALUES (?1, ?2, ?3)
                ON CONFLICT (setting_id, property_key) DO UPDATE SET value = excluded.value
                """)
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                try write.bind([.integer(setting.id), .text(key), .real(value.doubleValue)])
                _ = try write.step()
                write.reset()
            }
            return try self.setting(named: name)
        }
    }

    /// What `animation step` did: the setting after the step, the property and its new value, and
    /// whether the step stopped at the property's min or max.
    public struct Step: Sendable {
        public let setting: AnimationSetting
        public let property: AnimationCatalog.Property
        public let value: DecimalNumber
        public let clamped: Bool
    }

    /// Moves one value of a setting by whole steps of its property, stopping at min and max (the
    /// snowman app's stepper). An unknown name is exit 66, an unknown key exit 64.
    public func step(name: String, key: String, by steps: Int) throws -> Step {
        let catalog = try catalog()
        guard let property = catalog.property(key) else {
            throw AlmanacError(.usage, "animation.error.unknown-key", ["key": key, "keys": catalog.keyList])
        }
        let current = try setting(named: name).value(property)
        let stepper = property.stepper
        let places = Swift.max(current.places, stepper.step.places, stepper.min.places, stepper.max.places)
        guard let now = current.units(atPlaces: places), let size = stepper.step.units(atPlaces: places),
            let low = stepper.min.units(atPlaces: places), let high = stepper.max.units(atPlaces: places)
        else { throw AlmanacError(.invalidData, "animation.error.step-too-fine", ["key": key]) }
        // Any number of steps, however large: past what an Int64 counts is past either end.
        let (moved, overflow) = Int64(steps).multipliedReportingOverflow(by: size)
        let (sum, beyond) = now.addingReportingOverflow(moved)
        let target = overflow || beyond ? (steps < 0 ? Int64.min / 2 : Int64.max / 2) : sum
        // The highest grid value, which max itself is only when it lies on the grid.
        let top = low + (high - low) / size * size
        let landed = Swift.min(Swift.max(target, low), top)
        let value = DecimalNumber(units: landed, places: places)
        let setting = try edit(name: name, values: [key: value])
        return Step(setting: setting, property: property, value: value, clamped: landed != target)
    }

    /// Deletes a saved setting and its values; its id is never given again. An unknown name is exit 66.
    public func delete(name: String) throws -> AnimationSetting {
        try database.transaction(.immediate) {
            let setting = try setting(named: name)
            try database.run("DELETE FROM animation_settings WHERE id = ?1", [.integer(setting.id)])
            return setting
        }
    }

    /// Renames a saved setting; the new name follows the settings' rules (not blank, no control
    /// characters) and must be free. An unknown name is exit 66.
    public func rename(_ name: String, to newName: String) throws -> AnimationSetting {
        try database.transaction(.immediate) {
            let setting = try setting(named: name)
            let trimmed = try Self.checkedName(newName)
            if trimmed != setting.name,
                try database.scalar("SELECT 1 FROM animation_settings WHERE name = ?1", [.text(trimmed)]) != nil
            {
                throw AlmanacError(.invalidData, "animation.error.name-taken", ["name": trimmed])
            }
            try database.run(
                "UPDATE animation_settings SET name = ?1 WHERE id = ?2", [.text(trimmed), .integer(setting.id)])
            return try self.setting(named: trimmed)
        }
    }

    /// A setting's name without the spaces around it, checked by the animation-settings kind's rules.
    package static func checkedName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        let row = FieldValues.check(SettingKind.self, [.name: trimmed], .init(properties: [], now: 0, zone: .utc))
        guard row.problems.isEmpty else { throw AlmanacError(.usage, "animation.error.bad-name", ["name": name]) }
        return trimmed
    }
}
