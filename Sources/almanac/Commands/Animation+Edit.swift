import AlmanacKit
import ArgumentParser

extension FormatOption {
    /// The formats of a command that changes a row it does not draw as a page: a sentence, or the row.
    static let changes: [FormatOption] = [.table, .markdown, .csv, .tsv, .json]
}

extension AnimationCommand {
    /// `animation edit NAME --set KEY=VALUE…`.
    struct Edit: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.animation.edit.abstract"),
            discussion: localized("help.animation.edit.discussion"))

        static let examples = [
            Example("almanac animation edit Wobble --set opacity=0.5 --set rotation_z=30", "example.animation.edit"),
            Example("almanac --locale ru animation edit Wobble --set opacity=0,5", "example.animation.edit.ru"),
        ]

        static let formats = FormatOption.changes

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp(localized("help.animation.setting-name"), valueName: "name"), completion: .almanac(.settings))
        var name: String
        @Option(name: .customLong("set"), help: ArgumentHelp(localized("help.animation.edit.set"), valueName: "key=value"),
                completion: .almanac(.propertyAssignments))
        var assignments: [String] = []

        func run() throws {
            try Print.out(AnimationSession(settings: global.settings()).edit(name: name, assignments: assignments))
        }
    }

    /// `animation step NAME KEY +N|-N`.
    struct StepValue: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            commandName: "step",
            abstract: localized("help.animation.step.abstract"),
            discussion: localized("help.animation.step.discussion"))

        static let examples = [
            Example("almanac animation step Wobble opacity -2", "example.animation.step.down"),
            Example("almanac animation step Wobble rotation_z +1 --format json", "example.animation.step.json"),
        ]

        static let formats = FormatOption.changes

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp(localized("help.animation.setting-name"), valueName: "name"), completion: .almanac(.settings))
        var name: String
        @Argument(help: ArgumentHelp(localized("help.animation.step.key"), valueName: "key"), completion: .almanac(.properties))
        var key: String
        @Argument(help: ArgumentHelp(localized("help.animation.step.steps"), valueName: "+n|-n"))
        var steps: Int

        func run() throws {
            try Print.out(AnimationSession(settings: global.settings()).step(name: name, key: key, by: steps))
        }
    }

    /// `animation delete NAME [--yes]`.
    struct Delete: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.animation.delete.abstract"),
            discussion: localized("help.animation.delete.discussion"))

        static let examples = [Example("almanac animation delete \"Tiny hop\" --yes", "example.animation.delete")]

        static let formats = FormatOption.changes

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp(localized("help.animation.setting-name"), valueName: "name"), completion: .almanac(.settings))
        var name: String
        @Flag(name: .long, help: ArgumentHelp(localized("help.change.yes")))
        var yes = false

        func run() throws {
            try Print.out(AnimationSession(settings: global.settings()).delete(name: name, yes: yes))
        }
    }

    /// `animation rename OLD NEW`.
    struct Rename: ParsableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            abstract: localized("help.animation.rename.abstract"),
            discussion: localized("help.animation.rename.discussion"))

        static let examples = [Example("almanac animation rename Wobble \"Gentle wobble\"", "example.animation.rename")]

        static let formats = FormatOption.changes

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp(localized("help.animation.rename.old"), valueName: "old"), completion: .almanac(.settings))
        var old: String
        @Argument(help: ArgumentHelp(localized("help.animation.rename.new"), valueName: "new"))
        var new: String

        func run() throws {
            try Print.out(AnimationSession(settings: global.settings()).rename(old, to: new))
        }
    }
}
