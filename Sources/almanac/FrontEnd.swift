import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import Foundation

/// The one place the command line is read: the scanner takes it apart once (global options anywhere,
/// the command, its options and arguments, the first mistake), help and `--version` are answered here,
/// and the command's own declaration converts the values of a line already checked.
enum FrontEnd {
    /// Runs the command line and exits with its status.
    static func main(_ arguments: [String]) -> Never {
        switch arguments.first {
        case "__complete":
            // Completion never says anything but its answer: a failed write ends it quietly.
            CompletionCommand.run(Array(arguments.dropFirst()))
            try? OutputWriter.standardOutput.flush()
        case "__man":
            write(ManualCommand.page(), Invocation())
        case "__commands":
            // Hidden: every command that runs, one a line (`books add`), for the tests that try them all.
            write(
                CommandTree.allPaths.filter { CommandTree.type(at: $0) is any RunnableCommand.Type }
                    .map { $0.joined(separator: " ") + "\n" }.joined(), Invocation())
        case let first?
        where first == "--generate-completion-script" || first.hasPrefix("--generate-completion-script="):
            let shell = first.contains("=") ? String(first.drop { $0 != "=" }.dropFirst()) : arguments.dropFirst().first
            do {
                write(try CompletionScripts.script(for: shell), Invocation())
            } catch {
                ErrorReporter.exit(with: error, invocation: Invocation())
            }
        default:
            run(
                CommandTree.scanner.scan(arguments),
                bare: !arguments.contains { ["help", "-h", "--help"].contains($0) })
        }
        exit(0)
    }

    /// Runs a scanned line; `bare` when it asked for no help by name (`almanac` alone gets the short usage).
    private static func run(_ invocation: Invocation, bare: Bool) {
        if Overdue.isInvoked(by: invocation) { MonitoringGuard.install(invocation) }
        if let mistake = invocation.mistake { ErrorReporter.exit(with: mistake, invocation: invocation) }
        switch invocation.request {
        case .help where bare && invocation.path.isEmpty:
            write(HelpPage.usage(), invocation)
        case .help:
            write(HelpPage.text(for: invocation.path), invocation)
        case .version:
            write(AlmanacVersion.current + "\n", invocation)
        case .run:
            if let refusal = FormatCheck.refusal(invocation) {
                ErrorReporter.exit(with: refusal, invocation: invocation)
            }
            do {
                try CommandTree.command(for: invocation).run()
                try OutputWriter.standardOutput.flush()
            } catch {
                ErrorReporter.exit(with: error, invocation: invocation)
            }
        }
    }

    /// Writes text the front end prints itself (help, the version, a script, the man page); a failed
    /// write is reported like any other.
    static func write(_ text: String, _ invocation: Invocation) {
        do {
            try Print.out(text)
            try OutputWriter.standardOutput.flush()
        } catch {
            ErrorReporter.exit(with: error, invocation: invocation)
        }
    }
}
