import AlmanacKit
import ArgumentParser
import Foundation

/// The one place the command line is read: the scanner takes it apart once (global options anywhere,
/// the command, its options and arguments, the first mistake), help and `--version` are answered here,
/// and swift-argument-parser only converts the values of a line already checked.
enum FrontEnd {
    /// Runs the command line and exits with its status.
    static func main(_ arguments: [String]) -> Never {
        switch arguments.first {
        case "__complete": CompletionCommand.run(Array(arguments.dropFirst()))
        case "__man": write(ManualCommand.page())
        case "--experimental-dump-help": Almanac.main(arguments)
        case let first? where first == "--generate-completion-script" || first.hasPrefix("--generate-completion-script="):
            let shell = first.contains("=") ? String(first.drop { $0 != "=" }.dropFirst()) : arguments.dropFirst().first
            do {
                write(try CompletionScripts.script(for: shell))
            } catch {
                ErrorReporter.exit(with: error, invocation: Invocation())
            }
        default:
            run(CommandTree.scanner.scan(arguments))
        }
        exit(0)
    }

    private static func run(_ invocation: Invocation) {
        if let mistake = invocation.mistake { ErrorReporter.exit(with: mistake, invocation: invocation) }
        switch invocation.request {
        case .help:
            write(HelpPage.text(for: invocation.path))
        case .version:
            write(AlmanacVersion.current + "\n")
        case .run:
            var command: ParsableCommand
            do {
                command = try Almanac.parseAsRoot(invocation.canonicalArguments)
            } catch {
                ErrorReporter.exit(with: ParserFailure.usageError(error, invocation: invocation) ?? error, invocation: invocation)
            }
            do {
                try command.run()
            } catch {
                ErrorReporter.exit(with: error, invocation: invocation)
            }
        }
    }

    /// Writes text the front end prints itself (help, the version, completions, the man page).
    static func write(_ text: String) {
        print(text, terminator: "")
    }
}
