/// Whether output is coloured, and the escape codes that do it.
///
/// PRODUCT.md: colour only on a terminal and never when `NO_COLOR` is set. `--color always` forces
/// it through a pipe (for `less -R`), but `NO_COLOR` still wins, as no-color.org asks. The decision
/// takes the terminal check and the environment as inputs, so it is tested without a terminal.
public struct Styling: Sendable, Equatable {
    /// True when escape codes are written.
    public let isEnabled: Bool

    /// Styling that never colours.
    public static let plain = Styling(isEnabled: false)

    /// Styling with colour on or off, as decided elsewhere.
    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Decides from `--color`, whether standard output is a terminal, and the environment.
    public init(choice: ColorChoice, isTerminal: Bool, environment: [String: String]) {
        // no-color.org: set and not empty means no colour, whatever else is asked.
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            self.isEnabled = false
            return
        }
        switch choice {
        case .never: self.isEnabled = false
        case .always: self.isEnabled = true
        case .auto: self.isEnabled = isTerminal && environment["TERM"] != "dumb"
        }
    }

    /// The text wrapped in the role's colour, or unchanged when colour is off.
    public func paint(_ text: String, _ role: Table.ColorRole?) -> String {
        guard isEnabled, let role, !text.isEmpty else { return text }
        return "\u{1B}[" + Self.code(role) + "m" + text + "\u{1B}[0m"
    }

    /// SGR parameters: red, yellow, green, dim.
    package static func code(_ role: Table.ColorRole) -> String {
        switch role {
        case .alert: return "31"
        case .warning: return "33"
        case .success: return "32"
        case .muted: return "2"
        }
    }
}
