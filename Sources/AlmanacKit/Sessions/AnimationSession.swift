import AlmanacAnimation
import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText
import AlmanacViews
import Foundation

/// What `almanac animation …` does, with its output as text: the command line only parses and prints.
public final class AnimationSession {
    /// The saved settings.
    public let library: AnimationLibrary
    let settings: Settings
    let renderer: Renderer
    var t: Localizer { settings.localizer }

    /// A session on the settings' database, printing for `terminal`. Only a session that saves
    /// (`writing`) opens the database for writing: listing and playing need read access only.
    public convenience init(settings: Settings, terminal: Terminal, environment: [String: String], writing: Bool = true)
        throws
    {
        try self.init(
            settings: settings, renderer: Renderer(settings: settings, terminal: terminal, environment: environment),
            writing: writing)
    }

    /// A session on the settings' database, printing with `renderer`.
    public convenience init(settings: Settings, renderer: Renderer, writing: Bool = true) throws {
        let path = settings.databasePath
        try self.init(
            database: writing ? Store.open(path) : Store.openReadOnly(path), settings: settings, renderer: renderer)
    }

    /// A session on an open database, printing with `renderer` (a site's pages, on a worker's connection).
    public init(database: Database, settings: Settings, renderer: Renderer) {
        self.settings = settings
        self.library = AnimationLibrary(database: database)
        self.renderer = renderer
    }

    /// A session printing to standard output as it is now.
    public convenience init(
        settings: Settings, writing: Bool = true,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        try self.init(
            settings: settings, terminal: .standardOutput(environment: environment), environment: environment,
            writing: writing)
    }

    /// `animation properties`.
    public func properties() throws -> String {
        renderer.render(AnimationTables.properties(try catalog(), localizer: t))
    }

    /// `animation settings`: the picker, newest last.
    public func list() throws -> String {
        renderer.render(AnimationTables.settings(try library.settings(), catalog: try catalog(), localizer: t))
    }

    /// `animation save NAME --set KEY=VALUE…`.
    public func save(name: String, assignments: [String], replace: Bool, clock: Date = Date()) throws -> String {
        let catalog = try catalog()
        let values = try SettingAssignments.values(assignments, catalog: catalog, localizer: t)
        let saved = try library.save(name: name, values: values, replace: replace, at: settings.now(clock: clock))
        return changed(saved, "animation.saved", [:], catalog)
    }

    /// `animation timeline NAME [--fps N]`.
    public func timeline(name: String, fps: FrameRate) throws -> String {
        let (setting, timeline) = try load(name)
        let table = AnimationTables.timeline(timeline, fps: fps.value, localizer: t)
        let heading = t(
            "animation.timeline.heading",
            [
                "name": Renderer.singleLine(setting.name),
                "duration": LocalizedFormats(localizer: t).number(timeline.duration),
                "fps": String(fps.value),
            ])
        let summary = AnimationTables.summary(setting, catalog: try catalog(), formats: LocalizedFormats(localizer: t))
        let picture = SnowmanPicture(timeline: timeline, name: setting.name, summary: summary, localizer: t)
        return renderer.render(
            Page(
                title: t("page.snowman.title", ["name": setting.name]),
                sections: [
                    .caption(heading),
                    .table(
                        table,
                        picture: Picture(
                            svg: { picture.figure(id: "snowman") }, style: { picture.style(id: "snowman") })),
                ]))
    }

    /// `animation play NAME`: needs a terminal on standard input and output (else exit 66).
    public func play(
        name: String, fps: FrameRate = FrameRate(checked: 20), input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO
    ) throws {
        let (setting, timeline) = try load(name)
        guard RawMode.isTerminal(input), RawMode.isTerminal(output) else {
            throw AlmanacError(.missingInput, "animation.error.play-needs-terminal", ["name": setting.name])
        }
        try SnowmanPlayer(
            setting: setting, timeline: timeline, localizer: t, styling: renderer.styling,
            input: input, output: output, fps: fps.value
        ).run()
    }

    func catalog() throws -> AnimationCatalog {
        let catalog = try library.catalog()
        guard !catalog.properties.isEmpty else { throw AlmanacError(.missingInput, "animation.error.no-properties") }
        return catalog
    }

    private func load(_ name: String) throws -> (AnimationSetting, Timeline) {
        let catalog = try catalog()
        let setting = try library.setting(named: name)
        return (setting, Timeline(setting: setting, catalog: catalog))
    }
}
