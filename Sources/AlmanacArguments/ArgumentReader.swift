import AlmanacText

/// A command's declaration, read: each call declares an option, a flag or a positional argument (its
/// names, placeholder, help key, default and completion; its type is the value's) and returns its
/// value. Read to describe the command (`describing`), it records what is declared, for the scanner,
/// help, the man page and completion (`spec`), and returns the defaults. Read over a command line the
/// scanner has checked (`reading`), it converts the values given and notes each one that does not
/// convert, so that the first of them is reported (`mistake`) before the command runs.
///
/// A command reads every declaration, in the same order, whatever the values: the order is the one
/// help lists, and the nth argument declared takes the nth positional word.
public final class ArgumentReader {
    private let invocation: Invocation?
    private let localizer: Localizer
    /// What has been declared so far, in order.
    public private(set) var declared: [CommandSpec.Argument] = []
    private var failures: [(order: ValueOrder, mistake: AlmanacError)] = []
    private var positionals = 0

    private init(invocation: Invocation?, localizer: Localizer) {
        self.invocation = invocation
        self.localizer = localizer
    }

    /// A reader that records the declarations, their help in the localizer's words.
    public static func describing(_ localizer: Localizer) -> ArgumentReader {
        ArgumentReader(invocation: nil, localizer: localizer)
    }

    /// A reader that converts the values of a checked command line.
    public static func reading(_ invocation: Invocation, _ localizer: Localizer) -> ArgumentReader {
        ArgumentReader(invocation: invocation, localizer: localizer)
    }

    /// The options declared so far.
    public var options: [CommandSpec.Option] {
        declared.compactMap { if case .option(let option) = $0 { option } else { nil } }
    }

    /// The first value that did not convert, as a usage error; nil when all did. Values are taken in
    /// the order they have always been reported in: the global options (by name), then the command's
    /// options as given, then its arguments.
    public var mistake: AlmanacError? {
        failures.min { $0.order < $1.order }?.mistake
    }

    /// The command as declared, at `path`, with `extra` options of its own after those it declares.
    /// The options named in `globals` are left out (the scanner knows them on their own, and help lists
    /// them once, in the root's help).
    public func spec(
        path: [String], abstract: String, discussion: String, globals: Set<String>,
        extra: [CommandSpec.Option] = []
    ) -> CommandSpec {
        let own =
            declared.filter {
                if case .option(let option) = $0 { !option.names.contains(where: globals.contains) } else { true }
            } + extra.map(CommandSpec.Argument.option)
        let options = own.compactMap { if case .option(let option) = $0 { option } else { nil } }
        let positionals = own.compactMap { if case .positional(let argument) = $0 { argument } else { nil } }
        return CommandSpec(
            path: path, abstract: abstract, discussion: discussion, options: options + [.help],
            positionals: positionals, declared: own)
    }

    // MARK: Options

    /// An option that may be left out (nil then): `--borrower <name>`.
    public func option<Value: ArgumentValue>(
        _ names: String..., value placeholder: String, help: String,
        completion: ValueCompletion? = nil
    ) -> Value? {
        let option = declare(names, placeholder, help, Value.self, completion: completion)
        return given(option).first.map { convert($0.text, $0.order, option) }
    }

    /// An option with a default, which help shows: `--sort <title|due>` (default: due).
    public func option<Value: ArgumentValue>(
        _ names: String..., value placeholder: String, help: String,
        default: Value, completion: ValueCompletion? = nil
    ) -> Value {
        let option = declare(
            names, placeholder, help, Value.self, defaultValue: `default`.argumentDescription,
            completion: completion)
        return given(option).first.map { convert($0.text, $0.order, option) } ?? `default`
    }

    /// An option the command cannot run without: `books add --due <date>`.
    public func option<Value: ArgumentValue>(
        _ names: String..., value placeholder: String, help: String,
        completion: ValueCompletion? = nil
    ) -> Value {
        let option = declare(names, placeholder, help, Value.self, isRequired: true, completion: completion)
        return given(option).first.map { convert($0.text, $0.order, option) } ?? Value.standIn
    }

    /// An option that may be given any number of times, each value kept in order: `--set <key=value>`.
    public func option<Value: ArgumentValue>(
        _ names: String..., value placeholder: String, help: String,
        completion: ValueCompletion? = nil
    ) -> [Value] {
        let option = declare(names, placeholder, help, Value.self, isRepeating: true, completion: completion)
        return given(option).map { convert($0.text, $0.order, option) }
    }

    /// A flag, true when given: `--force`. A hidden flag is left out of help and completion.
    public func flag(_ names: String..., help: String, hidden: Bool = false) -> Bool {
        let option = CommandSpec.Option(names: names, abstract: words(help), isHidden: hidden)
        declared.append(.option(option))
        return !given(option).isEmpty
    }

    // MARK: Positional arguments

    /// An argument the command cannot run without: `<title>`.
    public func argument<Value: ArgumentValue>(
        _ placeholder: String, help: String,
        completion: ValueCompletion? = nil
    ) -> Value {
        let (argument, index) = declare(placeholder, help, completion: completion)
        return word(index).map { convert($0, index, argument) } ?? Value.standIn
    }

    /// An argument that may be left out (nil then): `[<holiday>]`.
    public func argument<Value: ArgumentValue>(
        _ placeholder: String, help: String,
        completion: ValueCompletion? = nil
    ) -> Value? {
        let (argument, index) = declare(placeholder, help, isOptional: true, completion: completion)
        return word(index).map { convert($0, index, argument) }
    }

    /// The arguments that remain, at least one unless `required` is false: `<door> ...`.
    public func argument<Value: ArgumentValue>(
        _ placeholder: String, help: String, completion: ValueCompletion? = nil,
        required: Bool = true
    ) -> [Value] {
        let (argument, first) = declare(
            placeholder, help, isOptional: !required, isRepeating: true,
            completion: completion)
        let words = invocation?.positionals ?? []
        guard first < words.count else { return [] }
        return words.indices[first...].map { convert(words[$0], $0, argument) }
    }

    // MARK: Declaring and converting

    private func declare<Value: ArgumentValue>(
        _ names: [String], _ placeholder: String, _ help: String,
        _ type: Value.Type, isRepeating: Bool = false, isRequired: Bool = false,
        defaultValue: String? = nil,
        completion: ValueCompletion?
    ) -> CommandSpec.Option {
        let option = CommandSpec.Option(
            names: names, valueName: placeholder, isRepeating: isRepeating,
            isRequired: isRequired, allowedValues: Value.allowedValues, defaultValue: defaultValue,
            abstract: words(help), completion: completion)
        declared.append(.option(option))
        return option
    }

    private func declare(
        _ placeholder: String, _ help: String, isOptional: Bool = false, isRepeating: Bool = false,
        completion: ValueCompletion?
    ) -> (CommandSpec.Positional, Int) {
        let argument = CommandSpec.Positional(
            valueName: placeholder, isOptional: isOptional, isRepeating: isRepeating,
            abstract: words(help), completion: completion)
        declared.append(.positional(argument))
        positionals += 1
        return (argument, positionals - 1)
    }

    private func words(_ key: String) -> String { key.isEmpty ? "" : localizer(key) }

    /// The values given for an option (a flag's as ""), each with its place in the reporting order.
    private func given(_ option: CommandSpec.Option) -> [(text: String, order: ValueOrder)] {
        guard let invocation else { return [] }
        if let value = invocation.globals[option.name] { return [(value, ValueOrder(group: 0, name: option.name))] }
        return invocation.options.enumerated().filter { $0.element.name == option.name }.map {
            ($0.element.value ?? "", ValueOrder(group: 1, index: $0.offset))
        }
    }

    private func word(_ index: Int) -> String? {
        guard let words = invocation?.positionals, index < words.count else { return nil }
        return words[index]
    }

    /// An option's value: a whole number says its numbers, a value of a list the list.
    private func convert<Value: ArgumentValue>(
        _ text: String, _ order: ValueOrder,
        _ option: CommandSpec.Option
    ) -> Value {
        do {
            return try Value.converting(text, option: option.name, synopsis: option.synopsis)
        } catch {
            failures.append((order, error))
            return Value.standIn
        }
    }

    /// A positional argument's value, the nth word: a whole number says its numbers.
    private func convert<Value: ArgumentValue>(
        _ text: String, _ index: Int,
        _ argument: CommandSpec.Positional
    ) -> Value {
        if let value = Value(argument: text) { return value }
        let order = ValueOrder(group: 2, index: index)
        if let range = Value.wholeNumbers {
            failures.append(
                (
                    order,
                    UsageMistake.notAWholeNumber(
                        text, for: argument.synopsis, from: range.least, to: range.most, anyWillDo: range.isWholeType)
                ))
        } else {
            failures.append((order, UsageMistake.badArgument(text, for: argument)))
        }
        return Value.standIn
    }
}

/// Where a value stands in the order wrong values are reported in: global options by name, then the
/// command's options as given, then its arguments.
private struct ValueOrder: Comparable {
    var group: Int
    var index = 0
    var name = ""

    static func < (a: ValueOrder, b: ValueOrder) -> Bool {
        (a.group, a.index, a.name) < (b.group, b.index, b.name)
    }
}
