import AlmanacKinds

/// Almanac's own seeded generator: SplitMix64 (Steele, Lea and Flood 2014; Vigna's reference code),
/// bounded integers by Lemire's multiply-and-reject method, and a Fisher–Yates shuffle.
///
/// Every step is written here in fixed-width integer arithmetic, so a seed gives the same numbers on
/// every machine and every Swift version: nothing is left to `Int.random(in:using:)` or `shuffled()`,
/// whose algorithms the standard library may change. It deliberately does not conform to
/// `RandomNumberGenerator`, so it cannot be handed to those by mistake. Changing any step changes
/// the questions a seed gives: bump `version` when you do.
public struct SeededRandom: Sendable {
    /// The name and revision of the algorithm, recorded with every seeded question.
    public static let version = "splitmix64-v1"

    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits (SplitMix64).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, each equally likely (Lemire, "Fast Random Integer Generation in an
    /// Interval", 2019): the high half of a 128-bit product, drawing again in the rare case where the
    /// low half falls in the biased sliver. `bound` must be positive.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(\(bound)): the bound must be positive")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return Int(product.high)
    }

    /// Shuffles the elements in place (Fisher–Yates, from the last position down to the second).
    public mutating func shuffle<T>(_ elements: inout [T]) {
        guard elements.count > 1 else { return }
        for index in stride(from: elements.count - 1, to: 0, by: -1) {
            elements.swapAt(index, below(index + 1))
        }
    }

    /// `count` distinct elements chosen at random, in the order drawn (a Fisher–Yates shuffle stopped
    /// after `count` steps, from the front).
    public mutating func choose<T>(_ count: Int, from elements: [T]) -> [T] {
        precondition(count <= elements.count, "choose(\(count)) from \(elements.count) elements")
        var pool = elements
        for index in 0..<count {
            pool.swapAt(index, index + below(pool.count - index))
        }
        return Array(pool[0..<count])
    }
}
