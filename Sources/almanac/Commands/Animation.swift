import AlmanacAnimation
import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import Foundation

/// `almanac animation …`: the snowman's animation properties, saved settings, timelines and play.
struct AnimationCommand: Command {
    static let configuration = CommandConfiguration(
        "animation",
        abstract: localized("help.animation.abstract"),
        discussion: localized("help.animation.discussion"),
        subcommands: [
            Properties.self, SavedSettings.self, Save.self, Edit.self, StepValue.self, Delete.self, Rename.self,
            Frames.self, Play.self,
        ]
    )

    /// `animation properties`.
    struct Properties: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "properties",
            abstract: localized("help.animation.properties.abstract"),
            discussion: localized("help.animation.properties.discussion"))

        static let examples = [Example("almanac animation properties", "example.animation.properties")]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
        }

        func run() throws {
            let settings = try page.settings(global, "animation.properties")
            try page.write(
                settings,
                AnimationSession(
                    settings: settings, terminal: page.terminal, environment: ProcessInfo.processInfo.environment,
                    writing: false
                ).properties())
        }
    }

    /// `animation settings`.
    struct SavedSettings: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "settings",
            abstract: localized("help.animation.settings.abstract"),
            discussion: localized("help.animation.settings.discussion"))

        static let examples = [
            Example("almanac animation settings", "example.animation.settings.table"),
            Example("almanac animation settings --format csv", "example.animation.settings.csv"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
        }

        func run() throws {
            let settings = try page.settings(global, "animation.settings")
            try page.write(
                settings,
                AnimationSession(
                    settings: settings, terminal: page.terminal, environment: ProcessInfo.processInfo.environment,
                    writing: false
                ).list())
        }
    }

    /// `animation save NAME --set KEY=VALUE…`.
    struct Save: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "save",
            abstract: localized("help.animation.save.abstract"),
            discussion: localized("help.animation.save.discussion"))

        static let examples = [
            Example(
                "almanac animation save Bounce --set height_multiplier=1.5 --set vertical_position=-30",
                "example.animation.save.new"),
            Example("almanac animation save Bounce --set opacity=0.5 --replace", "example.animation.save.replace"),
        ]

        static let formats = FormatOption.changes

        let global: GlobalOptions
        let name: String
        let assignments: [String]
        let replace: Bool

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            name = line.argument("name", help: "help.animation.save.name")
            assignments = line.option(
                "--set", value: "key=value", help: "help.animation.save.set",
                completion: .list(.propertyAssignments))
            replace = line.flag("--replace", help: "help.animation.save.replace")
        }

        func run() throws {
            let session = try AnimationSession(settings: global.settings())
            try Print.out(session.save(name: name, assignments: assignments, replace: replace))
        }
    }

    /// `animation timeline NAME [--fps N]`.
    struct Frames: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "timeline",
            abstract: localized("help.animation.timeline.abstract"),
            discussion: localized("help.animation.timeline.discussion"))

        static let examples = [
            Example("almanac animation timeline Wobble --fps 4", "example.animation.timeline.fps"),
            Example("almanac animation timeline Wobble --format csv", "example.animation.timeline.csv"),
            Example(
                "almanac animation timeline Wobble --format html --out wobble.html", "example.animation.timeline.html"),
        ]

        static let formats = FormatOption.rows

        let global: GlobalOptions
        let page: PageOptions
        let name: String
        let fps: FrameRate

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            page = PageOptions(line)
            name = line.argument("name", help: "help.animation.setting-name", completion: .list(.settings))
            fps = line.option("--fps", value: "n", help: "help.animation.fps", default: FrameRate(checked: 10))
        }

        func run() throws {
            let settings = try page.settings(global, "animation.timeline")
            try page.write(
                settings,
                AnimationSession(
                    settings: settings, terminal: page.terminal, environment: ProcessInfo.processInfo.environment,
                    writing: false
                ).timeline(name: name, fps: fps))
        }
    }

    /// `animation play NAME`.
    struct Play: RunnableCommand, Exemplified, Formatted {
        static let configuration = CommandConfiguration(
            "play",
            abstract: localized("help.animation.play.abstract"),
            discussion: localized("help.animation.play.discussion"))

        /// Without a terminal (as in the tests) `play` exits 66 and points to `timeline`.
        static let examples = [Example("almanac animation play Wobble", "example.animation.play", status: 66)]

        static let formats = FormatOption.text

        let global: GlobalOptions
        let name: String
        let fps: FrameRate

        init(_ line: ArgumentReader) {
            global = GlobalOptions(line)
            name = line.argument("name", help: "help.animation.setting-name", completion: .list(.settings))
            fps = line.option("--fps", value: "n", help: "help.animation.fps", default: FrameRate(checked: 20))
        }

        func run() throws {
            try AnimationSession(settings: global.settings(), writing: false).play(name: name, fps: fps)
        }
    }
}
