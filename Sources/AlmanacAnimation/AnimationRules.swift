import AlmanacKinds
import AlmanacStore

/// The rules that tie animation properties to the settings saved with them, whatever changes a
/// property (an import today; an edit command would call the same):
///   - a property's key is a name an animation-settings file can have as a column of its own: not
///     one of that file's other columns (`reservedKeys`);
///   - a property changes only while every saved value stays in its range and on its grid, as an
///     animation-settings file exported then would read them back (`SavedValues.firstBroken`);
///   - a new property gives every saved setting its default, so that every setting holds a value for
///     every property and its export reads back as it was (`SavedValues.giveDefault`).
/// Nothing deletes a property (an import never does), so no saved value loses its property.
public enum AnimationRules {
    /// Columns an animation-settings file has besides the property keys (`name`; `reason` in a
    /// rejects file), and those of the settings table an export may write one day.
    public static let reservedKeys: Set<String> = ["name", "reason", "id", "created_at"]

    /// The rule a property key breaks, or nil: one or more of `a-z`, `0-9` and `_`, not reserved.
    public static func checkKey(_ key: String) -> RuleViolation? {
        let valid =
            !key.isEmpty && key.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 95 }
        guard valid else { return RuleViolation("rule.animation.key") }
        guard !reservedKeys.contains(key) else {
            return RuleViolation(
                "rule.animation.reserved-key", ["reserved": reservedKeys.sorted().joined(separator: ", ")])
        }
        return nil
    }

    /// True when a setting's name holds a control character (it is typed in commands and shown in tables).
    package static func hasControlCharacters(_ bytes: UnsafeRawBufferPointer) -> Bool {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// A saved setting a property change would leave invalid: its name, its value and the rule broken.
    public struct BrokenSetting: Equatable, Sendable {
        /// The setting's name.
        public let setting: String
        /// Its value for the property.
        public let value: DecimalNumber
        /// Out of the range or off the grid (`rule.animation.out-of-range`, `.off-grid`).
        public let violation: RuleViolation
    }

    /// The distinct values saved for each property, read once (one pass over the saved values) and
    /// kept up to date by `giveDefault`, so checking many changed properties costs one read.
    public final class SavedValues {
        private let database: Database
        /// For each property key, each value saved for it and one setting that holds it.
        private var byKey: [String: [(value: Double, setting: Int64)]]?

        /// The saved values of an open database (read when first needed, inside the caller's transaction).
        public init(database: Database) {
            self.database = database
        }

        /// The first saved setting (by value, then setting) that `stepper` would leave out of range
        /// or off the grid as property `key`, or nil when every saved value stays valid.
        public func firstBroken(key: String, stepper: Stepper) throws -> BrokenSetting? {
            for saved in try values()[key] ?? [] {
                // A value that no decimal writes exactly is not one a settings file could hold.
                guard let value = DecimalNumber(saved.value), let violation = stepper.check(value) else { continue }
                let name = try database.scalar(
                    "SELECT name FROM animation_settings WHERE id = ?", [.integer(saved.setting)])
                return BrokenSetting(setting: name?.textValue ?? "", value: value, violation: violation)
            }
            return nil
        }

        /// Gives every saved setting that has no value for `key` (a property just added) `value`.
        public func giveDefault(key: String, value: Double) throws {
            try database.run(
                """
                INSERT INTO animation_setting_values (setting_id, property_key, value)
                SELECT id, ?1, ?2 FROM animation_settings
                WHERE NOT EXISTS (SELECT 1 FROM animation_setting_values WHERE setting_id = id AND property_key = ?1)
                """, [.text(key), .real(value)])
            guard byKey != nil, database.changes > 0,
                case .integer(let setting)? = try database.scalar(
                    "SELECT setting_id FROM animation_setting_values WHERE property_key = ? AND value = ? LIMIT 1",
                    [.text(key), .real(value)])
            else { return }
            byKey?[key, default: []].append((value, setting))
        }

        private func values() throws -> [String: [(value: Double, setting: Int64)]] {
            if let byKey { return byKey }
            var loaded: [String: [(value: Double, setting: Int64)]] = [:]
            let rows = try database.rows(
                """
                SELECT property_key, value, min(setting_id) FROM animation_setting_values
                GROUP BY property_key, value ORDER BY property_key, value
                """)
            for row in rows {
                guard case .text(let key) = row[0], case .real(let value) = row[1], case .integer(let setting) = row[2]
                else { continue }
                loaded[key, default: []].append((value, setting))
            }
            byKey = loaded
            return loaded
        }
    }
}
