import AlmanacArguments
import AlmanacKinds
import AlmanacKit

extension FormatOption {
    /// The formats of a command that changes a row it does not draw as a page: a sentence, or the row.
    static let changes: [FormatOption] = [.table, .markdown, .csv, .tsv, .json]
}

extension AnimationCommand {
    /// `animation edit NAME --set KEY=VALUE…`.
    struct Edit: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "edit",
            abstract: localized("help.animation.edit.abstract"),
            discussion: localized("help.animation.edit.discussion"))

        static let examples = [
            Example("almanac animation edit Wobble --set opacity=0.5 --set rotation_z=30", "example.animation.edit"),
            Example("almanac --locale ru animation edit Wobble --set opacity=0,5", "example.animation.edit.ru"),
        ]

        static let formats = FormatOption.changes

        let global: GlobalOptions
        let name: String
        let assignments: [String]

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            name = line.argument("name", help: "help.animation.setting-name", completion: .list(.settings))
            assignments = line.option(
                "--set", value: "key=value", help: "help.animation.edit.set",
                completion: .list(.propertyAssignments))
        }

        func run() throws {
            try Print.out(AnimationSession(settings: global.settings()).edit(name: name, assignments: assignments))
        }
    }

    /// `animation step NAME KEY +N|-N`.
    struct StepValue: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "step",
            abstract: localized("help.animation.step.abstract"),
            discussion: localized("help.animation.step.discussion"))

        static let examples = [
            Example("almanac animation step Wobble opacity -2", "example.animation.step.down"),
            Example("almanac animation step Wobble rotation_z --format json", "example.animation.step.json"),
        ]

        static let formats = FormatOption.changes

        let global: GlobalOptions
        let name: String
        let key: String
        let steps: Int

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            name = line.argument("name", help: "help.animation.setting-name", completion: .list(.settings))
            key = line.argument("key", help: "help.animation.step.key", completion: .list(.properties))
            let amount: Int? = line.argument("+n|-n", help: "help.animation.step.steps")
            steps = amount ?? 1
        }

        func run() throws {
            try Print.out(AnimationSession(settings: global.settings()).step(name: name, key: key, by: steps))
        }
    }

    /// `animation delete NAME [--yes]`.
    struct Delete: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "delete",
            abstract: localized("help.animation.delete.abstract"),
            discussion: localized("help.animation.delete.discussion"))

        static let examples = [Example("almanac animation delete \"Tiny hop\" --yes", "example.animation.delete")]

        static let formats = FormatOption.changes

        let global: GlobalOptions
        let name: String
        let yes: Bool

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            name = line.argument("name", help: "help.animation.setting-name", completion: .list(.settings))
            yes = line.flag("--yes", help: "help.change.yes")
        }

        func run() throws {
            try Print.out(AnimationSession(settings: global.settings()).delete(name: name, yes: yes))
        }
    }

    /// `animation rename OLD NEW`.
    struct Rename: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "rename",
            abstract: localized("help.animation.rename.abstract"),
            discussion: localized("help.animation.rename.discussion"))

        static let examples = [Example("almanac animation rename Wobble \"Gentle wobble\"", "example.animation.rename")]

        static let formats = FormatOption.changes

        let global: GlobalOptions
        let old: String
        let new: String

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            old = line.argument("old", help: "help.animation.rename.old", completion: .list(.settings))
            new = line.argument("new", help: "help.animation.rename.new")
        }

        func run() throws {
            try Print.out(AnimationSession(settings: global.settings()).rename(old, to: new))
        }
    }
}
