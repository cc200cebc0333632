import AlmanacKinds

/// The play/pause state of an animation and how much of it has played: time runs only while it
/// plays, so pausing and resuming carries on from the same frame (the app's pause button).
public struct PlaybackClock: Sendable, Equatable {
    /// True while paused.
    public private(set) var isPaused = false
    private var playedBefore: Double = 0
    private var resumedAt: Double

    /// A clock that starts playing at `now` (seconds on a monotonic clock).
    public init(startingAt now: Double) {
        resumedAt = now
    }

    /// Seconds played up to `now`, pauses left out.
    public func elapsed(at now: Double) -> Double {
        isPaused ? playedBefore : playedBefore + max(0, now - resumedAt)
    }

    /// Where in a looping animation of `duration` seconds playback is at `now`.
    public func position(at now: Double, duration: Double) -> Double {
        guard duration > 0 else { return 0 }
        return elapsed(at: now).truncatingRemainder(dividingBy: duration)
    }

    /// Pauses when playing, resumes when paused (the space bar).
    public mutating func toggle(at now: Double) {
        if isPaused {
            resumedAt = now
        } else {
            playedBefore = elapsed(at: now)
        }
        isPaused.toggle()
    }
}
