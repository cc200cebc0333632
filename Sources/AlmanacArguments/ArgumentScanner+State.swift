import AlmanacText

/// What `ArgumentScanner.scan` has read so far.
struct ScanState {
    var invocation = Invocation()
    /// The command reached.
    var command: CommandSpec
    /// After `--`: every word is an argument.
    var onlyArguments = false
    /// After an unknown command: the words that follow cannot be read (only global options are).
    var lost = false
    /// After the word `help`: the words that follow name the command to explain.
    var helpWord = false
    /// True when the mistake noted is one help cannot be shown for (an unknown command).
    var mistakeBlocksHelp = false
    /// The options given that may be given once, by name, with their value ("" for a flag).
    var given: [String: String] = [:]

    init(command: CommandSpec) {
        self.command = command
    }

    /// Notes a mistake; only the first is reported.
    mutating func note(_ mistake: AlmanacError, blocksHelp: Bool = false) {
        guard invocation.mistake == nil else { return }
        invocation.mistake = mistake
        mistakeBlocksHelp = blocksHelp
    }

    /// A word that is not an option: a subcommand, `help`, or an argument of the command.
    mutating func argument(_ word: String, lookup: ArgumentScanner.Lookup) {
        guard !lost else { return }
        if command.isGroup && !onlyArguments {
            if command.subcommands.contains(where: { $0.name == word }), let spec = lookup(command.path + [word]) {
                enter(spec)
                return
            }
            if word == "help" && !helpWord {
                helpWord = true
                invocation.request = .help
                return
            }
            // `almanac help help` asks about `help` itself: the top-level help is the one that explains it.
            if word == "help" && helpWord && command.path.isEmpty { return }
            if helpWord || !enterDefault(lookup: lookup, forArgument: true) {
                note(UsageMistake.unknownCommand(word, of: command), blocksHelp: true)
                lost = true
                return
            }
        }
        if helpWord {
            note(UsageMistake.unknownCommand(word, of: command), blocksHelp: true)
            lost = true
            return
        }
        invocation.positionals.append(word)
    }

    /// An option word, with its `=value` and the word after it; returns true when that word was taken
    /// as the option's value.
    mutating func option(
        _ name: String, attached: String?, next: String?, globals: [CommandSpec.Option],
        lookup: ArgumentScanner.Lookup
    ) -> Bool {
        if let global = globals.first(where: { $0.names.contains(name) }) {
            return take(global, attached: attached, next: next, isGlobal: true)
        }
        if name == "--help" || name == "-h" || name == "--version" {
            if let attached { note(UsageMistake.unexpectedValue(attached, for: CommandSpec.Option(names: [name]))) }
            if invocation.request == .run || helpWord { invocation.request = name == "--version" ? .version : .help }
            return false
        }
        guard !lost && !helpWord else { return false }
        if command.isGroup { _ = enterDefault(lookup: lookup, forArgument: false) }
        guard let option = command.isGroup ? nil : command.option(name) else {
            note(UsageMistake.unknownOption(name, of: command, known: command.options + globals))
            return false
        }
        return take(option, attached: attached, next: next, isGlobal: false)
    }

    /// Records an option and its value; returns true when the next word was its value.
    private mutating func take(_ option: CommandSpec.Option, attached: String?, next: String?, isGlobal: Bool) -> Bool {
        var value: String? = nil
        if option.takesValue {
            guard let found = attached ?? next else {
                note(UsageMistake.missingValue(option))
                return false
            }
            value = found
        } else if let attached {
            note(UsageMistake.unexpectedValue(attached, for: option))
            return false
        }
        let shown = value ?? ""
        if !option.isRepeating, let earlier = given[option.name] {
            if earlier != shown { note(UsageMistake.givenTwice(option, earlier, shown)) }
        } else {
            given[option.name] = shown
            if isGlobal {
                invocation.globals[option.name] = shown
            } else {
                invocation.options.append(Invocation.Given(name: option.name, value: value))
            }
        }
        return option.takesValue && attached == nil
    }

    /// The checks that need the whole line: a group named alone asks for its help (or runs its
    /// default subcommand), and a command's required arguments and options must be there.
    mutating func finish(lookup: ArgumentScanner.Lookup) {
        if invocation.request == .run && !lost && command.isGroup && !enterDefault(lookup: lookup, forArgument: false)
            && invocation.positionals.isEmpty && invocation.mistake == nil
        {
            invocation.request = .help
        }
        if invocation.request == .run && !lost { checkArguments() }
        if invocation.request != .run && !mistakeBlocksHelp { invocation.mistake = nil }
    }

    private mutating func checkArguments() {
        var rest = invocation.positionals[...]
        for argument in command.positionals {
            if argument.isRepeating {
                if rest.isEmpty && !argument.isOptional { note(UsageMistake.missingArgument(argument, of: command)) }
                rest = []
            } else if rest.isEmpty {
                if !argument.isOptional { note(UsageMistake.missingArgument(argument, of: command)) }
            } else {
                rest = rest.dropFirst()
            }
        }
        if let extra = rest.first { note(UsageMistake.unexpectedArgument(extra, of: command)) }
        for option in command.options where option.isRequired && given[option.name] == nil {
            note(UsageMistake.missingOption(option, of: command))
        }
    }

    private mutating func enter(_ spec: CommandSpec) {
        command = spec
        invocation.path = spec.path
    }

    /// Moves into the group's default subcommand, when it has one (and, for an argument, when that
    /// subcommand takes arguments: otherwise the word was a mistyped subcommand).
    private mutating func enterDefault(lookup: ArgumentScanner.Lookup, forArgument: Bool) -> Bool {
        guard let name = command.defaultSubcommand, let spec = lookup(command.path + [name]) else { return false }
        if forArgument && spec.positionals.isEmpty { return false }
        let group = command.path
        enter(spec)
        invocation.defaultOf = group
        return true
    }
}
