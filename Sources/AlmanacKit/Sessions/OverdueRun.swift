import AlmanacBooks
import AlmanacKinds
import AlmanacOutput
import AlmanacText
import AlmanacViews
import Foundation

/// One run of `almanac overdue` as the command line asks for it: open the database, check, and
/// prepare the output, timing each step (the hidden `--timing` option prints the times for
/// `make bench`).
public struct OverdueRun: Sendable {
    /// The rule to check by; its levels are the database's `notice-levels` setting unless
    /// `levelsGiven` (`--levels`).
    public var rule: OverdueRule
    /// True when `--levels` was given: the run's levels are those, not the database's.
    public var levelsGiven: Bool
    /// Record and print the notices this run issues (`--notify`).
    public var notify: Bool
    /// Print the monitoring-plugin line instead of rows (`--format nagios`).
    public var nagios: Bool
    /// No summary line, and nothing at all when there is nothing to report (`--quiet`).
    public var quiet: Bool
    /// Seconds to wait for another writer's lock before exiting 3 as busy (`--wait`).
    public var wait: Int

    /// A run from the options `--grace`, `--due-within` and `--levels` (nil: the database's notice
    /// levels); values out of range are usage errors naming the option.
    public init(
        grace: Int, dueWithin: Int?, levels: String?, notify: Bool, nagios: Bool, quiet: Bool,
        wait: Int = OverdueCheck.defaultWait
    ) throws {
        guard (0...3600).contains(wait) else {
            throw AlmanacError(.usage, "overdue.error.wait", ["value": String(wait)])
        }
        for (option, value) in [("--grace", grace), ("--due-within", dueWithin)] {
            if let value, value < 0 || value > 36_500 {
                throw AlmanacError(.usage, "overdue.error.negative", ["option": option, "value": String(value)])
            }
        }
        self.rule = OverdueRule(
            grace: grace, dueWithin: dueWithin,
            levels: try levels.map(OverdueRule.parseLevels) ?? OverdueRule.defaultLevels)
        self.levelsGiven = levels != nil
        self.notify = notify
        self.nagios = nagios
        self.quiet = quiet
        self.wait = wait
    }

    /// What a run found, with how long each step took.
    public struct Report: Sendable {
        /// The check's result; its `status` is the exit status.
        public let result: OverdueResult
        /// The summary line for standard error, or nil (`--quiet`, `--format nagios`).
        public let standardError: String?
        /// Time spent opening the database, checking (query, notices and the rows written as they
        /// were read), and finishing the output.
        public let open: Duration, check: Duration, render: Duration
        /// Processor time of the check: on a shared machine, wall time well above it means waiting.
        public let checkCPU: Duration

        /// `timing: open 0.21 ms, check 8.53 ms (cpu 8.10 ms), output 1.10 ms (in-process 9.84 ms)`.
        public var timingLine: String {
            func ms(_ duration: Duration) -> String {
                let value = Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
                return String(Double(Int((value * 100).rounded())) / 100) + " ms"
            }
            return "timing: open \(ms(open)), check \(ms(check)) (cpu \(ms(checkCPU))), output \(ms(render))"
                + " (in-process \(ms(open + check + render)))"
        }
    }

    /// Runs the check on the settings' database and day, writing its rows to `output` as they are
    /// read, then flushing and synchronizing it. Without `--notify` the database is opened read-only;
    /// the monitoring line needs only counts, which the index answers alone. With `--notify` the rows
    /// are the notices, written inside the notices' transaction, and the notices are committed only
    /// after the output was flushed and synchronized: a failed write rolls them back. With `--quiet`
    /// nothing at all is written when there is no row. `delivered` runs once the output is
    /// synchronized, before the notices commit (an `--out` file is put in place there). SQLite's
    /// failures (busy past `--wait`, a damaged file) are said in Almanac's words, naming the file.
    public func perform(
        settings: Settings, renderer: Renderer, to output: OutputWriter,
        delivered: () throws -> Void = {}
    ) throws -> Report {
        try AlmanacError.explaining {
            try measure(settings: settings, renderer: renderer, output: output, delivered: delivered)
        }
    }

    private func measure(settings: Settings, renderer: Renderer, output: OutputWriter, delivered: () throws -> Void)
        throws -> Report
    {
        let clock = ContinuousClock()
        let started = clock.now
        let database = try OverdueCheck.open(settings.databasePath, forNotices: notify, wait: wait)
        let opened = clock.now
        let cpuBefore = Self.threadCPUTime()
        var rule = self.rule
        if !levelsGiven { rule.levels = try LibrarySettings.read(database).noticeLevels }
        let check = OverdueCheck(database: database, rule: rule, today: settings.today)
        let formats = renderer.makeFormats()
        var checked = opened
        var checkCPU = Duration.zero
        func checkEnded() {
            checked = clock.now
            checkCPU = Self.threadCPUTime() - cpuBefore
        }
        let result: OverdueResult
        if nagios {
            func line(_ result: OverdueResult) throws {
                checkEnded()
                try output.write(result.nagiosLine(formats) + "\n")
                try output.synchronize()
                try delivered()
            }
            if notify {
                result = try check.runIssuingNotices(issuing: { _ in }, deliver: line)
            } else {
                result = try check.counts()
                try line(result)
            }
        } else {
            let writer = try renderer.writer(
                OverdueResult.head(renderer.localizer, rule: rule, notices: notify),
                chart: OverdueResult.chart(rule, renderer.localizer), to: output)
            let rows = OverdueResult.Rows(renderer.localizer)
            func finish(_ result: OverdueResult) throws {
                checkEnded()
                if !(quiet && writer.rowCount == 0) { try writer.finish() }
                try output.synchronize()
                try delivered()
            }
            if notify {
                result = try check.runIssuingNotices(issuing: { try writer.row(rows.row($0)) }, deliver: finish)
            } else {
                result = try check.run { try writer.row(rows.row($0)) }
                try finish(result)
            }
        }
        let finished = clock.now
        return Report(
            result: result, standardError: nagios || quiet ? nil : result.summary(formats), open: opened - started,
            check: checked - opened, render: finished - checked, checkCPU: checkCPU)
    }

    private static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}
