import AlmanacKinds
import AlmanacOutput
import AlmanacText
import Foundation

/// The progress line on standard error: one line rewritten in place, only when standard error is a
/// terminal (nothing extra reaches a log file or a pipe).
public final class TerminalProgress {
    private var shown = false

    /// A progress line, or nil when standard error is not a terminal.
    public static func ifTerminal() -> TerminalProgress? { isatty(2) == 1 ? TerminalProgress() : nil }

    /// Replaces the line with `text` (its control characters escaped: it names a file).
    public func update(_ text: String) {
        write("\r\u{1B}[K" + TerminalText.escaped(text))
        shown = true
    }

    /// Removes the line, before other output or at the end.
    public func clear() {
        guard shown else { return }
        write("\r\u{1B}[K")
        shown = false
    }

    /// A failure is kept by the writer and reported by the next message or at the end.
    private func write(_ text: String) {
        try? OutputWriter.standardError.write(text)
    }
}
