import Foundation
import Glibc

/// A terminal switched to reading single keys, and switched back however the program ends.
///
/// `RawMode(descriptor:)` turns off line buffering and echo on a terminal (keeping the signal keys,
/// so Ctrl-C still interrupts and Ctrl-Z still suspends) and restores the exact settings it found
/// with `restore()`, in `deinit`, and on SIGINT, SIGTERM, SIGHUP and SIGQUIT before the signal takes
/// its usual course. On Ctrl-Z it restores the terminal before stopping and takes it again on `fg`
/// (then `KeyReader` reports `.resumed`, so the screen can be drawn again).
///
/// `enter` is written to `output` when the mode starts and again on resume; `leave` when the
/// terminal is restored (for example `ANSI.alternateScreen` and `ANSI.mainScreen`). One mode can be
/// active at a time in a process: the signal handlers need one place to find what to restore.
///
///     let mode = try RawMode(descriptor: STDIN_FILENO)
///     defer { mode.restore() }
///     let key = try KeyReader(descriptor: STDIN_FILENO).next()
public final class RawMode {
    /// The terminal whose settings changed.
    public let descriptor: Int32
    private var isActive = true

    /// True when the descriptor is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Switches the terminal on `descriptor` to single keys without echo. Throws when it is not a
    /// terminal, or when another `RawMode` is active.
    public init(descriptor: Int32, output: Int32 = STDOUT_FILENO, enter: String = "", leave: String = "") throws {
        guard RawModeState.descriptor < 0 else { throw AlmanacError(.internalError, "terminal.error.already-raw") }
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else {
            throw AlmanacError(.ioError, "terminal.error.not-a-terminal", ["reason": String(cString: strerror(errno))])
        }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON)  // Ctrl-S and Ctrl-Q reach the program instead of freezing output
        Self.setControl(&raw, VMIN, 1)
        Self.setControl(&raw, VTIME, 0)
        self.descriptor = descriptor
        RawModeState.install(descriptor: descriptor, output: output, saved: saved, raw: raw, enter: enter, leave: leave)
        guard tcsetattr(descriptor, TCSAFLUSH, &raw) == 0 else {
            let reason = String(cString: strerror(errno))
            RawModeState.uninstall()
            throw AlmanacError(.ioError, "terminal.error.not-a-terminal", ["reason": reason])
        }
        RawModeState.write(RawModeState.enter)
    }

    deinit { restore() }

    /// Puts the terminal back as it was, writes `leave`, and removes the signal handlers. Safe to
    /// call more than once.
    public func restore() {
        guard isActive else { return }
        isActive = false
        RawModeState.write(RawModeState.leave)
        var saved = RawModeState.saved
        _ = tcsetattr(descriptor, TCSAFLUSH, &saved)
        RawModeState.uninstall()
    }

    /// True once after the program came back from a suspension (Ctrl-Z, then `fg`).
    public static func takeResumed() -> Bool {
        guard RawModeState.resumed != 0 else { return false }
        RawModeState.resumed = 0
        return true
    }

    private static func setControl(_ settings: inout termios, _ index: Int32, _ value: cc_t) {
        withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(index)] = value }
    }
}

/// What the signal handlers restore. Plain C-like globals: a handler may only touch memory that
/// needs no allocation or locking, and may only call async-signal-safe functions (tcsetattr, write,
/// sigaction, raise).
private enum RawModeState {
    nonisolated(unsafe) static var descriptor: Int32 = -1
    nonisolated(unsafe) static var output: Int32 = -1
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var raw = termios()
    nonisolated(unsafe) static var enter = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    nonisolated(unsafe) static var leave = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    nonisolated(unsafe) static var resumed: Int32 = 0
    nonisolated(unsafe) static var handlesSuspend = false
    nonisolated(unsafe) static var previous: [Int32: sigaction] = [:]

    static let fatalSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    static func install(descriptor: Int32, output: Int32, saved: termios, raw: termios, enter: String, leave: String) {
        self.output = output
        self.saved = saved
        self.raw = raw
        self.enter = copy(enter)
        self.leave = copy(leave)
        resumed = 0
        // Set last: the handlers act only once the descriptor is there.
        self.descriptor = descriptor
        // A signal ignored when the program started (nohup, a background job) stays ignored.
        for signal in fatalSignals + [SIGTSTP] where !isIgnored(signal) {
            previous[signal] = handle(signal, with: signal == SIGTSTP ? onSuspend : onFatalSignal)
        }
        handlesSuspend = previous[SIGTSTP] != nil
        previous[SIGCONT] = handle(SIGCONT, with: onResume)
    }

    static func uninstall() {
        for (signal, action) in previous {
            var action = action
            sigaction(signal, &action, nil)
        }
        previous = [:]
        descriptor = -1
        enter.deallocate()
        leave.deallocate()
        enter = UnsafeMutableBufferPointer(start: nil, count: 0)
        leave = UnsafeMutableBufferPointer(start: nil, count: 0)
    }

    static func copy(_ text: String) -> UnsafeMutableBufferPointer<UInt8> {
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = buffer.initialize(from: bytes)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<bytes.count])
    }

    static func write(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0, output >= 0 else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(output, base + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Installs a handler without SA_RESTART, so a blocked read returns EINTR after it runs.
    static func handle(_ signal: Int32, with handler: @convention(c) (Int32) -> Void) -> sigaction {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var old = sigaction()
        sigaction(signal, &action, &old)
        return old
    }

    static func isIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        sigaction(signal, nil, &current)
        guard let handler = current.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    static func setDefault(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }
}

/// Restores the terminal, then lets the signal end the program as it would have.
private func onFatalSignal(_ signal: Int32) {
    if RawModeState.descriptor >= 0 {
        RawModeState.write(RawModeState.leave)
        _ = tcsetattr(RawModeState.descriptor, TCSAFLUSH, &RawModeState.saved)
    }
    RawModeState.setDefault(signal)
    raise(signal)
}

/// Ctrl-Z: restores the terminal for the shell, then stops (the signal is delivered, with its
/// default action, as soon as this handler returns).
private func onSuspend(_ signal: Int32) {
    if RawModeState.descriptor >= 0 {
        RawModeState.write(RawModeState.leave)
        _ = tcsetattr(RawModeState.descriptor, TCSAFLUSH, &RawModeState.saved)
    }
    RawModeState.setDefault(SIGTSTP)
    raise(SIGTSTP)
}

/// `fg`: takes the terminal again and notes that the screen must be drawn again.
private func onResume(_ signal: Int32) {
    guard RawModeState.descriptor >= 0 else { return }
    if RawModeState.handlesSuspend { _ = RawModeState.handle(SIGTSTP, with: onSuspend) }
    _ = tcsetattr(RawModeState.descriptor, TCSAFLUSH, &RawModeState.raw)
    RawModeState.write(RawModeState.enter)
    RawModeState.resumed = 1
}
