import AlmanacArguments
import AlmanacBooks
import AlmanacKinds
import AlmanacKit
import AlmanacViews
import Foundation

/// The last resort of `almanac overdue`'s monitoring contract (exit 3 for any failure, and with
/// `--format nagios` the UNKNOWN line): a fault that would end the process by a signal (a trap, a bad
/// access, an abort, the stack running out) ends it with that line and exit 3 instead. The lines are
/// made before the command runs; the handler only writes them and exits, as a signal handler may.
enum MonitoringGuard {
    /// The signals a fault raises.
    static let faults = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGSYS]

    /// Per signal number, what is written to standard output (the nagios line, or nothing) and to
    /// standard error: bytes that live until the process ends, read by the handler without a lock,
    /// an allocation or a reference count.
    nonisolated(unsafe) private static let lines = UnsafeMutablePointer<
        (output: UnsafeBufferPointer<UInt8>?, error: UnsafeBufferPointer<UInt8>?)
    >
    .allocate(capacity: 65)

    /// Installs the handler for `invocation` (an `almanac overdue` command line).
    static func install(_ invocation: Invocation) {
        lines.initialize(repeating: (nil, nil), count: 65)
        let localizer = invocation.localizer
        let nagios = Overdue.wantsNagios(invocation)
        for signal in faults {
            let message = localizer(
                "error.internal", ["message": "signal \(signal) (\(String(cString: strsignal(signal))))"])
            let error = "almanac: " + localizer("error.prefix") + ": " + message + "\n"
            lines[Int(signal)] = (nagios ? copy(OverdueResult.nagiosUnknownLine(message) + "\n") : nil, copy(error))
        }
        // Its own stack, so that a stack overflow can still be reported.
        let size = 64 << 10
        var stack = stack_t(
            ss_sp: UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16), ss_flags: 0, ss_size: size)
        sigaltstack(&stack, nil)
        for signal in faults {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in MonitoringGuard.fault(signal) }
            action.sa_flags = SA_ONSTACK | Int32(bitPattern: SA_RESETHAND)
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    /// Writes the lines of `signal` and exits 3: only write(2) and _exit(2), which a handler may call.
    private static func fault(_ signal: Int32) {
        if signal > 0 && signal < 65 {
            let line = lines[Int(signal)]
            if let output = line.output { _ = write(STDOUT_FILENO, output.baseAddress, output.count) }
            if let error = line.error { _ = write(STDERR_FILENO, error.baseAddress, error.count) }
        }
        _exit(OverdueStatus.unknown.rawValue)
    }

    private static func copy(_ text: String) -> UnsafeBufferPointer<UInt8> {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
        _ = bytes.initialize(from: text.utf8)
        return UnsafeBufferPointer(bytes)
    }
}
