import Foundation

/// A file an `OutputGuard` let this run write. `open()` starts it: a regular file is written under a
/// temporary name beside the target (same folder, so the rename is atomic), created with `O_EXCL`
/// and mode 0644 less the umask; a character device or a FIFO (`/dev/stdout`, a named pipe) is
/// written as it is.
public struct OutputTarget {
    /// The path as the user gave it (or as derived), for messages.
    public let shown: String
    let location: FileLocation
    let isStream: Bool
    /// True when the target existed when it was claimed (only with `force`).
    let replaces: Bool

    /// Opens the target for writing.
    public func open() throws -> OutputFile {
        if isStream {
            let descriptor = Foundation.open(shown, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else { throw WriteFailure(stream: .file(shown), code: errno, failure: .cannotCreate) }
            return OutputFile(target: self, descriptor: descriptor, temporary: nil)
        }
        let pid = getpid()
        let stem = location.name.utf8.count <= 200 ? location.name : "almanac"
        for attempt in 0..<100 {
            let temporary = location.folder + "/." + stem + ".\(pid)-\(attempt).tmp"
            let descriptor = Foundation.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if descriptor >= 0 { return OutputFile(target: self, descriptor: descriptor, temporary: temporary) }
            if errno != EEXIST { throw WriteFailure(stream: .file(shown), code: errno, failure: .cannotCreate) }
        }
        throw WriteFailure(stream: .file(shown), code: EEXIST, failure: .cannotCreate)
    }
}

/// An output file being written. `commit()` puts it in place: every byte written and flushed to
/// the disk, then the temporary renamed over the target (and the folder synchronized). Dropped
/// without a commit, or after any failure, the temporary is removed and the target is as it was.
public final class OutputFile {
    /// Where the bytes go.
    public let writer: OutputWriter
    private let target: OutputTarget
    private var temporary: String?
    private var open = true

    init(target: OutputTarget, descriptor: Int32, temporary: String?) {
        self.target = target
        self.temporary = temporary
        writer = OutputWriter(descriptor: descriptor, path: target.shown)
    }

    deinit { discard() }

    /// The temporary file the bytes go to before `commit` (nil for a stream), for a writer that is
    /// not this process's descriptor: SQLite's `VACUUM INTO` (`Backup`).
    public var temporaryPath: String? { temporary }

    /// Every byte written and on the disk, still under the temporary name (`commit` or `publish`
    /// puts it in place). An import finishes its rejects files this way before its COMMIT.
    public func finish() throws {
        do {
            try writer.synchronize()
        } catch {
            discard()
            throw error
        }
    }

    /// Puts the finished file in place: renamed over the target, or linked to a target that did not
    /// exist (so a file someone made meanwhile is never replaced without `--force`).
    public func publish() throws {
        defer { discard() }
        guard open else { return }
        if close(writer.descriptor) != 0 {
            open = false
            throw WriteFailure(stream: .file(target.shown), code: errno)
        }
        open = false
        guard let temporary else { return }
        let destination = target.location.path
        if !target.replaces && link(temporary, destination) == 0 {
            unlink(temporary)
        } else if !target.replaces && errno == EEXIST {
            throw AlmanacError(.cannotCreate, "write.error.appeared", ["path": target.shown])
        } else if rename(temporary, destination) != 0 {
            throw WriteFailure(stream: .file(target.shown), code: errno, failure: .cannotCreate)
        }
        self.temporary = nil
        // The rename is on the disk only once the folder is.
        let folder = Foundation.open(target.location.folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// `finish` then `publish`.
    public func commit() throws {
        try finish()
        try publish()
    }

    /// Abandons the file: the temporary is removed, the target left as it was.
    public func discard() {
        writer.discard()
        if open {
            close(writer.descriptor)
            open = false
        }
        if let temporary {
            unlink(temporary)
            self.temporary = nil
        }
    }
}
