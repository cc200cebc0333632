import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import AlmanacText

/// The commands as the front end sees them, read from their declarations: a group's subcommands from
/// its configuration, a command's options and arguments from its `init`, read to describe it. Only the
/// commands on the line are read.
enum CommandTree {
    /// The root command.
    static let root: any Command.Type = Almanac.self

    /// The global options, from `GlobalOptions`.
    static let globals: [CommandSpec.Option] = {
        let line = ArgumentReader.describing(HelpText.localizer)
        _ = GlobalOptions(line)
        return line.options
    }()

    /// The front end over these commands.
    static let scanner = ArgumentScanner(globals: globals, lookup: { spec(at: $0) })

    /// The command at a path (`["books", "list"]`), or nil.
    static func type(at path: [String]) -> (any Command.Type)? {
        var current = root
        for word in path {
            let next = current.configuration.subcommands.first { $0.configuration.name == word }
            guard let next else { return nil }
            current = next
        }
        return current
    }

    /// What the front end knows of the command at a path. A group takes no options of its own: it
    /// cannot declare any.
    static func spec(at path: [String]) -> CommandSpec? {
        guard let type = type(at: path) else { return nil }
        let configuration = type.configuration
        guard let command = type as? any RunnableCommand.Type else {
            return CommandSpec(
                path: path, abstract: configuration.abstract, discussion: configuration.discussion,
                subcommands: configuration.subcommands.map {
                    CommandSpec.Subcommand(name: $0.configuration.name, abstract: $0.configuration.abstract)
                },
                defaultSubcommand: configuration.defaultSubcommand?.configuration.name)
        }
        let line = ArgumentReader.describing(HelpText.localizer)
        _ = command.init(line)
        return line.spec(
            path: path, abstract: configuration.abstract, discussion: configuration.discussion,
            globals: Set(globals.flatMap(\.names)), extra: [format(of: command)])
    }

    /// `--format` as a command takes it: with the formats it prints (`Formatted`), or hidden from its
    /// help and completion when it prints only one, so no command's help offers a format it refuses.
    static func format(of command: any RunnableCommand.Type) -> CommandSpec.Option {
        let formats = (command as? any Formatted.Type)?.formats.map(\.rawValue) ?? []
        return CommandSpec.Option(
            names: ["--format"], valueName: "format", allowedValues: formats, defaultValue: formats.first,
            abstract: localized("help.format"), isHidden: formats.count < 2)
    }

    /// The command a checked command line runs, its values converted; the usage error for the first
    /// value that does not convert.
    static func command(for invocation: Invocation) throws -> any RunnableCommand {
        guard let type = type(at: invocation.path) as? any RunnableCommand.Type else {
            throw AlmanacError(.internalError, "error.internal", ["message": "\(invocation.commandLine) does not run"])
        }
        let line = ArgumentReader.reading(invocation, HelpText.localizer)
        let command = type.init(line)
        if let mistake = line.mistake { throw mistake }
        return command
    }

    /// The examples help shows for the command at a path: its own, or for a group that declares none,
    /// the first example of each of its subcommands.
    static func examples(at path: [String]) -> [Example] {
        guard let type = type(at: path) else { return [] }
        if let exemplified = type as? any Exemplified.Type { return exemplified.examples }
        return type.configuration.subcommands.compactMap { examples(at: path + [$0.configuration.name]).first }
    }

    /// Every command's path, depth first from the root (the root's path is empty).
    static var allPaths: [[String]] {
        func walk(_ type: any Command.Type, _ path: [String]) -> [[String]] {
            [path] + type.configuration.subcommands.flatMap { walk($0, path + [$0.configuration.name]) }
        }
        return walk(root, [])
    }
}
