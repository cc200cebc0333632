import AlmanacText

/// The usage errors of the command line, each one line in the user's language (`cli.strings`), with
/// "did you mean" where a near word exists.
public enum UsageMistake {
    /// A word that is not a subcommand of `command` (`almanac boks`, `almanac calendar shwo`).
    public static func unknownCommand(_ word: String, of command: CommandSpec) -> AlmanacError {
        let names = command.subcommands.map(\.name)
        let spelled = (command.path + [word]).joined(separator: " ")
        let nearest = Suggestions.nearest(to: word, among: names).map { (command.path + [$0]).joined(separator: " ") }
        return suggesting(
            "cli.error.unknown-command", nearest,
            ["command": spelled, "help": helpCommand(command.path)])
    }

    /// An option `command` does not declare (`--frmat`); `known` are the options it could have meant.
    public static func unknownOption(_ name: String, of command: CommandSpec, known: [CommandSpec.Option])
        -> AlmanacError
    {
        // A command's own `--format` and the global one are one spelling.
        var seen = Set<String>()
        let spellings = known.filter { !$0.isHidden }.flatMap(\.names).filter {
            $0.hasPrefix("--") && seen.insert($0).inserted
        }
        let nearest = Suggestions.nearest(to: name, among: spellings)
        return suggesting(
            "cli.error.unknown-option", nearest,
            ["option": name, "command": spelledOut(command.path), "help": helpCommand(command.path)])
    }

    /// A value that is not a whole number from `least` to `most`, for an option or argument
    /// (`synopsis`: `--limit <n>`, `<id>`). Where any whole number the type holds would do
    /// (`anyWillDo`), text is told just that, and a number too large or too small the one bound it
    /// passed (the command's own check may ask for less, so the other bound is not promised). Where
    /// only some numbers would do, a value is told the range.
    public static func notAWholeNumber(
        _ value: String, for synopsis: String, from least: String, to most: String,
        anyWillDo: Bool
    ) -> AlmanacError {
        let negative = value.first == "-"
        let digits = negative || value.first == "+" ? value.dropFirst() : Substring(value)
        let isNumber = !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
        switch (anyWillDo, isNumber) {
        case (true, false):
            return AlmanacError(.usage, "cli.error.not-a-whole-number", ["value": value, "option": synopsis])
        case (true, true) where negative:
            return AlmanacError(
                .usage, "cli.error.whole-number-too-small", ["value": value, "option": synopsis, "least": least])
        case (true, true):
            return AlmanacError(
                .usage, "cli.error.whole-number-too-large", ["value": value, "option": synopsis, "most": most])
        case (false, _):
            return AlmanacError(
                .usage, "cli.error.whole-number-in-range",
                ["value": value, "option": synopsis, "least": least, "most": most])
        }
    }

    /// A positional argument its type does not convert.
    public static func badArgument(_ value: String, for argument: CommandSpec.Positional) -> AlmanacError {
        AlmanacError(.usage, "cli.error.bad-value", ["value": value, "option": argument.synopsis])
    }

    /// An option written without the value it needs (`--seed` at the end, or before another option).
    public static func missingValue(_ option: CommandSpec.Option) -> AlmanacError {
        AlmanacError(.usage, "cli.error.missing-value", ["option": option.synopsis])
    }

    /// A flag written with a value (`--open=yes`).
    public static func unexpectedValue(_ value: String, for option: CommandSpec.Option) -> AlmanacError {
        AlmanacError(.usage, "cli.error.flag-value", ["option": option.name, "value": value])
    }

    /// An option given twice with different values (`--db A.db … --db B.db`).
    public static func givenTwice(_ option: CommandSpec.Option, _ first: String, _ second: String) -> AlmanacError {
        AlmanacError(.usage, "cli.error.given-twice", ["option": option.name, "first": first, "second": second])
    }

    /// A required positional argument left out.
    public static func missingArgument(_ argument: CommandSpec.Positional, of command: CommandSpec) -> AlmanacError {
        AlmanacError(
            .usage, "cli.error.missing-argument", ["argument": argument.synopsis, "command": spelledOut(command.path)])
    }

    /// A required option left out (`books add` without `--due`).
    public static func missingOption(_ option: CommandSpec.Option, of command: CommandSpec) -> AlmanacError {
        AlmanacError(
            .usage, "cli.error.missing-option", ["option": option.synopsis, "command": spelledOut(command.path)])
    }

    /// A positional argument the command has no place for.
    public static func unexpectedArgument(_ value: String, of command: CommandSpec) -> AlmanacError {
        AlmanacError(.usage, "cli.error.unexpected-argument", ["value": value, "command": spelledOut(command.path)])
    }

    /// The key with `.one` or `.two` appended when there are suggestions, filled in as `{first}` and
    /// `{second}`, so each language quotes and joins them in its own way.
    public static func suggesting(_ key: String, _ nearest: [String], _ arguments: [String: String]) -> AlmanacError {
        var arguments = arguments
        switch nearest.count {
        case 0:
            return AlmanacError(.usage, key, arguments)
        case 1:
            arguments["first"] = nearest[0]
            return AlmanacError(.usage, key + ".one", arguments)
        default:
            arguments["first"] = nearest[0]
            arguments["second"] = nearest[1]
            return AlmanacError(.usage, key + ".two", arguments)
        }
    }

    static func spelledOut(_ path: [String]) -> String { (["almanac"] + path).joined(separator: " ") }

    static func helpCommand(_ path: [String]) -> String { (["almanac", "help"] + path).joined(separator: " ") }
}
