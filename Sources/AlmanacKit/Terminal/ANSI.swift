/// The few terminal control sequences the interactive commands use (ECMA-48 and xterm's private
/// modes, which every terminal emulator in use understands).
public enum ANSI {
    /// Switch to the alternate screen, as full-screen programs (less, vim) do: the shell's screen
    /// comes back untouched when the program leaves it.
    public static let alternateScreen = "\u{1B}[?1049h"
    /// Back to the main screen.
    public static let mainScreen = "\u{1B}[?1049l"
    /// Cursor to the top left, then erase the screen.
    public static let clearScreen = "\u{1B}[H\u{1B}[2J"
    /// Hide the cursor.
    public static let hideCursor = "\u{1B}[?25l"
    /// Show the cursor.
    public static let showCursor = "\u{1B}[?25h"
}
