import Foundation

/// What the command line's front end knows of one command: its subcommands and the options and
/// arguments it declares. It is read from swift-argument-parser's own description of the command
/// (`--experimental-dump-help`), so each option is declared once, where the command is.
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
        public init(names: [String], valueName: String? = nil, isRepeating: Bool = false, isRequired: Bool = false,
                    allowedValues: [String] = [], defaultValue: String? = nil, abstract: String = "", isHidden: Bool = false,
                    completion: ValueCompletion? = nil) {
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
        public init(valueName: String, isOptional: Bool = false, isRepeating: Bool = false, abstract: String = "",
                    completion: ValueCompletion? = nil) {
            self.valueName = valueName
            self.isOptional = isOptional
            self.isRepeating = isRepeating
            self.abstract = abstract
            self.completion = completion
        }
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
    /// Its subcommands, in the order help lists them.
    public let subcommands: [Subcommand]
    /// The subcommand run when none is named (`books` runs `books list`).
    public let defaultSubcommand: String?
    /// Its options and flags.
    public let options: [Option]
    /// Its positional arguments, in order.
    public let positionals: [Positional]

    /// Creates a command's description.
    public init(path: [String], abstract: String = "", subcommands: [Subcommand] = [], defaultSubcommand: String? = nil,
                options: [Option] = [], positionals: [Positional] = []) {
        self.path = path
        self.abstract = abstract
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.options = options
        self.positionals = positionals
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
