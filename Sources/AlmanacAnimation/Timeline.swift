import AlmanacKinds
import Foundation

/// An animation over time: from the identity (every property at its default: no scaling, no move,
/// no turn, fully opaque) to the setting's values and back, over the setting's duration, eased in
/// and out like UIKit's default curve, so the snowman starts and stops gently at both ends.
public struct Timeline: Sendable {
    /// The values of every animated property at one moment.
    public struct Frame: Sendable, Equatable {
        /// The frame's number, from 0.
        public let index: Int
        /// Seconds from the start.
        public let time: Double
        /// Values by property key.
        public let values: [String: Double]
    }

    /// The properties that move (all but the duration), in order.
    public let properties: [AnimationCatalog.Property]
    /// Where each property starts and ends: its default.
    public let identity: [String: Double]
    /// Where each property is halfway: the setting's value.
    public let target: [String: Double]
    /// The length of the whole animation, there and back, in seconds.
    public let duration: Double

    /// The timeline of a setting.
    public init(setting: AnimationSetting, catalog: AnimationCatalog) {
        properties = catalog.animated
        var identity: [String: Double] = [:]
        var target: [String: Double] = [:]
        for property in properties {
            identity[property.key] = property.defaultValue.doubleValue
            target[property.key] = setting.value(property).doubleValue
        }
        self.identity = identity
        self.target = target
        duration = setting.duration(catalog)
    }

    /// Ease-in-out (a sine curve): 0 at 0, ½ at ½, 1 at 1, with zero speed at both ends.
    public static func ease(_ x: Double) -> Double {
        let clamped = min(1, max(0, x))
        return (1 - cos(Double.pi * clamped)) / 2
    }

    /// How far from the identity towards the target the animation is at `time`: 0 at the start,
    /// 1 at half the duration, 0 again at the end.
    public func amount(at time: Double) -> Double {
        guard duration > 0 else { return 0 }
        let phase = min(1, max(0, time / duration))
        return phase <= 0.5 ? Self.ease(phase * 2) : Self.ease(2 - phase * 2)
    }

    /// Every property's value at `time`.
    public func values(at time: Double) -> [String: Double] {
        let amount = amount(at: time)
        var values: [String: Double] = [:]
        for property in properties {
            let from = identity[property.key] ?? 0
            let to = target[property.key] ?? 0
            values[property.key] = from + (to - from) * amount
        }
        return values
    }

    /// The frames at `fps` frames a second, from 0 to the end inclusive.
    public func frames(fps: Int) -> [Frame] {
        let count = max(1, Int((duration * Double(fps)).rounded()))
        return (0...count).map { index in
            let time = index == count ? duration : Double(index) / Double(fps)
            return Frame(index: index, time: time, values: values(at: time))
        }
    }

    /// A value rounded to thousandths for display, without `-0`.
    public static func rounded(_ value: Double) -> Double {
        let result = (value * 1000).rounded() / 1000
        return result == 0 ? 0 : result
    }
}
