import AlmanacKit
import ArgumentParser
import Foundation

/// The one place errors become output: one line on stderr, and the exit status for the failure.
enum ErrorReporter {
    /// Prints the error and exits with its status. Help, `--version` and usage errors are left to
    /// ArgumentParser, which prints them its own way (usage errors exit 64). `arguments` is the
    /// command line as parsed: `almanac overdue` has exit statuses of its own.
    static func exit(with error: Error, arguments: [String] = []) -> Never {
        let error = flushingOutput(after: error)
        if Overdue.isInvoked(by: arguments) { exitMonitoring(with: error, arguments: arguments) }
        let localizer = currentLocalizer()
        let prefix = "almanac: " + localizer("error.prefix") + ": "
        switch error {
        case let error as WriteFailure where error.isBrokenPipe:
            // The reader has what it wanted (`| head`): nothing to report.
            Foundation.exit(0)
        case let error as WriteFailure:
            printError(prefix + error.message(localizer))
            Foundation.exit(error.failure.rawValue)
        case let error as AlmanacError:
            printError(prefix + error.message(localizer))
            Foundation.exit(error.failure.rawValue)
        case let error as DatabaseError:
            printError(prefix + error.description)
            Foundation.exit(error.failure.rawValue)
        case let error as ExitCode:
            Foundation.exit(error.rawValue)
        default:
            Almanac.exit(withError: error)
        }
    }

    /// `almanac overdue` follows the monitoring-plugin convention: its own statuses 0-2 stand, help
    /// exits 0, and every failure exits 3 (UNKNOWN), a usage error included. With `--format nagios`
    /// the failure is also the plugin line on standard output, where monitoring reads it.
    private static func exitMonitoring(with error: Error, arguments: [String]) -> Never {
        if let code = error as? ExitCode { Foundation.exit(code.rawValue) }
        if Almanac.exitCode(for: error) == .success { Almanac.exit(withError: error) }
        // A closed pipe: the notices of a --notify run were rolled back, so the next run repeats them.
        if let failure = error as? WriteFailure, failure.isBrokenPipe { Foundation.exit(OverdueStatus.unknown.rawValue) }
        let localizer = currentLocalizer()
        let message: String
        switch error {
        case let error as WriteFailure: message = error.message(localizer)
        case let error as AlmanacError: message = error.message(localizer)
        case let error as DatabaseError: message = error.description
        default: message = Almanac.fullMessage(for: error)
        }
        if error is AlmanacError || error is DatabaseError || error is WriteFailure {
            printError("almanac: " + localizer("error.prefix") + ": " + message)
        } else {
            printError(message)
        }
        if Overdue.wantsNagios(arguments), (error as? WriteFailure)?.stream != .standardOutput {
            let firstLine = message.split(separator: "\n").first.map(String.init) ?? message
            try? OutputWriter.standardOutput.writeLine(quoting: OverdueResult.nagiosUnknownLine(firstLine))
            try? OutputWriter.standardOutput.flush()
        }
        Foundation.exit(OverdueStatus.unknown.rawValue)
    }

    /// Writes what the command left on standard output before it ended with `error`. A failed
    /// write takes the place of an exit status the command chose (`overdue`'s 0-2, `ExitCode`):
    /// the output it stands for did not arrive. Any other error stands.
    private static func flushingOutput(after error: Error) -> Error {
        do {
            try OutputWriter.standardOutput.flush()
            return error
        } catch let failure {
            return error is ExitCode || error is WriteFailure ? failure : error
        }
    }

    /// Writes a line to standard error, its control characters escaped (a message may quote data).
    /// Nothing is left to report a failure to.
    static func printError(_ line: String) {
        for part in line.split(separator: "\n", omittingEmptySubsequences: false) {
            try? OutputWriter.standardError.writeLine(quoting: String(part))
        }
    }

    /// The user's language for messages, read straight from the arguments and environment: an error
    /// may come before the options were parsed.
    static func currentLocalizer() -> Localizer {
        var option: String?
        let arguments = CommandLine.arguments
        for (index, argument) in arguments.enumerated() {
            if argument == "--locale", index + 1 < arguments.count { option = arguments[index + 1] }
            if argument.hasPrefix("--locale=") { option = String(argument.dropFirst("--locale=".count)) }
        }
        return Localizer(locale: LocaleResolver.resolve(option: option, environment: ProcessInfo.processInfo.environment))
    }
}
