import AlmanacKinds

/// The rule of the advent calendar (Counting Days): doors open in order, one after another, unless
/// test mode is on; the last door is the big reveal.
public enum DoorOrder {
    /// What trying a door does.
    public enum Outcome: Equatable, Sendable {
        /// The door opens.
        case opens
        /// The door is open already; nothing changes.
        case alreadyOpen
        /// The door may not open yet: `next` must open first. Nothing opens.
        case notReady(next: Int)
        /// The calendar has no such door (its surprise was never imported).
        case missing
    }

    /// The door whose opening is the big reveal.
    public static let revealDoor = 24

    /// The next door to open: the lowest closed one among `doors`, nil when every door is open.
    public static func next(doors: Set<Int>, opened: Set<Int>) -> Int? {
        doors.subtracting(opened).min()
    }

    /// What trying `door` does, given the calendar's doors, the ones open and test mode.
    public static func attempt(_ door: Int, doors: Set<Int>, opened: Set<Int>, testMode: Bool) -> Outcome {
        guard doors.contains(door) else { return .missing }
        if opened.contains(door) { return .alreadyOpen }
        if testMode { return .opens }
        guard let next = next(doors: doors, opened: opened), next != door else { return .opens }
        return .notReady(next: next)
    }

    /// True when opening `door` is the big reveal.
    public static func isReveal(_ door: Int) -> Bool { door == revealDoor }
}
