import AlmanacKit
import ArgumentParser
import Foundation

/// The one place errors become output: one line on stderr, and the exit status for the failure.
enum ErrorReporter {
    /// Prints the error and exits with its status. `invocation` is the command line as the front end
    /// read it: it gives the language, and `almanac overdue` has exit statuses of its own.
    static func exit(with error: Error, invocation: Invocation) -> Never {
        if Overdue.isInvoked(by: invocation) { exitMonitoring(with: error, invocation: invocation) }
        let localizer = invocation.localizer
        let prefix = "almanac: " + localizer("error.prefix") + ": "
        switch error {
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
    private static func exitMonitoring(with error: Error, invocation: Invocation) -> Never {
        if let code = error as? ExitCode { Foundation.exit(code.rawValue) }
        if Almanac.exitCode(for: error) == .success { Almanac.exit(withError: error) }
        let localizer = invocation.localizer
        let message: String
        switch error {
        case let error as AlmanacError: message = error.message(localizer)
        case let error as DatabaseError: message = error.description
        default: message = Almanac.fullMessage(for: error)
        }
        if error is AlmanacError || error is DatabaseError {
            printError("almanac: " + localizer("error.prefix") + ": " + message)
        } else {
            printError(message)
        }
        if Overdue.wantsNagios(invocation) {
            let firstLine = message.split(separator: "\n").first.map(String.init) ?? message
            print(OverdueResult.nagiosUnknownLine(firstLine))
        }
        Foundation.exit(OverdueStatus.unknown.rawValue)
    }

    /// Writes a line to standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension Invocation {
    /// The language of messages: `--locale`, else the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`);
    /// for the monitoring line of `overdue --format nagios`, `--locale` else English, whatever the host.
    var localizer: Localizer {
        let option = global("--locale")
        let locale = Overdue.wantsNagios(self) ? LocaleResolver.resolveForMonitoring(option: option)
            : LocaleResolver.resolve(option: option, environment: ProcessInfo.processInfo.environment)
        return Localizer(locale: locale)
    }
}
