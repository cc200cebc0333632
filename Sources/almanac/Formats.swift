import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import AlmanacText

/// A command that says which `--format` values it can print. Every command that runs declares them
/// (`OutputFormatCommandTests` walks the command tree and holds each to its word), and the front end
/// refuses any other value before the command runs: a format is never silently ignored.
protocol Formatted: RunnableCommand {
    /// The values of `--format` the command prints; without `--format` it prints its own default.
    static var formats: [FormatOption] { get }
}

extension FormatOption {
    /// The formats of a command that prints rows: words for people, rows for programs, or a page.
    static let rows: [FormatOption] = [.table, .markdown, .csv, .tsv, .json, .html]
    /// The format of a command that only writes words for people (a sentence, a tour, a game).
    static let text: [FormatOption] = [.table]
}

/// The front end's check of `--format` against the command's `Formatted.formats`.
enum FormatCheck {
    /// The usage error for a `--format` the command on the line cannot print, or nil. Only an explicit
    /// `--format` is checked: without one every command prints its own default.
    static func refusal(_ invocation: Invocation) -> AlmanacError? {
        guard let given = invocation.global("--format"), let format = FormatOption(rawValue: given),
            let command = CommandTree.type(at: invocation.path) as? any Formatted.Type,
            !command.formats.contains(format)
        else { return nil }
        let arguments = [
            "command": invocation.commandLine, "format": given,
            "formats": command.formats.map(\.rawValue).joined(separator: ", "),
        ]
        return AlmanacError(
            .usage, command.formats == FormatOption.text ? "format.error.text-only" : "format.error.unsupported",
            arguments)
    }
}
