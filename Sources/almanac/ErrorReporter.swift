import AlmanacArguments
import AlmanacBooks
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacText
import AlmanacViews
import Foundation

/// The one place errors become output: one line on stderr, and the exit status for the failure.
enum ErrorReporter {
    /// Prints the error and exits with its status. `invocation` is the command line as the front end
    /// read it: it gives the language, and `almanac overdue` has exit statuses of its own.
    static func exit(with error: Error, invocation: Invocation) -> Never {
        let error = flushingOutput(after: error)
        if Overdue.isInvoked(by: invocation) { exitMonitoring(with: error, invocation: invocation) }
        if let error = error as? ExitStatus { Foundation.exit(error.code) }
        let localizer = invocation.localizer
        let prefix = "almanac: " + localizer("error.prefix") + ": "
        switch error {
        case let error as WriteFailure where error.isBrokenPipe:
            // The reader has what it wanted (`| head`): nothing to report.
            Foundation.exit(0)
        case let error as WriteFailure:
            printError(prefix + error.message(localizer))
            Foundation.exit(error.failure.rawValue)
        default:
            // Almanac's errors (the usage errors among them), SQLite's (in Almanac's words), and
            // anything unforeseen, an internal error (70).
            let failure = AlmanacError(reporting: error)
            printError(prefix + failure.message(localizer))
            Foundation.exit(failure.failure.rawValue)
        }
    }

    /// Ends the process from another thread while the command's own is stuck in a call that cannot
    /// be interrupted (a statement past its time limit, `QueryLimits`): what standard output holds is
    /// written, then the error as `exit(with:)` says it, and the process ends at once.
    static func abandon(with error: AlmanacError, localizer: Localizer) -> Never {
        try? OutputWriter.standardOutput.flush()
        printError("almanac: " + localizer("error.prefix") + ": " + error.message(localizer))
        _exit(error.failure.rawValue)
    }

    /// `almanac overdue` follows the monitoring-plugin convention: its own statuses 0-2 stand, and
    /// every failure exits 3 (UNKNOWN), a usage error included. With `--format nagios`
    /// the failure is also the plugin line on standard output, where monitoring reads it.
    private static func exitMonitoring(with error: Error, invocation: Invocation) -> Never {
        if let status = error as? ExitStatus { Foundation.exit(status.code) }
        // A closed pipe: the notices of a --notify run were rolled back, so the next run repeats them.
        if let failure = error as? WriteFailure, failure.isBrokenPipe {
            Foundation.exit(OverdueStatus.unknown.rawValue)
        }
        let localizer = invocation.localizer
        let message = (error as? WriteFailure)?.message(localizer) ?? AlmanacError(reporting: error).message(localizer)
        printError("almanac: " + localizer("error.prefix") + ": " + message)
        if Overdue.wantsNagios(invocation), (error as? WriteFailure)?.stream != .standardOutput {
            let firstLine = message.split(separator: "\n").first.map(String.init) ?? message
            try? OutputWriter.standardOutput.writeLine(quoting: OverdueResult.nagiosUnknownLine(firstLine))
            try? OutputWriter.standardOutput.flush()
        }
        Foundation.exit(OverdueStatus.unknown.rawValue)
    }

    /// Writes what the command left on standard output before it ended with `error`. A failed
    /// write takes the place of an exit status the command chose (`overdue`'s 0-2, `ExitStatus`):
    /// the output it stands for did not arrive. Any other error stands.
    private static func flushingOutput(after error: Error) -> Error {
        do {
            try OutputWriter.standardOutput.flush()
            return error
        } catch let failure {
            return error is ExitStatus || error is WriteFailure ? failure : error
        }
    }

    /// Writes a line to standard error, its control characters escaped (a message may quote data).
    /// Nothing is left to report a failure to.
    static func printError(_ line: String) {
        for part in line.split(separator: "\n", omittingEmptySubsequences: false) {
            try? OutputWriter.standardError.writeLine(quoting: String(part))
        }
    }
}

extension Invocation {
    /// The language of messages: `--locale`, else the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`);
    /// for the monitoring line of `overdue --format nagios`, `--locale` else English, whatever the host.
    var localizer: Localizer {
        let option = global("--locale")
        let locale =
            Overdue.wantsNagios(self)
            ? LocaleResolver.resolveForMonitoring(option: option)
            : LocaleResolver.resolve(option: option, environment: ProcessInfo.processInfo.environment)
        return Localizer(locale: locale)
    }
}
