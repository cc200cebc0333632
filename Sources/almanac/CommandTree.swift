import AlmanacKit
import ArgumentParser

/// The commands as the front end sees them, read from their swift-argument-parser declarations: a
/// group's subcommands from its configuration, a command's options and arguments from its own help
/// dump. Only the commands on the line are read, so a run costs one small dump.
enum CommandTree {
    /// The root command.
    static let root: ParsableCommand.Type = Almanac.self

    /// The global options, from `GlobalOptions`.
    static let globals: [CommandSpec.Option] = (try? CommandSpec.options(dump: GlobalOptions._dumpHelp())) ?? []

    /// The front end over these commands.
    static let scanner = ArgumentScanner(globals: globals, lookup: { spec(at: $0) })

    /// The command at a path (`["books", "list"]`), or nil.
    static func type(at path: [String]) -> ParsableCommand.Type? {
        var current = root
        for word in path {
            guard let next = current.configuration.subcommands.first(where: { name(of: $0) == word }) else { return nil }
            current = next
        }
        return current
    }

    /// The name a command is typed as.
    static func name(of type: ParsableCommand.Type) -> String {
        type.configuration.commandName ?? type._commandName
    }

    /// What the front end knows of the command at a path. A group takes no options of its own (a
    /// test holds every group to that), so only a command that runs is dumped.
    static func spec(at path: [String]) -> CommandSpec? {
        guard let type = type(at: path) else { return nil }
        let configuration = type.configuration
        guard configuration.subcommands.isEmpty else {
            return CommandSpec(path: path, abstract: configuration.abstract,
                subcommands: configuration.subcommands.filter { $0.configuration.shouldDisplay }.map {
                    CommandSpec.Subcommand(name: name(of: $0), abstract: $0.configuration.abstract)
                },
                defaultSubcommand: configuration.defaultSubcommand.map(name(of:)))
        }
        return try? CommandSpec(dump: type._dumpHelp(), path: path, excluding: Set(globals.flatMap(\.names)))
    }

    /// The examples help shows for the command at a path: its own, or for a group that declares none,
    /// the first example of each of its subcommands.
    static func examples(at path: [String]) -> [Example] {
        guard let type = type(at: path) else { return [] }
        if let exemplified = type as? Exemplified.Type { return exemplified.examples }
        return type.configuration.subcommands.compactMap { examples(at: path + [name(of: $0)]).first }
    }

    /// Every command's path, depth first from the root (the root's path is empty).
    static var allPaths: [[String]] {
        func walk(_ type: ParsableCommand.Type, _ path: [String]) -> [[String]] {
            [path] + type.configuration.subcommands.flatMap { walk($0, path + [name(of: $0)]) }
        }
        return walk(root, [])
    }
}
