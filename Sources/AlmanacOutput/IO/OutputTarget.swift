import AlmanacText
import Foundation

/// A file an `OutputGuard` let this run write. `open()` starts it: a regular file is written under a
/// temporary name in the folder the guard opened (so the rename is atomic), created with `O_EXCL`
/// and mode 0644 less the umask; a character device or a FIFO (`/dev/stdout`, a named pipe) is
/// written as it is, opened without waiting (a FIFO no program reads is refused, never waited for).
public struct OutputTarget {
    /// How a refusal of this target is worded: its keys' prefix and the option and path it names.
    package struct Refusal {
        let keyPrefix: String
        package let arguments: [String: String]

        package func callAsFunction(_ reason: String, _ extra: [String: String] = [:]) -> AlmanacError {
            AlmanacError(.usage, keyPrefix + reason, arguments.merging(extra) { $1 })
        }

        /// The refusal of a path that leads to a protected file.
        package func callAsFunction(_ role: OutputGuard.Protected) -> AlmanacError {
            switch role {
            case .database(let database): self("database", ["database": database])
            case .sideFile(let database, let suffix): self("side-file", ["database": database, "suffix": suffix])
            case .input(let input): self("input", ["other": input == "-" ? "<stdin>" : input])
            case .output(let other): self("twice", ["other": other])
            }
        }
    }

    /// The path as the user gave it (or as derived), for messages.
    public let shown: String
    let location: FileLocation
    /// The folder the file is made and renamed in, held since the claim; nil for a stream.
    package let folder: OutputFolder?
    let protected: OutputGuard.ProtectedFiles
    package let refusal: Refusal
    let isStream: Bool
    /// True when the target existed when it was claimed (only with `force`).
    package let replaces: Bool

    /// Opens the target for writing.
    public func open() throws -> OutputFile {
        guard let folder else { return try openStream() }
        let pid = getpid()
        let stem = location.name.utf8.count <= 200 ? location.name : "almanac"
        for attempt in 0..<100 {
            let temporary = "." + stem + ".\(pid)-\(attempt).tmp"
            // Registered before it is made: a signal between the two must not leave it behind.
            let ticket = SignalCleanup.register(folder: folder.descriptor, name: temporary)
            let descriptor = folder.create(temporary)
            if descriptor >= 0 {
                return OutputFile(target: self, descriptor: descriptor, temporary: temporary, ticket: ticket)
            }
            let code = errno
            SignalCleanup.unregister(ticket)
            if code != EEXIST { throw WriteFailure(stream: .file(shown), code: code, failure: .cannotCreate) }
        }
        throw WriteFailure(stream: .file(shown), code: EEXIST, failure: .cannotCreate)
    }

    /// A device or a FIFO, opened without blocking: a FIFO no program reads yet fails at once
    /// (ENXIO) instead of waiting for one. Once open, writes wait as they do on standard output.
    private func openStream() throws -> OutputFile {
        let descriptor = Foundation.open(shown, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENXIO { throw refusal("no-reader") }
            throw WriteFailure(stream: .file(shown), code: errno, failure: .cannotCreate)
        }
        // Still the stream that was claimed (a descriptor path may be anything the shell opened).
        if !OutputGuard.namesADescriptor(shown), FileLocation.identity(ofDescriptor: descriptor)?.kind != .stream {
            close(descriptor)
            throw refusal("special")
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return OutputFile(target: self, descriptor: descriptor, temporary: nil, ticket: nil)
    }

    /// Refuses the rename when the target's name in the folder now is the database, one of its
    /// side files or an input (by device and inode, or by place for a side file not made yet).
    func checkBeforeRename() throws {
        guard let folder else { return }
        let seen = folder.status(of: location.name).map(FileLocation.Identity.init)
        let role = protected.find(
            identity: seen, path: nil, place: OutputGuard.Place(folder: folder.identity, name: location.name))
        if let role, !role.isOutput { throw refusal(role) }
    }
}

extension OutputGuard.Protected {
    var isOutput: Bool { if case .output = self { true } else { false } }
}

/// An output file being written. `commit()` puts it in place: every byte written and flushed to
/// the disk, then the temporary renamed over the target (and the folder synchronized). Dropped
/// without a commit, or after any failure, the temporary is removed and the target is as it was;
/// a signal that ends the process removes it too (`SignalCleanup`).
public final class OutputFile {
    /// Where the bytes go.
    public let writer: OutputWriter
    private let target: OutputTarget
    /// The temporary's name in the target's folder, until it is renamed or removed.
    private var temporary: String?
    private var ticket: SignalCleanup.Ticket?
    /// The temporary's device and inode, to know it is still ours at the rename.
    private let identity: FileLocation.Identity?
    private var open = true

    package init(target: OutputTarget, descriptor: Int32, temporary: String?, ticket: SignalCleanup.Ticket?) {
        self.target = target
        self.temporary = temporary
        self.ticket = ticket
        writer = OutputWriter(descriptor: descriptor, path: target.shown)
        identity = temporary == nil ? nil : FileLocation.identity(ofDescriptor: descriptor)?.identity
    }

    deinit { discard() }

    /// The temporary file's path, for a writer that is not this process's descriptor: SQLite, which
    /// opens the copy `Backup` makes by its name (nil for a stream).
    package var temporaryPath: String? {
        guard let temporary, let folder = target.folder else { return nil }
        return folder.path == "/" ? "/" + temporary : folder.path + "/" + temporary
    }

    /// The size of what was written to the temporary, as its descriptor sees it.
    package var writtenSize: Int64? {
        var status = stat()
        return fstat(writer.descriptor, &status) == 0 ? Int64(status.st_size) : nil
    }

    /// Every byte written and on the disk, still under the temporary name (`commit` or `publish`
    /// puts it in place).
    public func finish() throws {
        do {
            try writer.synchronize()
        } catch {
            discard()
            throw error
        }
    }

    /// Every byte written and the descriptor closed, still under the temporary name, not yet
    /// synchronized: for many files, which `synchronize(_:)` then puts on the disk at once. An
    /// import closes each rejects file so, however many inputs it reads.
    package func close() throws {
        guard open else { return }
        do {
            try writer.flush()
        } catch {
            discard()
            throw error
        }
        open = false
        if Foundation.close(writer.descriptor) != 0 {
            let code = errno
            discard()
            throw WriteFailure(stream: .file(target.shown), code: code)
        }
    }

    /// Closes `files` and puts their bytes on the disk: one `syncfs` per folder, not a `fsync` per file.
    package static func synchronize(_ files: [OutputFile]) throws {
        for file in files { try file.close() }
        var done: Set<ObjectIdentifier> = []
        for file in files {
            guard let folder = file.target.folder, let temporary = file.temporary,
                done.insert(ObjectIdentifier(folder)).inserted
            else { continue }
            do {
                try folder.synchronizeFileSystem(through: temporary)
            } catch {
                for file in files { file.discard() }
                throw WriteFailure(stream: .file(file.target.shown), code: error.code)
            }
        }
    }

    /// Puts the finished file in place: renamed over the target, or linked to a target that did not
    /// exist (so a file someone made meanwhile is never replaced without `--force`), relative to the
    /// folder the claim opened, after checking that the name is not the database or an input now.
    public func publish() throws {
        try place()
        target.folder?.synchronize()
    }

    /// Puts `files` in place, each as `publish` does, synchronizing each folder once at the end.
    package static func publish(_ files: [OutputFile]) throws {
        for file in files { try file.place() }
        var done: Set<ObjectIdentifier> = []
        for file in files {
            guard let folder = file.target.folder, done.insert(ObjectIdentifier(folder)).inserted else { continue }
            folder.synchronize()
        }
    }

    private func place() throws {
        defer { discard() }
        if open {
            open = false
            if Foundation.close(writer.descriptor) != 0 { throw WriteFailure(stream: .file(target.shown), code: errno) }
        }
        guard let temporary, let folder = target.folder else { return }
        try target.checkBeforeRename()
        // Still the file this run made: a name swapped for another file is not put in place.
        guard let identity, folder.status(of: temporary).map(FileLocation.Identity.init) == identity else {
            throw AlmanacError(.cannotCreate, "write.error.moved", ["path": target.shown])
        }
        let name = target.location.name
        if !target.replaces && folder.link(temporary, as: name) {
            folder.remove(temporary)
        } else if !target.replaces && errno == EEXIST {
            throw AlmanacError(.cannotCreate, "write.error.appeared", ["path": target.shown])
        } else if !folder.rename(temporary, over: name) {
            throw WriteFailure(stream: .file(target.shown), code: errno, failure: .cannotCreate)
        }
        self.temporary = nil
        if let ticket { SignalCleanup.unregister(ticket) }
        ticket = nil
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
            Foundation.close(writer.descriptor)
            open = false
        }
        if let temporary, let folder = target.folder {
            folder.remove(temporary)
            self.temporary = nil
        }
        if let ticket { SignalCleanup.unregister(ticket) }
        ticket = nil
    }
}
