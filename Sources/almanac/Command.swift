import AlmanacArguments
import AlmanacKinds
import AlmanacKit

/// A command of the tree: a group (`books`) names its subcommands; a command that runs
/// (`RunnableCommand`) also declares its options and arguments.
protocol Command: Sendable {
    /// Its name, its help and its subcommands.
    static var configuration: CommandConfiguration { get }
}

/// A command that runs. Its `init` declares each option and argument once, reading its value:
/// read to describe the command it gives help, the man page and completion their `CommandSpec`,
/// and read over the command line it converts the values the command runs with.
protocol RunnableCommand: Command, ArgumentGroup {
    /// Does what the command does; its errors are reported by `ErrorReporter`.
    func run() throws
}

/// Options and arguments read together, in the order help lists them: a command's own, or a group
/// several commands share (`GlobalOptions`, `PageOptions`), read by their `init` in the command's.
protocol ArgumentGroup: Sendable {
    /// Reads each option and argument of the group (see `ArgumentReader`).
    init(_ line: ArgumentReader)
}

/// What a command is called and says of itself, and the commands it groups.
struct CommandConfiguration: Sendable {
    /// The word it is typed as (`list`).
    let name: String
    /// The one-line help, in the help's language.
    let abstract: String
    /// The paragraphs under it.
    let discussion: String
    /// Reference paragraphs the man page adds after the discussion (help stays one screen).
    let reference: String
    /// Its subcommands, in the order help lists them; none for a command that runs.
    let subcommands: [any Command.Type]
    /// The subcommand run when none is named (`books` runs `books list`).
    let defaultSubcommand: (any Command.Type)?

    init(
        _ name: String, abstract: String, discussion: String = "", reference: String = "",
        subcommands: [any Command.Type] = [],
        defaultSubcommand: (any Command.Type)? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.reference = reference
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
    }
}

/// Ends a command with an exit status of its own choosing (`almanac overdue`: 0 to 2), after what
/// it wrote is flushed.
struct ExitStatus: Error {
    /// The status.
    let code: Int32

    init(_ code: Int32) {
        self.code = code
    }
}
