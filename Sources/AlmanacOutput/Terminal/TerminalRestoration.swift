import Foundation

/// Puts the terminal back when a signal stops the program in raw mode: Ctrl-C (SIGINT), SIGTERM,
/// SIGHUP, SIGQUIT, and Ctrl-Z (SIGTSTP), after which `fg` takes the terminal again.
///
/// A signal handler may only call async-signal-safe functions (`tcsetattr`, `write`, `signal`,
/// `raise`), so everything it needs is copied beforehand into memory allocated once: the settings
/// to restore, the raw settings to take again, and the escape sequences that leave and re-enter the
/// full screen (alternate screen, hidden cursor). The handler restores, then re-raises the signal
/// with its default action, so the shell sees the usual "interrupted" status (130).
package enum TerminalRestoration {
    package struct State {
        var installed = false
        package var input: Int32 = -1
        package var original = termios()
        package var raw = termios()
        package var output: Int32 = -1
        var leaveCount = 0
        var enterCount = 0
    }

    package static let capacity = 128
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP]

    // Allocated once, from ordinary code (the first install), never freed: the handler only reads it.
    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: State())
        return pointer
    }()
    nonisolated(unsafe) static let leaveBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    nonisolated(unsafe) static let enterBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var previousHandlers: [Int32: sighandler_t?] = [:]

    /// Starts restoring `original` on the signals; `raw` is taken again after a stop.
    package static func install(descriptor: Int32, original: termios, raw: termios) {
        _ = leaveBytes
        _ = enterBytes
        state.pointee = State(installed: true, input: descriptor, original: original, raw: raw)
        for number in signals where previousHandlers[number] == nil {
            let previous = signal(number, restoreTerminalOnSignal)
            // A signal the parent chose to ignore (`nohup`, `cmd &` in sh) stays ignored.
            if isIgnored(previous) {
                signal(number, previous)
            } else {
                previousHandlers[number] = previous
            }
        }
    }

    /// Also writes `leave` to `output` on a signal (and `enter` after a stop): the sequences that
    /// leave and re-enter a full-screen display.
    static func setScreen(output: Int32, enter: String, leave: String) {
        copy(leave, into: leaveBytes) { state.pointee.leaveCount = $0 }
        copy(enter, into: enterBytes) { state.pointee.enterCount = $0 }
        state.pointee.output = output
    }

    /// Stops writing screen sequences on a signal (the screen was left normally).
    static func clearScreen() {
        state.pointee.leaveCount = 0
        state.pointee.enterCount = 0
        state.pointee.output = -1
    }

    /// Puts back the signal handlers found before `install`.
    static func uninstall() {
        state.pointee.installed = false
        for (number, handler) in previousHandlers {
            signal(number, handler)
        }
        previousHandlers = [:]
    }

    static func isIgnored(_ handler: sighandler_t?) -> Bool {
        unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    private static func copy(_ text: String, into buffer: UnsafeMutablePointer<UInt8>, count: (Int) -> Void) {
        let bytes = Array(text.utf8.prefix(capacity))
        for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        count(bytes.count)
    }

    /// Restores the terminal: the original settings, then the screen's leave sequence.
    static func leave() {
        let current = state.pointee
        guard current.installed else { return }
        var settings = current.original
        _ = tcsetattr(current.input, TCSANOW, &settings)
        if current.output >= 0, current.leaveCount > 0 { _ = write(current.output, leaveBytes, current.leaveCount) }
    }

    /// Takes the terminal again after a stop: raw settings, then the screen's enter sequence.
    package static func enter() {
        let current = state.pointee
        guard current.installed else { return }
        var settings = current.raw
        _ = tcsetattr(current.input, TCSANOW, &settings)
        if current.output >= 0, current.enterCount > 0 { _ = write(current.output, enterBytes, current.enterCount) }
    }
}

/// The handler: restore, let the signal take its default action, and if that was a stop and the
/// program goes on (SIGCONT), take the terminal again.
private func restoreTerminalOnSignal(_ number: Int32) {
    TerminalRestoration.leave()
    takeDefaultAction(of: number)
    signal(number, restoreTerminalOnSignal)
    TerminalRestoration.enter()
}
