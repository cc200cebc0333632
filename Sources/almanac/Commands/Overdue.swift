import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac overdue`: the nightly check for cron and monitoring.
struct Overdue: ParsableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        abstract: localized("help.overdue.abstract"),
        discussion: localized("help.overdue.discussion"))

    /// Status 2: the sample data has loans overdue on its demo day.
    static let examples = [
        Example("almanac overdue", "example.overdue.list", status: 2),
        Example("almanac overdue --due-within 3 --grace 2 --levels 1,7,14 --format json", "example.overdue.json", status: 2),
        Example("almanac overdue --notify --quiet", "example.overdue.notify", status: 2),
        Example("almanac overdue --format nagios", "example.overdue.nagios", status: 2),
        Example("almanac overdue --format html --out overdue.html", "example.overdue.html", status: 2),
    ]

    static let formats = FormatOption.rows + [.nagios]

    @OptionGroup var global: GlobalOptions
    @OptionGroup var page: PageOptions

    @Option(name: .long, help: ArgumentHelp(localized("help.overdue.grace"), valueName: "days"))
    var grace: Int = 0

    @Option(name: .customLong("due-within"), help: ArgumentHelp(localized("help.overdue.due-within"), valueName: "days"))
    var dueWithin: Int?

    @Option(name: .long, help: ArgumentHelp(localized("help.overdue.levels"), valueName: "days,..."))
    var levels: String = "1,7,14"

    @Flag(name: .long, help: ArgumentHelp(localized("help.overdue.notify")))
    var notify = false

    @Flag(name: .long, help: ArgumentHelp(localized("help.overdue.quiet")))
    var quiet = false

    @Option(name: .long, help: ArgumentHelp(localized("help.overdue.wait"), valueName: "seconds"))
    var wait: Int = OverdueCheck.defaultWait

    @Flag(name: .long, help: ArgumentHelp(localized("help.timing"), visibility: .hidden))
    var timing = false

    func run() throws {
        let settings = try page.settings(global, "overdue")
        let run = try OverdueRun(grace: grace, dueWithin: dueWithin, levels: levels, notify: notify, nagios: global.isNagios, quiet: quiet,
            wait: wait)
        // The rows are written, flushed and synchronized before --notify commits its notices.
        let output = try page.open(settings)
        let report = try run.perform(settings: settings, renderer: page.renderer(settings), to: output.writer, delivered: output.commit)
        if let line = report.standardError { try Print.note(line) }
        if timing { try Print.note(report.timingLine) }
        throw ExitCode(report.result.status.rawValue)
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
