import AlmanacKinds
import AlmanacText

/// The rule of the advent calendar (Counting Days): doors open in order, one after another, unless
/// test mode is on; a holiday with a first day opens door N from day N on (a real advent calendar
/// opens door 1 on 1 December); the last door is the big reveal.
public enum DoorOrder {
    /// What trying a door does.
    public enum Outcome: Equatable, Sendable {
        /// The door opens.
        case opens
        /// The door is open already; nothing changes.
        case alreadyOpen
        /// The door may not open yet: `next` must open first. Nothing opens.
        case notReady(next: Int)
        /// The door's day has not come: it opens on `opensOn`. Nothing opens.
        case tooEarly(opensOn: LocalDate)
        /// The calendar has no such door (its surprise was never imported).
        case missing
    }

    /// The door whose opening is the big reveal.
    public static let revealDoor = 24

    /// The next door to open: the lowest closed one among `doors`, nil when every door is open.
    public static func next(doors: Set<Int>, opened: Set<Int>) -> Int? {
        doors.subtracting(opened).min()
    }

    /// The day door `door` opens on, for a holiday whose first day is `firstDay`: day N is the
    /// first day + N - 1. Nil without a first day (the door's turn is all it waits for).
    public static func opensOn(_ door: Int, firstDay: LocalDate?) -> LocalDate? {
        firstDay.map { $0.adding(days: door - 1) }
    }

    /// What trying `door` does, given the calendar's doors, the ones open and test mode, and, for a
    /// holiday with a first day, `today` in the zone the commands use. A door whose day has not come
    /// says so first (the date is what the user can act on); then the order is checked.
    public static func attempt(
        _ door: Int, doors: Set<Int>, opened: Set<Int>, testMode: Bool, firstDay: LocalDate? = nil,
        today: LocalDate? = nil
    ) -> Outcome {
        guard doors.contains(door) else { return .missing }
        if opened.contains(door) { return .alreadyOpen }
        if testMode { return .opens }
        if let today, let day = opensOn(door, firstDay: firstDay), today < day { return .tooEarly(opensOn: day) }
        guard let next = next(doors: doors, opened: opened), next != door else { return .opens }
        return .notReady(next: next)
    }

    /// True when opening `door` is the big reveal.
    public static func isReveal(_ door: Int) -> Bool { door == revealDoor }
}
