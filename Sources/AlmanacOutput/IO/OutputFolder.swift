import Foundation

/// The folder an output is written into, opened once, when the output is claimed, and held by its
/// descriptor: the temporary file is made, checked and renamed relative to it (`openat`, `renameat`),
/// so a folder renamed or swapped for a symlink after the check cannot send the file elsewhere. It
/// is reached by a walk from `/` that follows no symlink, so the folder held is the one the guard
/// resolved and checked, not what a link put in its place meanwhile.
package final class OutputFolder {
    /// The descriptor; read-only when the folder may be read (so it can be synchronized), else `O_PATH`.
    package let descriptor: Int32
    /// The real path the folder had when it was opened, for messages and for SQLite (`Backup`).
    package let path: String
    /// The folder's device and inode.
    package let identity: FileLocation.Identity
    private let readable: Bool

    /// Opens the folder at `path`, a real path (absolute, no symlink in it, as `FileLocation` gives).
    /// Throws ELOOP or ENOTDIR when a part of it was swapped for a symlink or a file since it was
    /// resolved, and the `errno` of any other failure.
    package init(path: String) throws(Errno) {
        var current = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { throw Errno(errno) }
        for part in path.split(separator: "/") {
            let next = openat(current, String(part), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            close(current)
            guard next >= 0 else { throw Errno(code) }
            current = next
        }
        // A descriptor that can read the folder can also synchronize it (after a rename).
        let reading = openat(current, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if reading >= 0 {
            close(current)
            current = reading
        }
        var status = stat()
        guard fstat(current, &status) == 0 else {
            let code = errno
            close(current)
            throw Errno(code)
        }
        descriptor = current
        readable = reading >= 0
        identity = FileLocation.Identity(status)
        self.path = path
    }

    deinit { close(descriptor) }

    /// What `name` in the folder is now, not following a symlink; nil when there is nothing.
    package func status(of name: String) -> stat? {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
    }

    /// Makes a new, empty file `name` (mode 0644 less the umask); never follows a symlink or opens
    /// a file that is there. Returns the descriptor, or -1 with `errno`.
    package func create(_ name: String) -> Int32 {
        openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
    }

    /// Renames `from` over `to`, both in this folder.
    package func rename(_ from: String, over to: String) -> Bool {
        renameat(descriptor, from, descriptor, to) == 0
    }

    /// Links `from` as `to` (which must not exist), both in this folder.
    package func link(_ from: String, as to: String) -> Bool {
        linkat(descriptor, from, descriptor, to, 0) == 0
    }

    /// Removes `name` from the folder.
    package func remove(_ name: String) {
        unlinkat(descriptor, name, 0)
    }

    /// Puts the folder's entries (a rename) on the disk; nothing for a folder that cannot be read.
    package func synchronize() {
        if readable { fsync(descriptor) }
    }

    /// Puts every written byte of the folder's file system on the disk: one call for many files,
    /// where a `fsync` each would wait for the disk once per file. `name`, a file in the folder, is
    /// the way in when the folder could not be opened for reading (an `O_PATH` descriptor cannot be
    /// synchronized). Throws the `errno` of a write the system could not complete.
    func synchronizeFileSystem(through name: String) throws(Errno) {
        let handle = readable ? descriptor : openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard handle >= 0 else { throw Errno(errno) }
        defer { if handle != descriptor { close(handle) } }
        if syncfs(handle) != 0 { throw Errno(errno) }
    }
}

/// `O_PATH` (Linux): a descriptor that names a folder without reading it, for `openat` and the
/// other `…at` calls; Glibc's module for Swift does not export it.
// swift-format-ignore: AlwaysUseLowerCamelCase
let O_PATH: Int32 = 0o10000000

/// `syncfs(2)` (Linux): synchronizes the file system holding a descriptor and reports a write it
/// could not complete; declared under `_GNU_SOURCE`, which Glibc's module for Swift does not set.
@_silgen_name("syncfs") private func syncfs(_ descriptor: Int32) -> Int32
