import Foundation

/// The progress line on standard error: one line rewritten in place, only when standard error is a
/// terminal (nothing extra reaches a log file or a pipe).
public final class TerminalProgress {
    private var shown = false

    /// A progress line, or nil when standard error is not a terminal.
    public static func ifTerminal() -> TerminalProgress? { isatty(2) == 1 ? TerminalProgress() : nil }

    /// Replaces the line with `text`.
    public func update(_ text: String) {
        write("\r\u{1B}[K" + text)
        shown = true
    }

    /// Removes the line, before other output or at the end.
    public func clear() {
        guard shown else { return }
        write("\r\u{1B}[K")
        shown = false
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Foundation.write(2, $0.baseAddress, $0.count) }
    }
}
