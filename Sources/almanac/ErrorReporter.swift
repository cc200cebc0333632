import AlmanacKit
import ArgumentParser
import Foundation

/// The one place errors become output: one line on stderr, and the exit status for the failure.
enum ErrorReporter {
    /// Prints the error and exits with its status. Help, `--version` and usage errors are left to
    /// ArgumentParser, which prints them its own way (usage errors exit 64).
    static func exit(with error: Error) -> Never {
        let localizer = currentLocalizer()
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
