import Foundation

/// Where a path leads, as the system finds it: the real folder (every symlink in it resolved), the
/// last name (a symlink there followed too, even one pointing at a file not made yet), and what is
/// there now, if anything. Two paths that lead to one file compare equal by `identity`; two that
/// lead to one place not made yet compare equal by `path`.
package struct FileLocation: Equatable {
    /// The device and inode of a file: the same for every hard link and symlink to it.
    package struct Identity: Hashable {
        package let device: UInt64
        let inode: UInt64

        package init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// What kind of thing is at the path.
    package enum Kind: Equatable {
        case none, regular, directory, stream, other
    }

    /// The resolved absolute path.
    package let path: String
    /// Its real folder.
    package let folder: String
    /// Its last name in that folder.
    package let name: String
    /// What is there.
    package let kind: Kind
    /// The file's identity, when something is there.
    package let identity: Identity?

    /// Resolves `given`; throws the `errno` of the step that failed (ENOENT or ENOTDIR for a folder
    /// that does not exist, ELOOP for a symlink cycle).
    package static func resolve(_ given: String) throws(Errno) -> FileLocation {
        // The kernel's view first: `/dev/stdout` and `/proc/self/fd/N` lead to what the descriptor is
        // (a pipe has no name to follow), and a hard link has no other name at all.
        var status = stat()
        let found = stat(given, &status) == 0
        var current = given
        for _ in 0..<40 {
            let (folderPart, name) = split(current)
            if name.isEmpty || name == "." || name == ".." {
                guard let real = realPath(current) else { throw Errno(errno) }
                return FileLocation(
                    path: real, folder: real, name: "", kind: .directory, identity: found ? Identity(status) : nil)
            }
            guard let folder = realPath(folderPart) else { throw Errno(errno) }
            let full = folder == "/" ? "/" + name : folder + "/" + name
            var link = stat()
            if lstat(full, &link) == 0 {
                if link.st_mode & S_IFMT == S_IFLNK, let target = readLink(full) {
                    current = target.hasPrefix("/") ? target : folder + "/" + target
                    continue
                }
                // A name that is there: the kernel's view of it, the link's own when it can see no further.
                let seen = found || stat(full, &status) == 0
                return FileLocation(
                    path: full, folder: folder, name: name, kind: seen ? Self.kind(status) : .other,
                    identity: seen ? Identity(status) : Identity(link))
            }
            if errno != ENOENT { throw Errno(errno) }
            // Nothing by that name; the kernel may still see something (a pipe behind /dev/stdout).
            return FileLocation(
                path: full, folder: folder, name: name, kind: found ? Self.kind(status) : .none,
                identity: found ? Identity(status) : nil)
        }
        throw Errno(ELOOP)
    }

    /// The identity of what `path` leads to now, or nil when nothing is there.
    package static func identity(of path: String) -> Identity? {
        var status = stat()
        return stat(path, &status) == 0 ? Identity(status) : nil
    }

    /// What `path` leads to, found without opening it (nil when nothing is there): a FIFO or a
    /// device must never be opened to find out, as reading one waits for a writer, or never ends.
    package static func kind(of path: String) -> Kind? {
        var status = stat()
        return stat(path, &status) == 0 ? kind(status) : nil
    }

    /// The identity of what a descriptor is open on.
    package static func identity(ofDescriptor descriptor: Int32) -> (identity: Identity, kind: Kind)? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? (Identity(status), kind(status)) : nil
    }

    /// The folder part (`.` when there is none) and the last name of a path.
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private static func kind(_ status: stat) -> Kind {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFCHR, S_IFIFO: return .stream
        default: return .other
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A system error number, thrown where only the number matters.
package struct Errno: Error, Equatable {
    package let code: Int32

    package init(_ code: Int32) { self.code = code }
}
