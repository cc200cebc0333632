import AlmanacText

/// The command line as the front end read it: the command, the global options wherever they were
/// written, the command's own options and its positional arguments, and the first usage mistake.
public struct Invocation: Sendable {
    /// What the command line asks for.
    public enum Request: Sendable, Equatable {
        /// Run the command.
        case run
        /// Print the command's help (`--help`, `-h`, `help COMMAND`, or a group named alone).
        case help
        /// Print the version.
        case version
    }

    /// An option as given: its long name and its value (nil for a flag).
    public struct Given: Sendable, Equatable {
        /// The spelling the command declares (`--sort`).
        public let name: String
        /// The value, or nil for a flag.
        public let value: String?
    }

    /// The command's words after the program's name (`["books", "list"]`).
    public internal(set) var path: [String] = []
    /// What to do.
    public internal(set) var request = Request.run
    /// The global options given, by their long name (`--db`).
    public internal(set) var globals: [String: String] = [:]
    /// The command's own options, in the order given, each once.
    public internal(set) var options: [Given] = []
    /// The positional arguments, in order.
    public internal(set) var positionals: [String] = []
    /// The group whose default subcommand `path` is, when the line did not name it (`almanac books`
    /// runs `books list`); nil when every word of `path` was typed.
    public internal(set) var defaultOf: [String]?
    /// The first mistake on the command line (a usage error), if any.
    public internal(set) var mistake: AlmanacError?

    /// An empty command line: the root, no options.
    public init() {}

    /// A global option's value (`global("--format")`).
    public func global(_ name: String) -> String? { globals[name] }

    /// The value of one of the command's own options (`option("--reports-dir")`); the last one given.
    public func option(_ name: String) -> String? { options.last { $0.name == name }?.value }

    /// The command as typed in messages: `almanac books list`.
    public var commandLine: String { (["almanac"] + path).joined(separator: " ") }
}
