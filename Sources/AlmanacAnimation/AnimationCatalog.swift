import AlmanacKinds
import AlmanacStore
import AlmanacText

/// The snowman's animation properties as the database holds them: each a stepper with a default
/// (the settings screen's rows), in the order they were imported.
public struct AnimationCatalog: Sendable {
    /// One property: its key, stored label, stepper and default.
    public struct Property: Sendable, Equatable {
        /// The key (`width_multiplier`): a column of animation-settings and a `--set` name.
        public let key: String
        /// The label as stored (English in the sample data).
        public let label: String
        /// The range and step of its values.
        public let stepper: Stepper
        /// The value a setting takes when it does not give one.
        public let defaultValue: DecimalNumber

        /// Creates a property.
        public init(key: String, label: String, stepper: Stepper, defaultValue: DecimalNumber) {
            self.key = key
            self.label = label
            self.stepper = stepper
            self.defaultValue = defaultValue
        }

        /// The label in the user's language (`animation.property.KEY`), else the stored label.
        public func label(_ localizer: Localizer) -> String {
            let key = "animation.property." + self.key
            return localizer.hasKey(key) ? localizer(key) : label
        }

        /// A short column title (`animation.short.KEY`), else the key itself.
        public func shortLabel(_ localizer: Localizer) -> String {
            let key = "animation.short." + self.key
            return localizer.hasKey(key) ? localizer(key) : self.key
        }
    }

    /// The key of the property that gives the animation's length in seconds (not animated itself).
    public static let durationKey = "duration"
    /// The length used when there is no duration property.
    public static let fallbackDuration = 2.0

    /// The properties, in their stored order.
    public let properties: [Property]

    /// A catalog of properties.
    public init(properties: [Property]) {
        self.properties = properties
    }

    /// The properties in the database, in the order they were imported.
    public static func load(_ database: Database) throws -> AnimationCatalog {
        typealias C = PropertyKind.Column
        let rows = try database.rows(
            "SELECT \(PropertyKind.sqlList(C.allCases)) FROM animation_properties ORDER BY \(database.dialect.insertionOrder)"
        )
        return AnimationCatalog(
            properties: rows.compactMap { row in
                guard case .text(let key) = row[C.key.rawValue], case .text(let label) = row[C.label.rawValue],
                    let low = decimal(row[C.min.rawValue]), let high = decimal(row[C.max.rawValue]),
                    let step = decimal(row[C.step.rawValue]),
                    let value = decimal(row[C.defaultValue.rawValue]),
                    case .success(let stepper) = Stepper.make(min: low, max: high, step: step)
                else { return nil }
                return Property(key: key, label: label, stepper: stepper, defaultValue: value)
            })
    }

    /// The property with a key.
    public func property(_ key: String) -> Property? { properties.first { $0.key == key } }

    /// The keys, in order, joined for messages (`width_multiplier, height_multiplier, …`).
    public var keyList: String { properties.map(\.key).joined(separator: ", ") }

    /// The properties that move the snowman: all but the duration.
    public var animated: [Property] { properties.filter { $0.key != Self.durationKey } }

    /// A stored REAL as the decimal it was written as.
    package static func decimal(_ value: SQLValue) -> DecimalNumber? {
        switch value {
        case .real(let number): return DecimalNumber(number)
        case .integer(let number): return DecimalNumber(units: number, places: 0)
        default: return nil
        }
    }
}
