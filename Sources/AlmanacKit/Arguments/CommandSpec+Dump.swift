import Foundation

extension CommandSpec {
    /// The prefix of a completion given as `.shellCommand`: the rest names a `CompletionList`, which
    /// the hidden `almanac __complete LIST` prints. A command declares `completion:
    /// .shellCommand("almanac __complete holidays")`; the front end reads it back from the dump.
    public static let completionCommandPrefix = "almanac __complete "

    /// A command from swift-argument-parser's JSON description of it (`_dumpHelp()`), without its
    /// subcommands' details (only their names and abstracts) and without the options named in
    /// `excluding` (the global options, which the front end knows on their own).
    public init(dump: String, path: [String], excluding: Set<String> = []) throws {
        let tool = try JSONDecoder().decode(DumpedTool.self, from: Data(dump.utf8))
        self.init(command: tool.command, path: path, excluding: excluding)
    }

    /// The options of a dumped `ParsableArguments` group (the global options).
    public static func options(dump: String) throws -> [Option] {
        try CommandSpec(dump: dump, path: []).options.filter { !["--help", "--version"].contains($0.name) }
    }

    fileprivate init(command: DumpedCommand, path: [String], excluding: Set<String>) {
        var options: [Option] = []
        var positionals: [Positional] = []
        for argument in command.arguments ?? [] {
            let completion = argument.completionKind.flatMap(Self.completion)
            switch argument.kind {
            case "positional":
                positionals.append(Positional(valueName: argument.valueName ?? "value", isOptional: argument.isOptional,
                    isRepeating: argument.isRepeating, abstract: argument.abstract ?? "", completion: completion))
            default:
                let names = (argument.names ?? []).map { $0.kind == "short" ? "-" + $0.name : ($0.kind == "long" ? "--" : "-") + $0.name }
                guard !names.contains(where: excluding.contains) else { continue }
                options.append(Option(names: names, valueName: argument.kind == "option" ? argument.valueName ?? "value" : nil,
                    isRepeating: argument.isRepeating, isRequired: !argument.isOptional, allowedValues: argument.allValues ?? [],
                    defaultValue: argument.defaultValue, abstract: argument.abstract ?? "",
                    isHidden: !(argument.shouldDisplay ?? true), completion: completion))
            }
        }
        // The parser adds a `help` subcommand to the command it dumps; the front end answers `help` itself.
        let subcommands = (command.subcommands ?? []).filter { ($0.shouldDisplay ?? true) && $0.commandName != "help" }.map {
            Subcommand(name: $0.commandName, abstract: $0.abstract ?? "")
        }
        self.init(path: path, abstract: command.abstract ?? "", subcommands: subcommands,
            defaultSubcommand: command.defaultSubcommand, options: options, positionals: positionals)
    }

    private static func completion(_ kind: DumpedCompletion) -> ValueCompletion? {
        if let list = kind.list { return .words(list.values) }
        if kind.file != nil { return .files }
        if kind.directory != nil { return .directories }
        if let command = kind.shellCommand?.command, command.hasPrefix(completionCommandPrefix) {
            return CompletionList(rawValue: String(command.dropFirst(completionCommandPrefix.count))).map(ValueCompletion.list)
        }
        return nil
    }
}

// The parts of swift-argument-parser's ToolInfoV0 the front end reads.
private struct DumpedTool: Decodable {
    let command: DumpedCommand
}

private struct DumpedCommand: Decodable {
    let commandName: String
    let abstract: String?
    let defaultSubcommand: String?
    let shouldDisplay: Bool?
    let subcommands: [DumpedCommand]?
    let arguments: [DumpedArgument]?
}

private struct DumpedArgument: Decodable {
    struct Name: Decodable {
        let kind: String
        let name: String
    }

    let kind: String
    let names: [Name]?
    let valueName: String?
    let isOptional: Bool
    let isRepeating: Bool
    let allValues: [String]?
    let defaultValue: String?
    let abstract: String?
    let shouldDisplay: Bool?
    let completionKind: DumpedCompletion?
}

private struct DumpedCompletion: Decodable {
    struct Values: Decodable { let values: [String] }
    struct Command: Decodable { let command: String }
    struct Empty: Decodable {}

    let list: Values?
    let file: Empty?
    let directory: Empty?
    let shellCommand: Command?
}
