import Foundation

/// The files one run may write, checked before a byte is written: every writer (`--rejects` and the
/// names derived from it, `export --out`, and any later one) claims its file here and gets an
/// `OutputTarget`, the only way to open a file for writing.
///
/// A claim is refused (a usage error naming the option, the path and why) when the path leads to
/// the database or its `-wal`, `-shm` or `-journal` file, to an input of the run, or to a file
/// another output of the run claimed — compared by device and inode where the file exists, so hard
/// links and symlinks count, and by resolved path where it does not yet; when it is an existing file
/// and `force` is off; when it is a folder or a special file other than a character device or a FIFO.
/// A folder that does not exist is a file that cannot be created (exit 73).
public struct OutputGuard {
    /// What a claimed path must not be.
    enum Protected: Equatable {
        case database(String), sideFile(String, suffix: String), input(String), output(String)
    }

    private var protected: [(location: FileLocation?, identity: FileLocation.Identity?, role: Protected)] = []
    /// Replace existing files (`--force`).
    public let force: Bool

    /// A guard for one run over the database at `database` (nil when the run has none) reading
    /// `inputs` (`-` is standard input, counted when it is a file).
    public init(database: String?, inputs: [String] = [], force: Bool = false) {
        self.force = force
        if let database {
            let given = try? FileLocation.resolve(database)
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let role: Protected = suffix.isEmpty ? .database(database) : .sideFile(database, suffix: suffix)
                // SQLite names the side files after the path it opened, which may be a symlink: both count.
                for path in Set([database + suffix, (given?.path).map { $0 + suffix }].compactMap { $0 }) {
                    protect(path, role)
                }
            }
        }
        for input in inputs {
            if input == "-" {
                if let (identity, kind) = FileLocation.identity(ofDescriptor: STDIN_FILENO), kind == .regular {
                    protected.append((nil, identity, .input(input)))
                }
            } else {
                protect(input, .input(input))
            }
        }
    }

    private mutating func protect(_ path: String, _ role: Protected) {
        let location = try? FileLocation.resolve(path)
        protected.append((location, location?.identity ?? FileLocation.identity(of: path), role))
    }

    /// Checks `path`, given with `option` (`--out`), and reserves it for this run. `derived` names
    /// the path the user typed and the input when the file's name was made from them (the rejects of
    /// one input among several), so a refusal names both.
    public mutating func claim(_ path: String, option: String, derived: (base: String, input: String)? = nil) throws -> OutputTarget {
        var arguments = ["option": option, "path": path]
        if let derived { arguments.merge(["base": derived.base, "input": derived.input]) { $1 } }
        let keyPrefix = derived == nil ? "write.refused." : "write.refused-derived."
        func refuse(_ reason: String, _ extra: [String: String] = [:]) -> AlmanacError {
            AlmanacError(.usage, keyPrefix + reason, arguments.merging(extra) { $1 })
        }
        guard !path.isEmpty, !path.utf8.contains(0) else { throw refuse("empty") }
        // A file that cannot be made is exit 73, named with its option like every refusal.
        func cannotCreate(_ code: Int32) -> Error {
            let folder = FileLocation.split(path).folder
            switch code {
            case ENOENT, ENOTDIR: return AlmanacError(.cannotCreate, keyPrefix + "no-folder", arguments.merging(["folder": folder]) { $1 })
            case EACCES, EPERM, EROFS: return AlmanacError(.cannotCreate, keyPrefix + "no-permission", arguments.merging(["folder": folder]) { $1 })
            default: return WriteFailure(stream: .file(path), code: code, failure: .cannotCreate)
            }
        }
        let location: FileLocation
        do {
            location = try FileLocation.resolve(path)
        } catch {
            throw cannotCreate(error.code)
        }
        for entry in protected {
            let same = (entry.identity != nil && entry.identity == location.identity) || entry.location?.path == location.path
            guard same else { continue }
            switch entry.role {
            case .database(let database): throw refuse("database", ["database": database])
            case .sideFile(let database, let suffix): throw refuse("side-file", ["database": database, "suffix": suffix])
            case .input(let input): throw refuse("input", ["other": input == "-" ? "<stdin>" : input])
            case .output(let other): throw refuse("twice", ["other": other])
            }
        }
        let isDescriptor = Self.namesADescriptor(path)
        switch location.kind {
        case .directory: throw refuse("directory")
        case .other: throw refuse("special")
        case .regular where !force && !isDescriptor: throw refuse("exists")
        default: break
        }
        let stream = location.kind == .stream || isDescriptor
        if !stream && access(location.folder, W_OK) != 0 { throw cannotCreate(errno) }
        protected.append((location, location.identity, .output(path)))
        return OutputTarget(shown: path, location: location, isStream: stream, replaces: location.kind == .regular)
    }

    /// True for `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/…/fd/N`: a descriptor the shell
    /// opened, written as a stream whatever it leads to (`> file` made the file already). Any other
    /// path under `/dev` (`/dev/shm/…`) is a path like any other.
    static func namesADescriptor(_ path: String) -> Bool {
        path == "/dev/stdout" || path == "/dev/stderr" || path.hasPrefix("/dev/fd/")
            || (path.hasPrefix("/proc/") && path.split(separator: "/").dropLast().last == "fd")
    }

    /// Claims `path` and writes it through `body` into a temporary file beside it, which is put in
    /// place only when `body` returns and every byte is on the disk: the one call a writer needs.
    @discardableResult
    public mutating func write<T>(_ path: String, option: String, _ body: (OutputWriter) throws -> T) throws -> T {
        let file = try claim(path, option: option).open()
        let result = try body(file.writer)
        try file.commit()
        return result
    }
}
