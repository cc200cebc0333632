import AlmanacText
import Foundation

/// Output that could not be written or created, with the system's error: a write to standard
/// output, standard error or a file (exit 74), or a file that could not be created (exit 73). A
/// closed pipe (`| head`) is the reader's choice and ends quietly.
public struct WriteFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the bytes were going.
    public enum Stream: Equatable, Sendable {
        case standardOutput, standardError
        case file(String)
        /// A temporary file in a folder (a long table's cells, kept between its two passes).
        case temporary(folder: String)
    }

    /// Where the bytes were going.
    public let stream: Stream
    /// The `errno` of the failed call.
    public let code: Int32
    /// Which kind of failure: `.ioError` for a write, `.cannotCreate` for a file not made.
    public let failure: Failure

    /// A failed write to `stream` with `errno` `code`.
    public init(stream: Stream, code: Int32, failure: Failure = .ioError) {
        self.stream = stream
        self.code = code
        self.failure = failure
    }

    /// True when the reader had closed the pipe (EPIPE) on standard output: nothing to report.
    public var isBrokenPipe: Bool { code == EPIPE && stream == .standardOutput }

    /// The message in the localizer's language, naming where the write went and why.
    public func message(_ localizer: Localizer) -> String {
        let reason = Self.reasonKeys[code].map { localizer($0) } ?? String(cString: strerror(code))
        switch (stream, failure) {
        case (.standardOutput, _): return localizer("write.error.stdout", ["reason": reason])
        case (.standardError, _): return localizer("write.error.stderr", ["reason": reason])
        case (.file(let path), .cannotCreate): return localizer("write.error.create", ["path": path, "reason": reason])
        case (.file(let path), _): return localizer("write.error.file", ["path": path, "reason": reason])
        case (.temporary(let folder), _):
            return localizer("write.error.temporary", ["folder": folder, "reason": reason])
        }
    }

    /// The message in English.
    public var description: String { message(.english) }

    /// The system errors people meet when writing, in their own words (others keep the system's).
    static let reasonKeys: [Int32: String] = [
        ENOSPC: "write.reason.no-space", EDQUOT: "write.reason.quota", EIO: "write.reason.io",
        EFBIG: "write.reason.too-big",
        EROFS: "write.reason.read-only", EACCES: "write.reason.permission", EPERM: "write.reason.permission",
        EPIPE: "write.reason.closed-pipe", ENOENT: "write.reason.no-folder", ENOTDIR: "write.reason.no-folder",
        ELOOP: "write.reason.loop",
    ]
}
