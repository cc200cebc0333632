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

    deinit {
        if descriptor > 0 { close(descriptor) }
    }

    /// Reads up to `count` bytes; 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
        while true {
            let result = Foundation.read(descriptor, buffer, count)
            if result >= 0 { return result }
            if errno == EINTR { continue }
            throw AlmanacError(
                .ioError, "import.error.read-failed", ["path": displayName, "reason": String(cString: strerror(errno))])
        }
    }
}
