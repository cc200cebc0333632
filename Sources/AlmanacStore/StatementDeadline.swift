import Foundation
import Synchronization

/// A time by which the statements a thread runs must stop: a page of `almanac serve` gets one when
/// its request arrives, and every statement it runs, on any connection of that thread, is interrupted
/// (`DatabaseError.Kind.interrupted`) once the time has passed (or `stop()` was called), as
/// `query --timeout` ends a statement, rolling back the transaction it was in. So a page that takes too long is refused and
/// leaves nothing half-written, and no write commits after its answer said it timed out.
///
/// A store looks every `checkInterval` steps of its engine (SQLite's progress handler); connections
/// opened after `enable()` do, reading the deadline of the thread they run on (none outside `during`,
/// so a look costs a thread-local read). Rolling back is never stopped: a transaction interrupted at
/// its commit is rolled back whole.
public final class StatementDeadline: Sendable {
    /// When the statements must stop.
    public let instant: ContinuousClock.Instant
    private let stopped = Atomic<Bool>(false)

    /// How many steps of SQLite's machine run between two looks at the clock (a look costs about as
    /// much as a dozen steps).
    public static let checkInterval: Int32 = 1_000

    /// The whole seconds it gave from its start (for messages: "took longer than 20 seconds").
    public let seconds: Int64

    /// A deadline `duration` from now.
    public init(in duration: Duration) {
        instant = .now + duration
        seconds = duration.components.seconds
    }

    /// Stops the statements now, before the time: the client went away. Safe from any thread.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    /// True once the time has passed or `stop()` was called.
    public var hasPassed: Bool {
        stopped.load(ordering: .relaxed) || ContinuousClock.now >= instant
    }

    /// Runs `body` with this deadline over every statement the calling thread runs on a connection
    /// opened after `enable()`; the thread's previous deadline (if any) is back afterwards.
    public func during<T>(_ body: () throws -> T) rethrows -> T {
        let previous = pthread_getspecific(deadlineKey)
        pthread_setspecific(deadlineKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(deadlineKey, previous) }
        return try body()
    }

    /// Gives every connection opened from now on in this process the progress handler that honours
    /// the deadlines (a server calls it once, before its first connection; the commands never do).
    public static func enable() {
        enabled.store(true, ordering: .relaxed)
    }

    public static let enabled = Atomic<Bool>(false)

    /// The deadline of the calling thread, if it runs inside `during`.
    public static var current: StatementDeadline? {
        pthread_getspecific(deadlineKey).map { Unmanaged<StatementDeadline>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// The thread-local slot `StatementDeadline.during` fills: a pointer to the deadline, unretained (the
/// deadline outlives the call that set it).
private let deadlineKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()
