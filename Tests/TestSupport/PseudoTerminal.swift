import Foundation

/// A pseudo-terminal pair: `terminal` behaves as a real terminal (isatty, termios, raw mode) and
/// what is written to `controller` arrives there as typed keys.
public final class PseudoTerminal {
    public let controller: Int32
    public let terminal: Int32

    // Linux's ioctls behind unlockpt(3) and ptsname(3), which Glibc's Swift module does not import.
    static let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
    static let getNumber: UInt = 0x8004_5430  // TIOCGPTN

    public init() throws {
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, Self.setLock, &unlock) == 0,
            ioctl(controller, Self.getNumber, &number) == 0
        else {
            throw POSIXError(.ENODEV)
        }
        terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw POSIXError(.ENODEV) }
    }

    deinit {
        close(terminal)
        close(controller)
    }

    /// Types text as a user would.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// The terminal's current settings.
    public func settings() -> termios {
        var settings = termios()
        tcgetattr(terminal, &settings)
        return settings
    }

    /// Everything the program wrote to the terminal so far (waits briefly for it to arrive).
    public func output() -> String {
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var poller = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, 100) > 0 {
            let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            collected += buffer[0..<count]
        }
        return String(decoding: collected, as: UTF8.self)
    }
}

/// termios as bytes, to compare two settings exactly.
public func bytes(of settings: termios) -> [UInt8] {
    withUnsafeBytes(of: settings) { Array($0) }
}
