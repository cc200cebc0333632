/// What the shell should offer for the word being typed: words (with a description zsh and fish show),
/// and whether to add file or directory names, which the shell completes itself.
public struct Completion: Sendable, Equatable {
    /// A word to offer.
    public struct Candidate: Sendable, Equatable {
        /// The word.
        public let value: String
        /// What it is (a command's or option's one-line help); empty for a value.
        public let description: String
    }

    /// The words to offer.
    public internal(set) var candidates: [Candidate] = []
    /// True when the shell should also offer file names.
    public internal(set) var files = false
    /// True when the shell should also offer directory names.
    public internal(set) var directories = false

    /// What `almanac __complete` prints: a first line `:files`, `:directories` or `:` (nothing for the
    /// shell to add), then one candidate a line as `value<TAB>description`. Values with a line break
    /// or a tab cannot be offered and are left out.
    public var lines: [String] {
        let directive = files ? ":files" : directories ? ":directories" : ":"
        return [directive]
            + candidates.filter { !$0.value.contains(where: { $0 == "\n" || $0 == "\t" || $0 == "\r" }) }.map {
                $0.description.isEmpty
                    ? $0.value : $0.value + "\t" + $0.description.replacingOccurrences(of: "\n", with: " ")
            }
    }
}

extension ArgumentScanner {
    /// What to offer for the last of `words` (the word being typed, possibly empty), the words before it
    /// read as the front end reads a command line. `values` computes a named list for a prefix.
    public func complete(_ words: [String], values: (CompletionList, Invocation, String) -> [String]) -> Completion {
        let typed = Array(words.dropLast())
        let current = words.last ?? ""
        let invocation = scan(typed)
        guard let command = lookup(invocation.path) else { return Completion() }
        var completion = Completion()
        let onlyArguments = typed.contains("--")
        // A command's own spelling of a global option (its `--format`, with its own values) comes first.
        func option(_ name: String) -> CommandSpec.Option? {
            (command.isGroup ? nil : command.option(name)) ?? globals.first { $0.names.contains(name) }
        }
        func offer(_ words: [String], prefix: String, before: String = "") {
            completion.candidates += words.filter { $0.hasPrefix(prefix) }.map {
                Completion.Candidate(value: before + $0, description: "")
            }
        }
        func offerValue(of target: CommandSpec.Option, prefix: String, before: String = "") {
            if !target.allowedValues.isEmpty { return offer(target.allowedValues, prefix: prefix, before: before) }
            switch target.completion {
            case .words(let words)?: offer(words, prefix: prefix, before: before)
            case .files?: completion.files = true
            case .directories?: completion.directories = true
            case .list(let list)?: offer(values(list, invocation, prefix), prefix: prefix, before: before)
            case nil: break
            }
        }
        if !onlyArguments, current.hasPrefix("--"), let equals = current.firstIndex(of: "="),
            let target = option(String(current[..<equals])), target.takesValue
        {
            offerValue(
                of: target, prefix: String(current[current.index(after: equals)...]), before: String(current[...equals])
            )
            return completion
        }
        if !onlyArguments, let last = typed.last, let (name, attached) = Self.option(last), attached == nil,
            let target = option(name), target.takesValue
        {
            offerValue(of: target, prefix: current)
            return completion
        }
        if !onlyArguments && current.hasPrefix("-") {
            let given = Set(invocation.globals.keys).union(invocation.options.map(\.name))
            let own = command.isGroup ? [] : command.options
            let available = own + globals.filter { global in !own.contains { $0.name == global.name } }
            for candidate in available
            where !candidate.isHidden && (candidate.isRepeating || !given.contains(candidate.name)) {
                if candidate.name.hasPrefix(current) {
                    completion.candidates.append(
                        Completion.Candidate(value: candidate.name, description: candidate.abstract))
                }
            }
            return completion
        }
        // A group whose default subcommand was reached without being named (`almanac books `) still
        // offers its subcommands, until an option or argument of the default one is typed.
        if let group = invocation.defaultOf, !onlyArguments, invocation.options.isEmpty, invocation.positionals.isEmpty,
            let spec = lookup(group)
        {
            for subcommand in spec.subcommands where subcommand.name.hasPrefix(current) {
                completion.candidates.append(
                    Completion.Candidate(value: subcommand.name, description: subcommand.abstract))
            }
            if command.positionals.isEmpty { return completion }
        }
        if command.isGroup && !onlyArguments {
            if invocation.path.isEmpty && !typed.contains("help") && "help".hasPrefix(current) {
                completion.candidates.append(Completion.Candidate(value: "help", description: ""))
            }
            for subcommand in command.subcommands where subcommand.name.hasPrefix(current) {
                completion.candidates.append(
                    Completion.Candidate(value: subcommand.name, description: subcommand.abstract))
            }
            return completion
        }
        guard invocation.request == .run, !command.positionals.isEmpty else { return completion }
        let index = invocation.positionals.count
        let argument =
            index < command.positionals.count
            ? command.positionals[index] : command.positionals[command.positionals.count - 1]
        guard index < command.positionals.count || argument.isRepeating else { return completion }
        switch argument.completion {
        case .list(.importArguments)?:
            if invocation.positionals.isEmpty {
                offer(values(.kinds, invocation, current), prefix: current)
                completion.directories = true
            } else {
                completion.files = true
            }
        case .list(let list)?: offer(values(list, invocation, current), prefix: current)
        case .words(let words)?: offer(words, prefix: current)
        case .files?: completion.files = true
        case .directories?: completion.directories = true
        case nil: break
        }
        return completion
    }
}
