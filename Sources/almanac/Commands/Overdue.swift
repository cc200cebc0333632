import AlmanacArguments
import AlmanacBooks
import AlmanacKinds
import AlmanacKit
import Foundation

/// `almanac overdue`: the nightly check for cron and monitoring.
struct Overdue: RunnableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        "overdue",
        abstract: localized("help.overdue.abstract"),
        discussion: localized("help.overdue.discussion"))

    /// Status 2: the sample data has loans overdue on its demo day.
    static let examples = [
        Example("almanac overdue", "example.overdue.list", status: 2),
        Example(
            "almanac overdue --due-within 3 --grace 2 --levels 1,7,14 --format json", "example.overdue.json", status: 2),
        Example("almanac overdue --notify --quiet", "example.overdue.notify", status: 2),
        Example("almanac overdue --format nagios", "example.overdue.nagios", status: 2),
        Example("almanac overdue --format html --out overdue.html", "example.overdue.html", status: 2),
    ]

    static let formats = FormatOption.rows + [.nagios]

    let global: GlobalOptions
    let page: PageOptions
    let grace: Int
    let dueWithin: Int?
    let levels: String?
    let notify: Bool
    let quiet: Bool
    let wait: Int
    let timing: Bool

    init(_ line: ArgumentReader) {
        global = GlobalOptions(line)
        page = PageOptions(line)
        grace = line.option("--grace", value: "days", help: "help.overdue.grace", default: 0)
        dueWithin = line.option("--due-within", value: "days", help: "help.overdue.due-within")
        levels = line.option("--levels", value: "days,...", help: "help.overdue.levels")
        notify = line.flag("--notify", help: "help.overdue.notify")
        quiet = line.flag("--quiet", help: "help.overdue.quiet")
        wait = line.option("--wait", value: "seconds", help: "help.overdue.wait", default: OverdueCheck.defaultWait)
        timing = line.flag("--timing", help: "help.timing", hidden: true)
    }

    func run() throws {
        let settings = try page.settings(global, "overdue")
        let run = try OverdueRun(
            grace: grace, dueWithin: dueWithin, levels: levels, notify: notify, nagios: global.isNagios, quiet: quiet,
            wait: wait)
        // The rows are written, flushed and synchronized before --notify commits its notices.
        let output = try page.open(settings)
        let report = try run.perform(
            settings: settings, renderer: page.renderer(settings), to: output.writer, delivered: output.commit)
        if let line = report.standardError { try Print.note(line) }
        if timing { try Print.note(report.timingLine) }
        throw ExitStatus(report.result.status.rawValue)
    }

    /// True when the command line runs `almanac overdue`.
    static func isInvoked(by invocation: Invocation) -> Bool {
        invocation.path == ["overdue"]
    }

    /// True when the command line runs `almanac overdue --format nagios`, the monitoring-plugin line.
    static func wantsNagios(_ invocation: Invocation) -> Bool {
        isInvoked(by: invocation) && invocation.global("--format") == FormatOption.nagios.rawValue
    }
}
