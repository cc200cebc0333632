import AlmanacKinds
import AlmanacText
import Foundation

/// A saved animation setting: a name and a value for each property (the snowman app's saved
/// settings, offered in its picker).
public struct AnimationSetting: Sendable, Equatable {
    /// The row id.
    public let id: Int64
    /// The name shown in the picker.
    public let name: String
    /// When it was saved.
    public let createdAt: Date
    /// The stored values by property key.
    public let values: [String: DecimalNumber]

    /// Creates a setting.
    public init(id: Int64, name: String, createdAt: Date, values: [String: DecimalNumber]) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.values = values
    }

    /// The value of a property: the stored one, else the property's default.
    public func value(_ property: AnimationCatalog.Property) -> DecimalNumber {
        values[property.key] ?? property.defaultValue
    }

    /// The animation's length in seconds: the duration property's value, else 2 seconds.
    public func duration(_ catalog: AnimationCatalog) -> Double {
        guard let property = catalog.property(AnimationCatalog.durationKey) else {
            return AnimationCatalog.fallbackDuration
        }
        return value(property).doubleValue
    }
}

/// `--set KEY=VALUE` assignments checked against the properties: every key known, every value a
/// decimal in its range and on its step grid, and a default for every property not given.
public enum SettingAssignments {
    /// The values of a new setting, one per property; throws naming every problem at once.
    public static func values(_ assignments: [String], catalog: AnimationCatalog, localizer t: Localizer) throws
        -> [String: DecimalNumber]
    {
        let given = try self.given(assignments, catalog: catalog, localizer: t)
        var values: [String: DecimalNumber] = [:]
        for property in catalog.properties { values[property.key] = given[property.key] ?? property.defaultValue }
        return values
    }

    /// Only the values given (`animation edit` keeps the others). A value may use the locale's
    /// decimal separator (`0,5` in Russian); errors show the numbers as the locale writes them.
    public static func given(_ assignments: [String], catalog: AnimationCatalog, localizer t: Localizer) throws
        -> [String: DecimalNumber]
    {
        var given: [String: DecimalNumber] = [:]
        var problems: [String] = []
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw AlmanacError(.usage, "animation.error.assignment", ["text": assignment, "keys": catalog.keyList])
            }
            let key = assignment[..<equals].trimmingCharacters(in: .whitespaces)
            let text = assignment[assignment.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard let property = catalog.property(key) else {
                throw AlmanacError(.usage, "animation.error.unknown-key", ["key": key, "keys": catalog.keyList])
            }
            guard given[key] == nil else { throw AlmanacError(.usage, "animation.error.repeated-key", ["key": key]) }
            guard let value = DecimalNumber(text, localizer: t) else {
                problems.append(
                    t("animation.error.value", ["key": key, "value": text, "problem": t("rule.not-a-number")]))
                continue
            }
            if let violation = property.stepper.check(value) {
                problems.append(
                    t(
                        "animation.error.value",
                        ["key": key, "value": text, "problem": t(violation.key, localized(violation, t))]))
                continue
            }
            given[key] = value
        }
        guard problems.isEmpty else {
            throw AlmanacError(.invalidData, "animation.error.values", ["problems": problems.joined(separator: "; ")])
        }
        return given
    }

    /// A rule's numbers (min, max, step) as the locale writes them (`0,25`).
    package static func localized(_ violation: RuleViolation, _ t: Localizer) -> [String: String] {
        let formats = LocalizedFormats(localizer: t)
        return violation.arguments.mapValues { text in
            DecimalNumber(text).map { formats.number($0.doubleValue) } ?? text
        }
    }
}
