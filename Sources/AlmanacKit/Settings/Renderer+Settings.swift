import AlmanacOutput
import Foundation

/// The one place the settings' format reaches the renderer: the output layer knows no settings.
extension Renderer {
    /// A renderer for the resolved global options writing to `terminal`: colour and cutting only
    /// when it is a terminal (and, for colour, `--color` and `NO_COLOR` allow it).
    public init(settings: Settings, terminal: Terminal, environment: [String: String]) {
        self.init(
            format: settings.format, localizer: settings.localizer, timeZone: settings.timeZone, today: settings.today,
            styling: Styling(choice: settings.color, isTerminal: terminal.isTerminal, environment: environment),
            width: terminal.width)
        self.title = settings.pageTitle
        self.made = settings.now()
        self.sheet = settings.sheet
    }

    /// A renderer of `html` pages with the settings' words, zone, day and title, whatever format they
    /// name, never cut or coloured: the pages `site` publishes.
    public static func html(_ settings: Settings) -> Renderer {
        var renderer = Renderer(settings: settings, terminal: .pipe, environment: [:])
        renderer.format = .html
        return renderer
    }

    /// A renderer for standard output as it is now.
    public static func standardOutput(
        _ settings: Settings, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Renderer {
        Renderer(settings: settings, terminal: .standardOutput(environment: environment), environment: environment)
    }
}
