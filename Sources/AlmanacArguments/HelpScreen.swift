/// A command's help screen, before its examples: OVERVIEW (the abstract and the discussion), USAGE,
/// then ARGUMENTS, OPTIONS, GLOBAL OPTIONS (the root's only) and SUBCOMMANDS. The headings, the
/// 26-column label column, the `(values: …; default: …)` after an option's help and the wrapping are
/// those of swift-argument-parser, which laid help out before Almanac read its own command line.
///
/// A command lists its own options only: the global ones are listed once, in the root's help
/// (`globals`), and a command's screen ends its options with `globalsNote`, which points there.
public enum HelpScreen {
    /// Where an option's help begins.
    static let labelColumn = 26

    /// The screen for a command, wrapped to `width` columns (counted in characters). `globals` are
    /// listed under GLOBAL OPTIONS (given for the root); `globalsNote` follows a command's OPTIONS.
    public static func text(
        _ spec: CommandSpec, width: Int, globals: [CommandSpec.Option] = [], globalsNote: String = ""
    ) -> String {
        var overview = spec.abstract
        if !spec.discussion.isEmpty {
            if !overview.isEmpty { overview += "\n" }
            overview += "\n" + spec.discussion
        }
        let shown = spec.declared.filter {
            if case .option(let option) = $0 { !option.isHidden } else { true }
        }
        var usage = synopsis((["almanac"] + spec.path).joined(separator: " "), shown)
        if spec.isGroup { usage += (usage.last == " " ? "" : " ") + "<subcommand>" }

        var arguments: [(String, String)] = []
        var options: [(String, String)] = []
        for argument in shown {
            switch argument {
            case .positional(let positional): arguments.append((positional.synopsis, positional.abstract))
            case .option(let option): options.append((label(option), describe(option)))
            }
        }
        options += (spec.path.isEmpty ? [CommandSpec.Option.version, .help] : [.help]).map { (label($0), $0.abstract) }
        let subcommands = spec.subcommands.map {
            ($0.name + ($0.name == spec.defaultSubcommand ? " (default)" : ""), $0.abstract)
        }
        let global = globals.filter { !$0.isHidden }.map { (label($0), describe($0)) }
        let sections = [
            ("ARGUMENTS", arguments), ("OPTIONS", options), ("GLOBAL OPTIONS", global), ("SUBCOMMANDS", subcommands),
        ]
        .filter { !$0.1.isEmpty }
        .map { section in
            var text = section.0 + ":\n" + section.1.map { element($0.0, $0.1, width: width) }.joined()
            if section.0 == "OPTIONS" && !globalsNote.isEmpty {
                text +=
                    "\n"
                    + wrapped(globalsNote, to: width - 2, indent: 0)
                    .split(separator: "\n").map { "  " + $0 + "\n" }.joined()
            }
            return text
        }
        var text = overview.isEmpty ? "" : wrapped("OVERVIEW: " + overview, to: width) + "\n\n"
        text += "USAGE: " + usage + "\n\n" + sections.joined(separator: "\n")
        if !subcommands.isEmpty {
            let help = (["almanac", "help"] + spec.path).joined(separator: " ")
            text += "\n  See '" + help + " <subcommand>' for detailed help."
        }
        return text
    }

    /// The short usage bare `almanac` prints: what it is, the commands with their one-line help in a
    /// column just wide enough for their names, and `more` (where to read on).
    public static func usage(_ spec: CommandSpec, width: Int, more: String) -> String {
        let column = 2 + (spec.subcommands.map(\.name.count).max() ?? 0) + 2
        let commands = spec.subcommands.map { subcommand in
            let help = wrapped(subcommand.abstract, to: width, indent: column)
            return "  " + subcommand.name + String(help.dropFirst(2 + subcommand.name.count)) + "\n"
        }
        return wrapped("OVERVIEW: " + spec.abstract, to: width)
            + "\n\nUSAGE: almanac <command> [<options>]\n\nCOMMANDS:\n"
            + commands.joined() + "\n" + wrapped(more, to: width) + "\n"
    }

    /// The usage line after `USAGE: `: every option and argument, or with more than eight, the
    /// required ones after `[<options>]`.
    static func synopsis(_ command: String, _ declared: [CommandSpec.Argument]) -> String {
        guard !declared.isEmpty else { return command }
        guard declared.count > 8 else { return command + " " + declared.map(synopsis).joined(separator: " ") }
        let required = declared.filter {
            switch $0 {
            case .positional: true
            case .option(let option): option.isRequired
            }
        }
        guard !required.isEmpty, required.count <= 12 else { return command + " <options>" }
        return command + " [<options>] " + required.map(synopsis).joined(separator: " ")
    }

    private static func synopsis(_ argument: CommandSpec.Argument) -> String {
        var text: String
        let isOptional: Bool
        let isRepeating: Bool
        switch argument {
        case .positional(let positional):
            (text, isOptional, isRepeating) = (positional.synopsis, positional.isOptional, positional.isRepeating)
        case .option(let option):
            (text, isOptional, isRepeating) = (option.synopsis, !option.isRequired, option.isRepeating)
        }
        if isRepeating { text += " ..." }
        return isOptional ? "[" + text + "]" : text
    }

    /// `-h, --help`, `--ends, --until <date-time>`: every spelling, short ones first.
    private static func label(_ option: CommandSpec.Option) -> String {
        let isShort = { (name: String) in !name.hasPrefix("--") && name.count == 2 }
        let names = option.names.filter(isShort) + option.names.filter { !isShort($0) }
        return names.joined(separator: ", ") + (option.valueName.map { " <\($0)>" } ?? "")
    }

    /// The option's help, with its values and its default.
    private static func describe(_ option: CommandSpec.Option) -> String {
        let values = option.allowedValues.filter { !$0.isEmpty }.joined(separator: ", ")
        let defaultValue = option.defaultValue ?? ""
        let note: String
        switch (values.isEmpty, defaultValue.isEmpty) {
        case (true, true): note = ""
        case (false, true): note = "(values: \(values))"
        case (true, false): note = "(default: \(defaultValue))"
        case (false, false): note = "(values: \(values); default: \(defaultValue))"
        }
        return [option.abstract, note].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// One entry: the label indented by two, its help from the label column, on the label's line
    /// when the label leaves room, else on the next.
    private static func element(_ label: String, _ abstract: String, width: Int) -> String {
        let padded = "  " + label
        guard !abstract.isEmpty else { return padded + "\n" }
        let help = wrapped(abstract, to: width, indent: labelColumn)
        return padded.count < labelColumn ? padded + help.dropFirst(padded.count) + "\n" : padded + "\n" + help + "\n"
    }

    /// The text wrapped to `columns` characters, each line but empty ones indented by `indent`: a line
    /// breaks at its last space that fits, at the first space after a word longer than the line, and
    /// at every line break.
    static func wrapped(_ text: String, to width: Int, indent: Int = 0) -> String {
        let columns = width - indent
        guard columns > 0 else { return "" }
        var lines: [Substring] = []
        var current = text.startIndex
        while true {
            let chunk = text[current...].prefix(columns)
            if let lastBreak = chunk.lastIndex(of: "\n") {
                lines += text[current..<lastBreak].split(separator: "\n", omittingEmptySubsequences: false)
                current = text.index(after: lastBreak)
            } else if chunk.endIndex == text.endIndex {
                lines.append(text[current...])
                break
            } else if let lastSpace = chunk.lastIndex(of: " ") {
                lines.append(text[current..<lastSpace])
                current = text.index(after: lastSpace)
            } else if let nextSpace = text[current...].firstIndex(of: " ") {
                lines.append(text[current..<nextSpace])
                current = text.index(after: nextSpace)
            } else {
                lines.append(text[current...])
                break
            }
        }
        let margin = String(repeating: " ", count: indent)
        return lines.map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
    }
}
