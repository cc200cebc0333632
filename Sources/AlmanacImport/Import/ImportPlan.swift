import AlmanacKinds
import AlmanacText
import Foundation

/// One file to import: its kind, its name as messages give it, and for a folder's file the file
/// itself, opened inside the folder when the plan was made (never by its path again, which could
/// lead elsewhere by then).
public struct ImportSource {
    /// The kind of its rows.
    public let kind: ImportKind
    /// The file as named (`-` is standard input; a folder's file is `FOLDER/books.csv`).
    public let path: String
    /// The file, opened already; nil opens `path` when its turn comes.
    let opened: InputFile?

    /// A file opened by its path when its turn comes.
    public init(kind: ImportKind, path: String) {
        self.kind = kind
        self.path = path
        opened = nil
    }

    init(kind: ImportKind, opened: InputFile) {
        self.kind = kind
        path = opened.path
        self.opened = opened
    }
}

/// Turns `import` arguments into files to read: `KIND FILE…` (FILE `-` is standard input), or one
/// directory whose known files (`books.csv`, …) are read in dependency order.
public enum ImportPlan {
    /// The files and their kinds, in the order they are imported; notes for files a directory holds
    /// that are not a known kind. A folder's files must be regular files inside it: a symbolic link
    /// is refused unless `followLinks`, and a FIFO, device or folder always (see `openInside`).
    public static func resolve(_ arguments: [String], followLinks: Bool = false) throws -> (
        files: [ImportSource], ignored: [String]
    ) {
        guard let first = arguments.first else {
            throw AlmanacError(.usage, "import.error.no-arguments", ["kinds": kindList])
        }
        var isDirectory: ObjCBool = false
        if arguments.count == 1, FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            return try directory(first, followLinks: followLinks)
        }
        guard let kind = KindRegistry.kind(named: first) else {
            throw AlmanacError(.usage, "import.error.unknown-kind", ["kind": first, "kinds": kindList])
        }
        let paths = Array(arguments.dropFirst())
        guard !paths.isEmpty else { throw AlmanacError(.usage, "import.error.no-files", ["kind": kind.rawValue]) }
        if paths.filter({ $0 == "-" }).count > 1 { throw AlmanacError(.usage, "import.error.stdin-twice") }
        return (paths.map { ImportSource(kind: kind, path: $0) }, [])
    }

    /// The kinds, comma-separated, for messages.
    public static var kindList: String { KindRegistry.listed.map(\.rawValue).joined(separator: ", ") }

    private static func directory(_ path: String, followLinks: Bool) throws -> (
        files: [ImportSource], ignored: [String]
    ) {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            throw AlmanacError(
                .missingInput, "import.error.cannot-open", ["path": path, "reason": String(cString: strerror(errno))])
        }
        defer { close(folder) }
        let names = try entries(folder, path: path)
        // Paths stay as the user wrote the directory, so messages name `data/books.csv`, not an absolute path.
        func inside(_ name: String) -> String { path.hasSuffix("/") ? path + name : path + "/" + name }
        let kinds = KindRegistry.kinds.filter { names.contains($0.fileName) }
        guard !kinds.isEmpty else {
            throw AlmanacError(
                .missingInput, "import.error.empty-directory",
                [
                    "path": path,
                    "files": KindRegistry.kinds.map(\.fileName).joined(separator: ", "),
                ])
        }
        let files = try kinds.map { kind in
            ImportSource(
                kind: kind,
                opened: try openInside(folder, kind.fileName, path: inside(kind.fileName), followLinks: followLinks))
        }
        let known = Set(KindRegistry.kinds.map(\.fileName))
        let ignored = names.filter { $0.hasSuffix(".csv") && !known.contains($0) }.sorted().map(inside)
        return (files, ignored)
    }

    /// The names in the open folder.
    private static func entries(_ folder: Int32, path: String) throws -> Set<String> {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            throw AlmanacError(
                .missingInput, "import.error.cannot-open", ["path": path, "reason": String(cString: strerror(errno))])
        }
        defer { closedir(stream) }
        var names: Set<String> = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.insert(name) }
        }
        return names
    }

    /// Opens `name` inside the folder, relative to its descriptor: a regular file only, never by
    /// blocking on a FIFO or opening a device (its type is looked at first, and again on the file
    /// opened, with O_NONBLOCK), and a symbolic link only with `followLinks` (O_NOFOLLOW otherwise).
    static func openInside(_ folder: Int32, _ name: String, path: String, followLinks: Bool) throws -> InputFile {
        var link = stat()
        guard fstatat(folder, name, &link, AT_SYMLINK_NOFOLLOW) == 0 else { throw cannotOpen(path) }
        let isLink = link.st_mode & S_IFMT == S_IFLNK
        if isLink && !followLinks { throw AlmanacError(.missingInput, "import.error.link", ["path": path]) }
        var target = link
        if isLink && fstatat(folder, name, &target, 0) != 0 { throw cannotOpen(path) }
        try requireRegular(target, path: path)
        let descriptor = openat(
            folder, name, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (followLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            if errno == ELOOP { throw AlmanacError(.missingInput, "import.error.link", ["path": path]) }
            throw cannotOpen(path)
        }
        var opened = stat()
        do {
            guard fstat(descriptor, &opened) == 0 else { throw cannotOpen(path) }
            // Swapped since it was looked at: what was opened is what counts.
            try requireRegular(opened, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return InputFile(opened: descriptor, path: path, size: Int(opened.st_size), throughLink: isLink)
    }

    private static func requireRegular(_ info: stat, path: String) throws {
        let type: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: type = "folder"
        case S_IFIFO: type = "fifo"
        case S_IFCHR, S_IFBLK: type = "device"
        case S_IFSOCK: type = "socket"
        default: type = "other"
        }
        throw AlmanacError(.missingInput, "import.error.not-regular." + type, ["path": path])
    }

    private static func cannotOpen(_ path: String) -> AlmanacError {
        AlmanacError(
            .missingInput, "import.error.cannot-open", ["path": path, "reason": String(cString: strerror(errno))])
    }
}
