import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac overdue`: the nightly check for cron and monitoring.
struct Overdue: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check for overdue loans: for cron and monitoring.",
        discussion: """
            Lists every overdue loan (and with --due-within, every loan due soon): id, title, \
            borrower, due date, days overdue, notice level and status. A one-line summary goes to \
            standard error.

            The rule, in calendar days of --tz (a daylight-saving change moves nothing): a loan is \
            overdue on day T (--today, else the clock's date) when it has not been returned and \
            T > due date + grace. Days overdue = T - due date. Its notice level is the highest of \
            --levels that its days overdue have reached. With --due-within N, a loan not returned, not \
            overdue, lent by T and due by T + N is due soon (a loan inside the grace included). A \
            recorded return always counts, whatever day --today replays.

            --notify records, per loan, the notice level issued on T (table overdue_notices) and \
            prints only the notices this run issued. A rerun on the same day issues nothing. After \
            missed nights a loan that crossed levels without a notice gets exactly one, at the highest \
            level it reached; the levels it skipped are never sent later. Two runs at once never \
            notify twice: each run reads and records in one write transaction.

            --format nagios prints one monitoring-plugin line instead of rows:
              OVERDUE CRITICAL - 3 loans overdue | overdue=3 due_soon=1

            Exit status (the monitoring-plugin convention): 0 nothing overdue, 1 only loans due \
            within --due-within, 2 a loan is overdue, 3 any error (bad arguments, a missing or bad \
            database, another writer still holding the database after --wait seconds, output that \
            could not be written: a full disk, or a pipe closed early, which ends quietly). With \
            --notify the notices are recorded only after the rows were written and flushed: a run \
            whose output failed records none, and the next run issues them again.

            While an import writes, the check without --notify reads the last committed state at \
            once; --notify waits for the import to commit (up to --wait, 60 s by default).

            Cron: almanac --db /srv/library.db overdue --notify --quiet
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Days after the due date before a loan counts as overdue.", valueName: "days"))
    var grace: Int = 0

    @Option(name: .customLong("due-within"), help: ArgumentHelp(
        "Also report loans due within this many days (exit 1 when only those are found).", valueName: "days"))
    var dueWithin: Int?

    @Option(name: .long, help: ArgumentHelp("Notice levels in days overdue, separated by commas.", valueName: "days,..."))
    var levels: String = "1,7,14"

    @Flag(name: .long, help: "Record the notices due today and print only those issued by this run.")
    var notify = false

    @Flag(name: .long, help: "No summary line, and no rows output when there are none (nagios still prints its line).")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp("Seconds to wait for another writer (an import) before exit 3 as busy.", valueName: "seconds"))
    var wait: Int = OverdueCheck.defaultWait

    @Flag(name: .long, help: ArgumentHelp("Print the time each step took to standard error (make bench).", visibility: .hidden))
    var timing = false

    func run() throws {
        let settings = try global.settings(allowingNagios: true)
        let run = try OverdueRun(grace: grace, dueWithin: dueWithin, levels: levels, notify: notify, nagios: global.isNagios, quiet: quiet,
            wait: wait)
        // The rows are written, flushed and synchronized before --notify commits its notices.
        let report = try run.perform(settings: settings, renderer: Renderer.standardOutput(settings)) { output in
            try Print.out(output.standardOutput)
            try OutputWriter.standardOutput.synchronize()
        }
        if let line = report.output.standardError { try Print.note(line) }
        if timing { try Print.note(report.timingLine) }
        throw ExitCode(report.result.status.rawValue)
    }

    /// True when the command line runs `almanac overdue` (global options already moved after it).
    static func isInvoked(by arguments: [String]) -> Bool {
        arguments.first == "overdue"
    }

    /// True when the command line asks for `--format nagios`.
    static func wantsNagios(_ arguments: [String]) -> Bool {
        zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "nagios" } || arguments.contains("--format=nagios")
    }
}
