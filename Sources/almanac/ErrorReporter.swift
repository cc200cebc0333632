import AlmanacKit
import ArgumentParser
import Foundation

/// The one place errors become output: one line on stderr, and the exit status for the failure.
enum ErrorReporter {
    /// Prints the error and exits with its status. Help, `--version` and usage errors are left to
    /// ArgumentParser, which prints them its own way (usage errors exit 64). `arguments` is the
    /// command line as parsed: `almanac overdue` has exit statuses of its own.
    static func exit(with error: Error, arguments: [String] = []) -> Never {
        if Overdue.isInvoked(by: arguments) { exitMonitoring(with: error, arguments: arguments) }
        if let error = error as? ExitCode { Foundation.exit(error.rawValue) }
        guard isReportedByAlmanac(error) else { Almanac.exit(withError: error) }
        let localizer = currentLocalizer()
        let failure = AlmanacError(reporting: error)
        printError("almanac: " + localizer("error.prefix") + ": " + failure.message(localizer))
        Foundation.exit(failure.failure.rawValue)
    }

    /// True for every error but ArgumentParser's own (help, `--version`, usage errors), which it
    /// reports itself: Almanac's errors, SQLite's (said in Almanac's words), and anything unforeseen,
    /// which ArgumentParser would end with status 1 and which is an internal error (70) here.
    static func isReportedByAlmanac(_ error: Error) -> Bool {
        error is AlmanacError || error is DatabaseError || Almanac.exitCode(for: error) == .failure
    }

    /// `almanac overdue` follows the monitoring-plugin convention: its own statuses 0-2 stand, help
    /// exits 0, and every failure exits 3 (UNKNOWN), a usage error included. With `--format nagios`
    /// the failure is also the plugin line on standard output, where monitoring reads it.
    private static func exitMonitoring(with error: Error, arguments: [String]) -> Never {
        if let code = error as? ExitCode { Foundation.exit(code.rawValue) }
        if Almanac.exitCode(for: error) == .success { Almanac.exit(withError: error) }
        let localizer = currentLocalizer()
        let message = isReportedByAlmanac(error) ? AlmanacError(reporting: error).message(localizer) : Almanac.fullMessage(for: error)
        if isReportedByAlmanac(error) {
            printError("almanac: " + localizer("error.prefix") + ": " + message)
        } else {
            printError(message)
        }
        if Overdue.wantsNagios(arguments) {
            let firstLine = message.split(separator: "\n").first.map(String.init) ?? message
            print(OverdueResult.nagiosUnknownLine(firstLine))
        }
        Foundation.exit(OverdueStatus.unknown.rawValue)
    }

    /// Writes a line to standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
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
