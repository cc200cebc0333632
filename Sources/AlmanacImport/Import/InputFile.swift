import AlmanacKinds
import AlmanacText
import Foundation

/// A file (or standard input) read in large chunks with `read(2)`.
final class InputFile {
    /// The name as the user gave it; `-` is standard input.
    let path: String
    /// The name diagnostics use (`<stdin>` for `-`).
    let displayName: String
    /// The size in bytes when known (a regular file), for progress.
    let size: Int?
    /// True for a folder's file reached through a symbolic link (`import DIR --follow-links`): its
    /// refused header is named by column number, never echoed (the link may lead anywhere).
    let throughLink: Bool
    private let descriptor: Int32
    /// Bytes read ahead (`peek`) or given (`init(bytes:)`), handed out before the descriptor's.
    private var pending: [UInt8] = []
    private var pendingStart = 0

    /// Opens a file for reading; `-` is standard input.
    init(path: String) throws {
        self.path = path
        throughLink = false
        if path == "-" {
            descriptor = 0
            displayName = "<stdin>"
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            displayName = path
            guard descriptor >= 0 else {
                throw AlmanacError(
                    .missingInput, "import.error.cannot-open",
                    ["path": path, "reason": String(cString: strerror(errno))])
            }
        }
        var info = stat()
        if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
            size = Int(info.st_size)
        } else if path != "-" && fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw AlmanacError(.missingInput, "import.error.cannot-open", ["path": path, "reason": "Is a directory"])
        } else {
            size = nil
        }
    }

    /// A regular file opened already (a folder's, `ImportPlan`), which this one owns and closes.
    init(opened descriptor: Int32, path: String, size: Int, throughLink: Bool) {
        self.path = path
        displayName = path
        self.descriptor = descriptor
        self.size = size
        self.throughLink = throughLink
    }

    /// Bytes made here (an iCalendar file's rows, `CalendarRows`) read as the file `path`.
    init(bytes: [UInt8], path: String) {
        self.path = path
        displayName = path == "-" ? "<stdin>" : path
        descriptor = -1
        size = bytes.count
        throughLink = false
        pending = bytes
    }

    /// The first bytes (up to `count`), which `read` still hands out.
    func peek(_ count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = try buffer.withUnsafeMutableBytes {
                try readDescriptor(into: $0.baseAddress! + filled, count: count - filled)
            }
            if got == 0 { break }
            filled += got
        }
        pending = Array(buffer[..<filled]) + pending[pendingStart...]
        pendingStart = 0
        return Array(pending.prefix(count))
    }

    /// Everything left to read.
    func readAll() throws -> [UInt8] {
        var all = Array(pending[pendingStart...])
        pending = []
        pendingStart = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = try buffer.withUnsafeMutableBytes { try readDescriptor(into: $0.baseAddress!, count: $0.count) }
            if got == 0 { return all }
            all += buffer[..<got]
        }
    }

    deinit {
        if descriptor > 0 { close(descriptor) }
    }

    /// Reads up to `count` bytes; 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
        if pendingStart < pending.count {
            let taken = min(count, pending.count - pendingStart)
            pending.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + pendingStart, byteCount: taken) }
            pendingStart += taken
            if pendingStart == pending.count { (pending, pendingStart) = ([], 0) }
            return taken
        }
        return try readDescriptor(into: buffer, count: count)
    }

    private func readDescriptor(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
        guard descriptor >= 0 else { return 0 }
        while true {
            let result = Foundation.read(descriptor, buffer, count)
            if result >= 0 { return result }
            if errno == EINTR { continue }
            throw AlmanacError(
                .ioError, "import.error.read-failed", ["path": displayName, "reason": String(cString: strerror(errno))])
        }
    }
}
