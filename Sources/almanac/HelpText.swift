import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import AlmanacText
import Foundation

/// The language of the commands' own help (abstracts, discussions, option help, example notes).
/// A command's configuration is a static value, made once when it is first needed, so the language
/// is chosen from `--locale` (read as the front end reads it) and the environment before any command
/// is looked at.
enum HelpText {
    /// The localizer the declarations use.
    static let localizer = Localizer(
        locale: LocaleResolver.resolve(
            option: ArgumentScanner.globalValue("--locale", in: Array(CommandLine.arguments.dropFirst())),
            environment: ProcessInfo.processInfo.environment))
}

/// A help text of the commands' declarations, in the help's language (`Translations/*/cli.strings`).
func localized(_ key: String, _ arguments: [String: String] = [:]) -> String {
    HelpText.localizer(key, arguments)
}

/// A command line shown under EXAMPLES in its command's help and in the man page, and run against
/// the sample data by `ExampleTests`, which expects `status`.
struct Example: Sendable {
    /// The command line, as typed in a shell.
    let line: String
    /// The translation key of what it does.
    let noteKey: String
    /// The exit status it ends with on the sample data.
    let status: Int32

    init(_ line: String, _ noteKey: String, status: Int32 = 0) {
        self.line = line
        self.noteKey = noteKey
        self.status = status
    }

    /// What it does, in the help's language.
    var note: String { localized(noteKey) }
}

/// A command that shows examples. Every command does (`ExampleTests` fails for one that does not).
protocol Exemplified: Command {
    /// Its examples, in the order help shows and the tests run them.
    static var examples: [Example] { get }
}
