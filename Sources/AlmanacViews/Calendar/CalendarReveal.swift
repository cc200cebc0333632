import AlmanacCalendar
import AlmanacKinds
import AlmanacOutput
import AlmanacText

/// The big reveal behind the last door: a double frame with the holiday's title, the last surprise
/// and its greeting (the app's green "Happy Holidays" screen), in the holiday's colour when allowed.
public struct CalendarReveal {
    /// The holiday.
    public var holiday: Holiday
    /// The last door's surprise.
    public var surprise: String
    /// The user's words.
    public var localizer: Localizer
    /// Whether to colour.
    public var styling: Styling
    /// How many colours the terminal shows.
    public var depth: HolidayColor.Depth
    /// The width to fit, in terminal columns.
    public var width: Int

    /// The widest the frame gets.
    package static let widest = 64

    /// Creates a reveal.
    public init(
        holiday: Holiday, surprise: String, localizer: Localizer, styling: Styling = .plain,
        depth: HolidayColor.Depth = .palette256, width: Int = 80
    ) {
        self.holiday = holiday
        self.surprise = surprise
        self.localizer = localizer
        self.styling = styling
        self.depth = depth
        self.width = width
    }

    /// The framed reveal, ending with a newline.
    public func render() -> String {
        let outer = max(24, min(width, Self.widest))
        let inner = outer - 6
        let greeting = holiday.greeting.map(Renderer.singleLine) ?? localizer("calendar.reveal.default-greeting")
        var body: [String] = ["✶  ✶  ✶", ""]
        body += TextWrap.lines(
            localizer("calendar.reveal.heading", ["title": Renderer.singleLine(holiday.title)]), width: inner)
        body += TextWrap.lines(Renderer.singleLine(surprise), width: inner)
        body.append("")
        body += TextWrap.lines(greeting, width: inner)
        body += ["", "✶  ✶  ✶"]
        var lines = [paint("╔" + String(repeating: "═", count: outer - 2) + "╗")]
        for text in body {
            let gap = max(0, inner - DisplayWidth.of(text))
            let centred = String(repeating: " ", count: gap / 2) + text + String(repeating: " ", count: gap - gap / 2)
            lines.append(paint("║") + "  " + centred + "  " + paint("║"))
        }
        lines.append(paint("╚" + String(repeating: "═", count: outer - 2) + "╝"))
        return lines.joined(separator: "\n") + "\n"
    }

    private func paint(_ text: String) -> String {
        guard styling.isEnabled, let hex = holiday.color, let color = HolidayColor(hex: hex) else { return text }
        return "\u{1B}[" + color.foreground(depth) + "m" + text + "\u{1B}[0m"
    }
}
