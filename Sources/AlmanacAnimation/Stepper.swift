import AlmanacKinds

/// A stepper's range, as the snowman's settings screen offered them: values from `min` to `max` in
/// steps of `step`, counted from `min`. Every check is exact (see `DecimalNumber`).
public struct Stepper: Hashable, Sendable {
    /// The smallest value.
    public let min: DecimalNumber
    /// The largest value.
    public let max: DecimalNumber
    /// The distance between neighbouring values.
    public let step: DecimalNumber

    /// A stepper, or the first rule its bounds break: `step > 0`, `min < max`.
    public static func make(min: DecimalNumber, max: DecimalNumber, step: DecimalNumber) -> Result<
        Stepper, RuleViolation
    > {
        if step.units <= 0 { return .failure(RuleViolation("rule.animation.step-not-positive")) }
        if !(min < max) { return .failure(RuleViolation("rule.animation.min-not-below-max", ["min": min.description])) }
        return .success(Stepper(min: min, max: max, step: step))
    }

    private init(min: DecimalNumber, max: DecimalNumber, step: DecimalNumber) {
        self.min = min
        self.max = max
        self.step = step
    }

    /// Checks a value: within `min...max` and a whole number of steps from `min`.
    public func check(_ value: DecimalNumber) -> RuleViolation? {
        let arguments = ["min": min.description, "max": max.description, "step": step.description]
        if value < min || max < value { return RuleViolation("rule.animation.out-of-range", arguments) }
        let places = Swift.max(value.places, min.places, step.places)
        guard let v = value.units(atPlaces: places), let low = min.units(atPlaces: places),
            let size = step.units(atPlaces: places)
        else { return RuleViolation("rule.animation.off-grid", arguments) }
        let (distance, overflow) = v.subtractingReportingOverflow(low)
        if overflow || distance % size != 0 { return RuleViolation("rule.animation.off-grid", arguments) }
        return nil
    }

    /// How many values the grid has, or nil when that is more than an `Int64` counts.
    public var valueCount: Int64? {
        let places = Swift.max(min.places, step.places, max.places)
        guard let low = min.units(atPlaces: places), let high = max.units(atPlaces: places),
            let size = step.units(atPlaces: places)
        else { return nil }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        return overflow ? nil : span / size + 1
    }

    /// The values of the grid from min to max, in order (for pickers and tests).
    public var values: [DecimalNumber] {
        let places = Swift.max(min.places, step.places, max.places)
        guard let low = min.units(atPlaces: places), let high = max.units(atPlaces: places),
            let size = step.units(atPlaces: places)
        else { return [] }
        return stride(from: low, through: high, by: Int(size)).map { DecimalNumber(units: $0, places: places) }
    }
}
