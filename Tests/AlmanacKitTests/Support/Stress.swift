import Foundation

/// `make stress` sets `ALMANAC_STRESS=1`: the unit tests that replay a whole corpus through every
/// kind run all of it then, and a share that still reaches every input and every kind in `make test`.
enum Stress {
    /// True under `make stress`.
    static let isOn = ProcessInfo.processInfo.environment["ALMANAC_STRESS"] == "1"
}
