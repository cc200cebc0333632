import Foundation
import Glibc

/// A pseudo-terminal pair for tests (the same as AlmanacKitTests' own, which this target cannot see): `terminal` behaves as a real terminal (tcgetattr, raw mode),
/// and what is written to `controller` arrives there as typed keys.
final class PseudoTerminal {
    let controller: Int32
    let terminal: Int32

    init() throws {
        // glibc declares these only for _XOPEN_SOURCE, which Swift's Glibc module does not set: look
        // them up by name instead.
        typealias Call = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        func symbol<T>(_ name: String, _ type: T.Type) throws -> T {
            guard let address = dlsym(nil, name) else { throw POSIXError(.ENOSYS) }
            return unsafeBitCast(address, to: type)
        }
        let openController = try symbol("posix_openpt", Call.self)
        let grant = try symbol("grantpt", Call.self), unlock = try symbol("unlockpt", Call.self)
        let terminalName = try symbol("ptsname", Name.self)
        controller = openController(O_RDWR | O_NOCTTY)
        guard controller >= 0, grant(controller) == 0, unlock(controller) == 0, let name = terminalName(controller) else {
            throw POSIXError(.ENOTTY)
        }
        terminal = open(name, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw POSIXError(.ENOTTY) }
    }

    deinit {
        close(terminal)
        close(controller)
    }

    /// The terminal's settings now.
    func settings() -> termios {
        var settings = termios()
        tcgetattr(terminal, &settings)
        return settings
    }

    /// Types text, as if on the keyboard.
    func type(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(controller, $0.baseAddress, $0.count - 1) }
    }

    /// Settings compared field by field (termios has padding, so no byte comparison).
    static func same(_ a: termios, _ b: termios) -> Bool {
        var left = a, right = b
        let controlsEqual = withUnsafeBytes(of: &left.c_cc) { l in withUnsafeBytes(of: &right.c_cc) { r in l.elementsEqual(r) } }
        return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag && controlsEqual
    }
}
