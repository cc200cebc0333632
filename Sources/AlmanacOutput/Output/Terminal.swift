import Foundation

/// What the renderer needs to know about where its output goes: whether it is a terminal, and how
/// wide that terminal is. Measured once by the command line, passed in everywhere else.
public struct Terminal: Sendable, Equatable {
    /// True when output goes to a terminal (not a pipe or a file).
    public let isTerminal: Bool
    /// The terminal's width in columns when output is a terminal; nil for a pipe or a file, which
    /// are never cut.
    public let width: Int?

    /// A destination described by hand (tests, embedding).
    public init(isTerminal: Bool, width: Int?) {
        self.isTerminal = isTerminal
        self.width = isTerminal ? width : nil
    }

    /// Output that is not a terminal: nothing is cut or coloured.
    public static let pipe = Terminal(isTerminal: false, width: nil)

    /// Standard output as it is now: `isatty`, then `COLUMNS` (when it is a positive number), else
    /// the window size the terminal reports, else 80.
    public static func standardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminal {
        let descriptor = STDOUT_FILENO
        guard isatty(descriptor) == 1 else { return .pipe }
        return Terminal(
            isTerminal: true, width: width(columns: environment["COLUMNS"], reported: reportedWidth(descriptor)))
    }

    /// The width to use: `COLUMNS` when it is a positive number, else what the terminal reports, else 80.
    public static func width(columns: String?, reported: Int?) -> Int {
        if let columns, let value = Int(columns.trimmingCharacters(in: .whitespaces)), value > 0 { return value }
        if let reported, reported > 0 { return reported }
        return 80
    }

    private static func reportedWidth(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
