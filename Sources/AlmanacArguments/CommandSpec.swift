/// What the command line's front end knows of one command: its subcommands and the options and
/// arguments it declares. A command's is read from its own declaration (`ArgumentReader`), so each
/// option is declared once, where the command is, and the same declaration converts its values.
public struct CommandSpec: Sendable {
    /// An option or flag.
    public struct Option: Sendable, Equatable {
        /// Every spelling, as typed: `--sort`, `-h`.
        public let names: [String]
        /// The value's placeholder (`date`); nil for a flag, which takes no value.
        public let valueName: String?
        /// True when it may be given more than once (`--set`, `--param`).
        public let isRepeating: Bool
        /// True when the command cannot run without it (`books add --due`).
        public let isRequired: Bool
        /// The values it accepts when they are a fixed list (`title`, `due`); empty for any value.
        public let allowedValues: [String]
        /// The value it has when not given, when it has one the parser knows (`10`).
        public let defaultValue: String?
        /// The one-line help.
        public let abstract: String
        /// True for options left out of help and completion.
        public let isHidden: Bool
        /// How its value is completed.
        public let completion: ValueCompletion?

        /// Creates an option.
        public init(
            names: [String], valueName: String? = nil, isRepeating: Bool = false, isRequired: Bool = false,
            allowedValues: [String] = [], defaultValue: String? = nil, abstract: String = "", isHidden: Bool = false,
            completion: ValueCompletion? = nil
        ) {
            self.names = names
            self.valueName = valueName
            self.isRepeating = isRepeating
            self.isRequired = isRequired
            self.allowedValues = allowedValues
            self.defaultValue = defaultValue
            self.abstract = abstract
            self.isHidden = isHidden
            self.completion = completion
        }

        /// True for an option that takes a value.
        public var takesValue: Bool { valueName != nil }
        /// The spelling used in messages: the long name when there is one.
        public var name: String { names.first { $0.hasPrefix("--") } ?? names.first ?? "" }
        /// The option with its placeholder, as help shows it: `--seed <n>`.
        public var synopsis: String { valueName.map { "\(name) <\($0)>" } ?? name }

        /// `--version`, which every command answers (help lists it; it is not offered after a command).
        public static let version = Option(names: ["--version"], abstract: "Show the version.")
        /// `-h, --help`, which every command answers.
        public static let help = Option(names: ["-h", "--help"], abstract: "Show help information.")
    }

    /// A positional argument.
    public struct Positional: Sendable, Equatable {
        /// The placeholder (`title`).
        public let valueName: String
        /// True when it may be left out.
        public let isOptional: Bool
        /// True when it takes every remaining argument.
        public let isRepeating: Bool
        /// The one-line help.
        public let abstract: String
        /// How it is completed.
        public let completion: ValueCompletion?
        /// The placeholder as help and messages show it: `<id>`.
        public var synopsis: String { "<\(valueName)>" }

        /// Creates a positional argument.
        public init(
            valueName: String, isOptional: Bool = false, isRepeating: Bool = false, abstract: String = "",
            completion: ValueCompletion? = nil
        ) {
            self.valueName = valueName
            self.isOptional = isOptional
            self.isRepeating = isRepeating
            self.abstract = abstract
            self.completion = completion
        }
    }

    /// An option or a positional argument, as help lists them in the order they are declared.
    public enum Argument: Sendable, Equatable {
        /// An option or flag.
        case option(Option)
        /// A positional argument.
        case positional(Positional)
    }

    /// A subcommand, as its parent lists it.
    public struct Subcommand: Sendable, Equatable {
        /// Its name (`list`).
        public let name: String
        /// Its one-line help.
        public let abstract: String

        /// Creates a subcommand entry.
        public init(name: String, abstract: String) {
            self.name = name
            self.abstract = abstract
        }
    }

    /// The words that lead to it after the program's name: `["books", "list"]`; empty for the root.
    public let path: [String]
    /// The one-line help.
    public let abstract: String
    /// The paragraphs help and the man page show under the one-line help.
    public let discussion: String
    /// Its subcommands, in the order help lists them.
    public let subcommands: [Subcommand]
    /// The subcommand run when none is named (`books` runs `books list`).
    public let defaultSubcommand: String?
    /// Its own options and flags (not the global ones), then `-h, --help`; none for a group.
    public let options: [Option]
    /// Its positional arguments, in order.
    public let positionals: [Positional]
    /// Its own options (not the global ones) and arguments in the order declared: what help lists.
    public let declared: [Argument]

    /// Creates a command's description; `declared` defaults to the options, then the arguments.
    public init(
        path: [String], abstract: String = "", discussion: String = "", subcommands: [Subcommand] = [],
        defaultSubcommand: String? = nil, options: [Option] = [], positionals: [Positional] = [],
        declared: [Argument]? = nil
    ) {
        self.path = path
        self.abstract = abstract
        self.discussion = discussion
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.options = options
        self.positionals = positionals
        self.declared = declared ?? options.map(Argument.option) + positionals.map(Argument.positional)
    }

    /// The option spelled `name` (`--sort`, `-h`).
    public func option(_ name: String) -> Option? { options.first { $0.names.contains(name) } }

    /// True for a command that only groups others.
    public var isGroup: Bool { !subcommands.isEmpty }
}

/// How a value is completed on the command line.
public enum ValueCompletion: Sendable, Equatable {
    /// One of these words.
    case words([String])
    /// A file name.
    case files
    /// A directory name.
    case directories
    /// A list Almanac computes when asked (`holidays`, from the database), see `CompletionList`.
    case list(CompletionList)
}
