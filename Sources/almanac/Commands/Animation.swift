import AlmanacKit
import ArgumentParser
import Foundation

/// `almanac animation …`: the snowman's animation properties, saved settings, timelines and play.
struct AnimationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animation",
        abstract: "Snowman animations: properties, saved settings, their frames, and playing them.",
        discussion: """
            Each property is a stepper: a value from min to max in whole steps from min (checked \
            exactly in decimal, so 0.1 steps never fail on binary rounding). A setting gives every \
            property a value; an animation runs from the identity (every default) to the setting's \
            values and back over its duration, eased in and out.

              almanac animation properties
              almanac animation save Bounce --set height_multiplier=1.5 --set vertical_position=-30
              almanac animation settings
              almanac animation timeline Bounce --fps 4
              almanac animation play Bounce
            """,
        subcommands: [Properties.self, SavedSettings.self, Save.self, Frames.self, Play.self]
    )

    /// `animation properties`.
    struct Properties: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the animation properties: key, label, min, max, step, default.",
            discussion: "Labels are shown in the chosen --locale when Almanac knows the property's key."
        )

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try Print.out(AnimationSession(settings: global.settings()).properties())
        }
    }

    /// `animation settings`.
    struct SavedSettings: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "settings",
            abstract: "List the saved settings, newest last, with their values.",
            discussion: """
                The table lists the values that differ from their defaults; --format csv, tsv and json \
                give one column per property (the animation-settings import format).
                """
        )

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try Print.out(AnimationSession(settings: global.settings()).list())
        }
    }

    /// `animation save NAME --set KEY=VALUE…`.
    struct Save: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Save a setting: animation save NAME --set KEY=VALUE…",
            discussion: """
                Each value must lie in its property's range and on its step grid; properties not set \
                take their defaults. An unknown key or a malformed --set is a usage error (exit 64) \
                listing the keys; a value out of range or off the grid exits 65 naming every such \
                value. An existing name is an error unless --replace is given.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The setting's name.", valueName: "name"))
        var name: String
        @Option(name: .customLong("set"), help: ArgumentHelp("A property's value; repeat for more.", valueName: "key=value"))
        var assignments: [String] = []
        @Flag(name: .long, help: "Overwrite a setting of the same name (it becomes the newest).")
        var replace = false

        func run() throws {
            let session = try AnimationSession(settings: global.settings())
            try Print.out(session.save(name: name, assignments: assignments, replace: replace))
        }
    }

    /// `animation timeline NAME [--fps N]`.
    struct Frames: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "timeline",
            abstract: "Print a setting's frames: time and every property's value.",
            discussion: """
                From the identity (every property at its default) to the setting's values at half the \
                duration and back at the end, eased in and out. Values are rounded to thousandths.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The setting's name (see `almanac animation settings`).", valueName: "name"))
        var name: String
        @Option(name: .long, help: ArgumentHelp("Frames a second, 1 to 60.", valueName: "n"))
        var fps = 10

        func run() throws {
            try Print.out(AnimationSession(settings: global.settings()).timeline(name: name, fps: fps))
        }
    }

    /// `animation play NAME`.
    struct Play: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play a setting: the text snowman, animated on the terminal.",
            discussion: """
                Space pauses and resumes, q quits. The animation loops. It needs a terminal on standard \
                input and output; without one it exits 66 and points to `animation timeline`. The \
                terminal is restored when it ends, also on Ctrl-C.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The setting's name (see `almanac animation settings`).", valueName: "name"))
        var name: String
        @Option(name: .long, help: ArgumentHelp("Frames a second, 1 to 60.", valueName: "n"))
        var fps = 20

        func run() throws {
            try AnimationSession(settings: global.settings()).play(name: name, fps: fps)
        }
    }
}
