import AlmanacSQLite
import CSQLite
import Foundation

/// The limits an ad-hoc statement (`query`, `report run`) runs under, so a mistaken query ends with
/// a message instead of running, or growing, without end:
///
/// - time: the seconds the statement may take (`--timeout`), from its first step, less the time spent
///   waiting to write the output (a reader such as `less` holding the pipe does not use up the limit).
///   A progress handler checks the clock every few thousand steps of SQLite's machine and interrupts
///   it past the limit (exit 75). Ctrl-C keeps its default: it ends the process at once.
/// - size: no value larger than `largestValue` (64 MiB): SQLite refuses to make one
///   (`SQLITE_LIMIT_LENGTH`), so `zeroblob(100000000)` is an error, not an allocation that fails.
/// - memory: SQLite's own memory in the process is capped at `heapLimit` (`sqlite3_hard_heap_limit64`);
///   sorts and temporary tables past its page cache spill to temporary files in `$TMPDIR`.
public final class QueryLimits {
    /// The time limit, or nil for none.
    public let timeout: Duration?
    /// The output whose waiting does not count (standard output, unless told otherwise).
    public var output: OutputWriter? = .standardOutput
    private let clock = ContinuousClock()
    private var started: ContinuousClock.Instant?
    /// True once the progress handler stopped the statement for its time.
    private var stoppedForTime = false

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
        if let seconds, seconds < 0 { throw AlmanacError(.usage, "query.error.bad-timeout", ["value": String(seconds)]) }
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
        Database.keepMemoryStatistics()
        sqlite3_soft_heap_limit64(heapLimit / 4)
        sqlite3_hard_heap_limit64(heapLimit)
    }

    /// Puts the limits on a connection: the largest value, and the progress handler for the time.
    func install(on database: Database) {
        sqlite3_limit(database.handle, SQLITE_LIMIT_LENGTH, Self.largestValue)
        guard timeout != nil else { return }
        sqlite3_progress_handler(database.handle, 4096, { context in
            guard let context else { return 0 }
            return Unmanaged<QueryLimits>.fromOpaque(context).takeUnretainedValue().isOverTime() ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Runs one step of the statement; the clock starts at the first.
    func timing<T>(_ step: () throws -> T) rethrows -> T {
        if timeout != nil && started == nil { started = clock.now }
        return try step()
    }

    private func isOverTime() -> Bool {
        guard let timeout, let started else { return false }
        if clock.now - started - (output?.waited ?? .zero) > timeout { stoppedForTime = true }
        return stoppedForTime
    }

    /// A failure of the statement in Almanac's words: the limit that stopped it, or what SQLite said.
    func explain(_ error: DatabaseError, source: String) -> AlmanacError {
        if error.primaryCode == SQLITE_INTERRUPT, stoppedForTime, let timeout {
            return AlmanacError(.busy, "query.error.timeout", ["source": source, "seconds": String(timeout.components.seconds)])
        }
        if error.primaryCode == SQLITE_TOOBIG {
            return AlmanacError(.invalidData, "query.error.too-big", ["source": source, "limit": "64 MiB"])
        }
        if error.primaryCode == SQLITE_NOMEM {
            return AlmanacError(.invalidData, "query.error.memory", ["source": source, "limit": "128 MiB"])
        }
        return error.almanacError(source: source)
    }
}
