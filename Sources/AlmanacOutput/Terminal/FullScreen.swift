import Foundation

/// A full-screen display on a terminal, as `less` and `top` use: the alternate screen (so the
/// shell's screen comes back untouched), a hidden cursor, and frames drawn from the top left.
/// `close()` leaves it and shows the cursor again; so does a signal (see `TerminalRestoration`).
public final class FullScreen {
    /// Escape sequences (ECMA-48 and xterm's private modes).
    public enum Sequence {
        /// Switch to the alternate screen, clear it, hide the cursor.
        public static let enter = "\u{1B}[?1049h\u{1B}[2J\u{1B}[?25l"
        /// Show the cursor, return to the normal screen.
        public static let leave = "\u{1B}[?25h\u{1B}[?1049l"
        /// Move the cursor to the top left.
        public static let home = "\u{1B}[H"
        /// Clear from the cursor to the end of its line.
        public static let clearLine = "\u{1B}[K"
        /// Clear from the cursor to the end of the screen.
        public static let clearBelow = "\u{1B}[J"
    }

    /// The descriptor frames are written to.
    public let output: Int32
    private var isOpen = true

    /// Enters the full screen on `output`.
    public init(output: Int32 = STDOUT_FILENO) throws {
        self.output = output
        TerminalRestoration.setScreen(output: output, enter: Sequence.enter, leave: Sequence.leave)
        try Self.write(Sequence.enter, to: output)
    }

    deinit { close() }

    /// Draws a frame: each line from the start of its row, the rest of each row and of the screen
    /// cleared, so a shorter frame leaves nothing of the one before.
    public func draw(_ lines: [String]) throws {
        var text = Sequence.home
        for (index, line) in lines.enumerated() {
            text += line + Sequence.clearLine
            if index < lines.count - 1 { text += "\r\n" }
        }
        text += Sequence.clearBelow
        try Self.write(text, to: output)
    }

    /// Leaves the full screen and shows the cursor (safe to call more than once).
    public func close() {
        guard isOpen else { return }
        isOpen = false
        TerminalRestoration.clearScreen()
        try? Self.write(Sequence.leave, to: output)
    }

    /// The terminal's size in rows and columns, or nil when it does not say.
    public static func size(of descriptor: Int32) -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// Writes all of `text` at once, however many calls `write(2)` takes; a failure throws.
    public static func write(_ text: String, to descriptor: Int32) throws {
        try OutputWriter(descriptor: descriptor, capacity: 0, flushesEachWrite: true).write(text)
    }
}
