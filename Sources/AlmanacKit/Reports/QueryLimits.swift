import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText
import Foundation
import Synchronization

/// The limits an ad-hoc statement (`query`, `report run`) runs under, so a mistaken query ends with
/// a message instead of running, or growing, without end:
///
/// - time: the seconds the statement may take (`--timeout`), from its first step, less the time spent
///   waiting to write the output (a reader such as `less` holding the pipe does not use up the limit).
///   A watchdog thread, started with the statement, interrupts it at the limit (`Database.interrupt`,
///   exit 75), whatever it is doing between SQLite's steps. One long call of a built-in function
///   (`instr` on megabytes) does not see an interrupt: if the statement has not stopped `grace` after
///   it, `abandon` ends the process with the same message (the connection is read-only: nothing is
///   lost). Ctrl-C keeps its default: it ends the process at once.
/// - size: no value larger than `largestValue` (64 MiB): SQLite refuses to make one
///   (`Database.capValues`, `printf` too), so `zeroblob(100000000)` is an
///   error, not an allocation that fails, and no function answers NULL instead.
/// - memory: SQLite's own memory in the process is capped at `heapLimit` (`Store.capMemory`);
///   sorts and temporary tables past its page cache spill to temporary files in `$TMPDIR`.
///
/// The limits hold the connection they are installed on, so the watchdog never interrupts a closed
/// one; nothing of theirs is registered on the connection (no pointer back to them), so it may
/// outlive them.
public final class QueryLimits: @unchecked Sendable {
    // @unchecked: `timeout` is constant, `output` and `abandon` are the command's thread's alone (the
    // watchdog gets a copy of both at each statement's first step, and reads only the output's
    // `waited`, which is atomic).

    /// The time limit, or nil for none.
    public let timeout: Duration?
    /// The output whose waiting does not count (standard output, unless told otherwise).
    public var output: OutputWriter? = .standardOutput
    /// What ends the process when a statement has not stopped `grace` after its interrupt: it says
    /// the error and exits (the command line's error reporter). Nil: the statement is left to finish.
    public var abandon: (@Sendable (AlmanacError) -> Void)?

    /// How long a statement has to stop after its interrupt before the process is ended.
    public static let grace: Duration = .seconds(2)

    /// The statement's clock and its watchdog thread's state. The thread holds this, never the
    /// limits, so the limits go with their last user even while a thread unwinds.
    private let watchdog = Watchdog()

    /// The default time limit of `report run`, and of `query` when no one is at a terminal to press
    /// Ctrl-C (standard input is not one, as under cron): 300 seconds.
    public static let defaultTimeout = 300
    /// The largest text or blob a query may make or return: 64 MiB.
    public static let largestValue: Int32 = 64 << 20
    /// SQLite's memory in a process that runs ad-hoc SQL: 128 MiB at most.
    public static let heapLimit: Int64 = 128 << 20

    /// Limits with `timeout` seconds (0 or nil for none).
    public init(timeout seconds: Int?) {
        timeout = seconds.flatMap { $0 > 0 ? .seconds($0) : nil }
    }

    /// Limits from `--timeout` as given (0 for none), else `defaultSeconds`; a negative number is a
    /// usage error.
    public convenience init(option seconds: Int?, default defaultSeconds: Int) throws {
        if let seconds, seconds < 0 {
            throw AlmanacError(.usage, "query.error.bad-timeout", ["value": String(seconds)])
        }
        self.init(timeout: seconds ?? defaultSeconds)
    }

    /// The time limit `query --timeout` means when it is not given: none at a terminal, where the
    /// user can press Ctrl-C; `defaultTimeout` otherwise.
    public static func queryDefault(standardInputIsTerminal: Bool = isatty(STDIN_FILENO) == 1) -> Int {
        standardInputIsTerminal ? 0 : defaultTimeout
    }

    /// Caps SQLite's memory for the rest of the process. Call it before the first connection opens:
    /// the cap needs SQLite's memory statistics, which can only be turned on then.
    public static func capMemory() {
        Store.capMemory(at: heapLimit)
    }

    /// Puts the limits on a connection: the largest value; the time is watched from the first step.
    /// A server is told the limit too, with the grace on top (the watchdog's interrupt comes first),
    /// so a statement whose client was killed or hangs ends there as well.
    func install(on database: Database) throws {
        try database.capValues(at: Self.largestValue)
        if let timeout { try database.limitStatements(to: timeout + Self.grace) }
        watchdog.watch(database)
    }

    /// Runs one step of the statement named `source` in messages; the clock, and the watchdog,
    /// start at the first.
    func timing<T>(source: String, _ step: () throws -> T) rethrows -> T {
        guard let timeout else { return try step() }
        watchdog.stepBegins { Watchdog.Statement(source: source, timeout: timeout, output: output, abandon: abandon) }
        defer { watchdog.stepEnded() }
        return try step()
    }

    /// Stops the watchdog once the statement is done (or failed); the next statement has a clock of
    /// its own.
    func statementEnded() {
        watchdog.statementEnded()
    }

    /// A failure of the statement in Almanac's words: the limit that stopped it, or what SQLite said.
    func explain(_ error: DatabaseError, source: String) -> AlmanacError {
        // The watchdog's interrupt, or the server's own limit (`limitStatements`; its messages are
        // English whatever its locale), not a page's deadline.
        let serverLimit = error.message.hasPrefix("canceling statement due to statement timeout")
        if error.kind == .interrupted, watchdog.interrupted || serverLimit, let timeout {
            return AlmanacError(
                .busy, "query.error.timeout", ["source": source, "seconds": String(timeout.components.seconds)])
        }
        if error.kind == .tooBig {
            return AlmanacError(.invalidData, "query.error.too-big", ["source": source, "limit": "64 MiB"])
        }
        if error.kind == .noMemory {
            return AlmanacError(.invalidData, "query.error.memory", ["source": source, "limit": "128 MiB"])
        }
        return error.almanacError(source: source)
    }
}

/// The clock of one statement at a time and the thread that watches it: `QueryLimits`' moving part.
///
/// The command's thread says where each step begins and ends through atomic flags, without the lock:
/// a row of a long listing is a few thousand instructions, and taking the lock twice a step, with
/// the fields around it, was a tenth of them. Each flag the watchdog waits on has a pair the other
/// thread reads after storing its own (`stepping` with `awaitingStep`, `abandoning` with `stepping`),
/// all sequentially consistent, so one of the two threads always sees the other: a wake-up is never
/// lost, and the command's thread never leaves a step the watchdog is ending the process in. Every
/// other field is shared only under `state`.
private final class Watchdog: @unchecked Sendable {
    /// What a statement's first step tells the watchdog.
    struct Statement {
        let source: String
        let timeout: Duration
        /// The output whose waiting does not count (its `waited` may be read from any thread).
        let output: OutputWriter?
        let abandon: (@Sendable (AlmanacError) -> Void)?
    }

    private let clock = ContinuousClock()
    private let state = NSCondition()
    /// True from a statement's first step to its end; the command's thread's alone.
    private let watching = Atomic<Bool>(false)
    /// True while the command's thread is inside a step.
    private let stepping = Atomic<Bool>(false)
    /// True while the watchdog waits for the next step to begin (it is over time between steps).
    private let awaitingStep = Atomic<Bool>(false)
    /// True once the process is being ended: the command's thread must not go on.
    private let abandoning = Atomic<Bool>(false)
    // Under `state`:
    private var database: Database?
    private var statement = Statement(source: "query", timeout: .zero, output: nil, abandon: nil)
    /// When the statement's first step began.
    private var started: ContinuousClock.Instant?
    private var watchdogRunning = false
    private var ending = false
    /// When the watchdog interrupted the statement for its time.
    private var interruptedAt: ContinuousClock.Instant?

    /// The connection to interrupt.
    func watch(_ database: Database) {
        state.lock()
        self.database = database
        state.unlock()
    }

    /// True when the current statement was interrupted for its time.
    var interrupted: Bool {
        state.lock()
        defer { state.unlock() }
        return interruptedAt != nil
    }

    /// A step begins; the first of a statement starts its clock and the watchdog thread.
    func stepBegins(_ statement: () -> Statement) {
        if !watching.load(ordering: .relaxed) { start(statement()) }
        stepping.store(true, ordering: .sequentiallyConsistent)
        if awaitingStep.load(ordering: .sequentiallyConsistent) {
            state.lock()
            state.signal()
            state.unlock()
        }
    }

    private func start(_ statement: Statement) {
        state.lock()
        started = clock.now
        self.statement = statement
        watchdogRunning = true
        watching.store(true, ordering: .relaxed)
        Thread { [self] in run() }.start()
        state.unlock()
    }

    /// A step is over; while the watchdog ends the process nothing more of the command may run.
    func stepEnded() {
        stepping.store(false, ordering: .sequentiallyConsistent)
        guard abandoning.load(ordering: .sequentiallyConsistent) else { return }
        state.lock()
        while abandoning.load(ordering: .sequentiallyConsistent) { state.wait() }
        state.unlock()
    }

    func statementEnded() {
        guard watching.load(ordering: .relaxed) else { return }
        state.lock()
        defer { state.unlock() }
        ending = true
        state.broadcast()
        while watchdogRunning { state.wait() }
        (started, interruptedAt, ending) = (nil, nil, false)
        statement = Statement(source: "query", timeout: .zero, output: nil, abandon: nil)
        watching.store(false, ordering: .relaxed)
    }

    /// The watchdog: sleeps until the statement would pass its time, then interrupts it while it
    /// steps (between steps the output's waiting may still be taken off), then gives it `grace`.
    private func run() {
        state.lock()
        defer {
            watchdogRunning = false
            state.broadcast()
            state.unlock()
        }
        while !ending, let started {
            let now = clock.now
            // Whether a step is on before the output's waiting is read: the waiting before a step is
            // counted before the step begins.
            let inStep = stepping.load(ordering: .sequentiallyConsistent)
            let timeout = statement.timeout
            let counted = now - started - (statement.output?.waited ?? .zero)
            if let interruptedAt {
                guard let abandon = statement.abandon else { return }
                if !inStep {
                    waitForStep()
                } else if now - interruptedAt < QueryLimits.grace {
                    wait(QueryLimits.grace - (now - interruptedAt))
                } else {
                    abandoning.store(true, ordering: .sequentiallyConsistent)
                    // The step may have ended meanwhile: then the command's thread goes on, as before.
                    guard stepping.load(ordering: .sequentiallyConsistent) else {
                        abandoning.store(false, ordering: .sequentiallyConsistent)
                        state.broadcast()
                        continue
                    }
                    let error = AlmanacError(
                        .busy, "query.error.timeout",
                        ["source": statement.source, "seconds": String(timeout.components.seconds)])
                    state.unlock()
                    // The output's temporary file (`--out`) goes, as after Ctrl-C.
                    SignalCleanup.removeAll()
                    abandon(error)
                    state.lock()
                    abandoning.store(false, ordering: .sequentiallyConsistent)
                    state.broadcast()
                    return
                }
            } else if counted < timeout {
                wait(timeout - counted)
            } else if inStep {
                interruptedAt = now
                database?.interrupt()
            } else {
                waitForStep()
            }
        }
    }

    /// Waits (under `state`) for `duration`, or until told.
    private func wait(_ duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        _ = state.wait(until: Date(timeIntervalSinceNow: seconds))
    }

    /// Waits (under `state`) for the next step to begin, or the end: unless the step began meanwhile.
    private func waitForStep() {
        awaitingStep.store(true, ordering: .sequentiallyConsistent)
        if !stepping.load(ordering: .sequentiallyConsistent) { state.wait() }
        awaitingStep.store(false, ordering: .sequentiallyConsistent)
    }
}
