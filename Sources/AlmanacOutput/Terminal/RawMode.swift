import AlmanacText
import Foundation

/// A terminal in raw mode: keys arrive one at a time as they are pressed, without echo or line
/// editing, until `restore()` puts back the settings it found.
///
/// Ctrl-C still sends SIGINT (and Ctrl-Z SIGTSTP): while raw mode is on, those signals and SIGTERM,
/// SIGHUP and SIGQUIT restore the terminal before the process stops, so an interrupted program never
/// leaves a shell without echo (see `TerminalRestoration`). Output processing stays on, so `\n`
/// still starts a new line.
///
///     let raw = try RawMode(descriptor: STDIN_FILENO)
///     defer { raw.restore() }
///     if let key = try raw.readKey(timeout: 0.5) { ... }
public final class RawMode {
    /// The terminal's file descriptor.
    public let descriptor: Int32
    /// The settings found before raw mode, put back by `restore()`.
    public let original: termios
    private var isActive = true

    /// True when the descriptor is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Switches the terminal at `descriptor` to raw mode. Fails with exit 66 when it is not a
    /// terminal (a pipe, a file).
    public init(descriptor: Int32 = STDIN_FILENO) throws {
        var settings = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else {
            throw AlmanacError(.missingInput, "terminal.error.not-a-terminal")
        }
        self.descriptor = descriptor
        self.original = settings
        var raw = Self.rawSettings(from: settings)
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else {
            throw AlmanacError(.ioError, "terminal.error.cannot-set", ["reason": String(cString: strerror(errno))])
        }
        TerminalRestoration.install(descriptor: descriptor, original: settings, raw: raw)
    }

    deinit { restore() }

    /// Raw settings derived from `settings`: no canonical lines, no echo, no Ctrl-V or flow control,
    /// reads that return at once (the wait is done by `poll`). Signals and output processing stay.
    public static func rawSettings(from settings: termios) -> termios {
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP | BRKINT)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    /// Puts back the settings found at the start (safe to call more than once).
    public func restore() {
        guard isActive else { return }
        isActive = false
        TerminalRestoration.uninstall()
        var settings = original
        _ = tcsetattr(descriptor, TCSANOW, &settings)
    }

    /// The next key, waiting at most `timeout` seconds (nil waits for ever); nil when none came.
    /// Keys pressed in quick succession are kept and returned by the next calls.
    public func readKey(timeout: Double?) throws -> Key? {
        if !pending.isEmpty { return pending.removeFirst() }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = timeout.map { Int32(max(0, min($0 * 1000, Double(Int32.max)))) } ?? -1
        let ready = poll(&poller, 1, milliseconds)
        if ready < 0 {
            if errno == EINTR { return nil }
            throw AlmanacError(.ioError, "terminal.error.read-failed", ["reason": String(cString: strerror(errno))])
        }
        guard ready > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return nil }
            throw AlmanacError(.ioError, "terminal.error.read-failed", ["reason": String(cString: strerror(errno))])
        }
        // A hang-up (the terminal closed) reads as the end of input.
        guard count > 0 else { return .endOfInput }
        pending = Key.decode(Array(buffer[0..<count]))
        return pending.isEmpty ? nil : pending.removeFirst()
    }

    private var pending: [Key] = []
}
