import AlmanacText
import Foundation

/// The files one run may write, checked before a byte is written: every writer (`--rejects` and the
/// names derived from it, `export --out`, and any later one) claims its file here and gets an
/// `OutputTarget`, the only way to open a file for writing.
///
/// A claim is refused (a usage error naming the option, the path and why) when the path leads to
/// the database or its `-wal`, `-shm` or `-journal` file, to an input of the run, or to a file
/// another output of the run claimed — compared by device and inode where the file exists, so hard
/// links and symlinks count, and by resolved path where it does not yet; when it is an existing file
/// and `force` is off; when it is a folder or a special file other than a character device or a FIFO
/// (and those too where the output must be a file). A folder that does not exist is a file that
/// cannot be created (exit 73).
///
/// The claim opens the file's folder (`OutputFolder`) and the target keeps it: the file is made and
/// renamed relative to that folder, and checked against the protected files once more, by device
/// and inode, just before the rename. Each check is a lookup by key, so a run of many files claims
/// them in time that grows with their number.
public struct OutputGuard {
    /// What a claimed path must not be.
    package enum Protected: Equatable {
        case database(String)
        case sideFile(String, suffix: String)
        case input(String)
        case output(String)
    }

    /// A file's name in a folder, the folder known by its device and inode.
    package struct Place: Hashable {
        package let folder: FileLocation.Identity
        package let name: String
    }

    /// The protected files of a run, by device and inode, by resolved path and by place; shared with
    /// the targets, which look their name up again before the rename. The first file registered
    /// under a key keeps it (the database before an input, an input before an output).
    package final class ProtectedFiles {
        private var byIdentity: [FileLocation.Identity: (order: Int, role: Protected)] = [:]
        private var byPath: [String: (order: Int, role: Protected)] = [:]
        private var byPlace: [Place: (order: Int, role: Protected)] = [:]
        private var count = 0
        /// How many lookups the checks made: a claim makes a fixed number, however many came before.
        private(set) var lookups = 0

        package func add(_ role: Protected, identity: FileLocation.Identity?, path: String?, place: Place?) {
            count += 1
            let entry = (count, role)
            if let identity, byIdentity[identity] == nil { byIdentity[identity] = entry }
            if let path, byPath[path] == nil { byPath[path] = entry }
            if let place, byPlace[place] == nil { byPlace[place] = entry }
        }

        /// The earliest protected file that is `identity`, at `path` or at `place`.
        package func find(identity: FileLocation.Identity?, path: String?, place: Place?) -> Protected? {
            var found: [(order: Int, role: Protected)] = []
            if let identity {
                lookups += 1
                if let entry = byIdentity[identity] { found.append(entry) }
            }
            if let path {
                lookups += 1
                if let entry = byPath[path] { found.append(entry) }
            }
            if let place {
                lookups += 1
                if let entry = byPlace[place] { found.append(entry) }
            }
            return found.min { $0.order < $1.order }?.role
        }
    }

    let protected = ProtectedFiles()
    /// The folders opened so far, by real path: every output in one folder shares its descriptor.
    private var folders: [String: OutputFolder] = [:]
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
                    protected.add(.input(input), identity: identity, path: nil, place: nil)
                }
            } else {
                protect(input, .input(input))
            }
        }
    }

    private func protect(_ path: String, _ role: Protected) {
        let location = try? FileLocation.resolve(path)
        protected.add(
            role, identity: location?.identity ?? FileLocation.identity(of: path), path: location?.path,
            place: location.flatMap(Self.place))
    }

    /// Where a resolved location is, by its folder's device and inode; nil when the folder is not there.
    package static func place(_ location: FileLocation) -> Place? {
        guard !location.name.isEmpty, let folder = FileLocation.identity(of: location.folder) else { return nil }
        return Place(folder: folder, name: location.name)
    }

    /// Checks `path`, given with `option` (`--out`), and reserves it for this run. `derived` names
    /// the path the user typed and the input when the file's name was made from them (the rejects of
    /// one input among several), so a refusal names both. `fileOnly` refuses a character device or
    /// a FIFO too: the output must be a file of its own (a database copy, a site's page).
    public mutating func claim(
        _ path: String, option: String, derived: (base: String, input: String)? = nil,
        fileOnly: Bool = false
    ) throws -> OutputTarget {
        var arguments = ["option": option, "path": path]
        if let derived { arguments.merge(["base": derived.base, "input": derived.input]) { $1 } }
        let refusal = OutputTarget.Refusal(
            keyPrefix: derived == nil ? "write.refused." : "write.refused-derived.", arguments: arguments)
        guard !path.isEmpty, !path.utf8.contains(0) else { throw refusal("empty") }
        // A file that cannot be made is exit 73, named with its option like every refusal.
        func cannotCreate(_ code: Int32) -> Error {
            let folder = FileLocation.split(path).folder
            switch code {
            case ENOENT, ENOTDIR:
                return AlmanacError(
                    .cannotCreate, refusal.keyPrefix + "no-folder", arguments.merging(["folder": folder]) { $1 })
            case EACCES, EPERM, EROFS:
                return AlmanacError(
                    .cannotCreate, refusal.keyPrefix + "no-permission", arguments.merging(["folder": folder]) { $1 })
            default: return WriteFailure(stream: .file(path), code: code, failure: .cannotCreate)
            }
        }
        let location: FileLocation
        do {
            location = try FileLocation.resolve(path)
        } catch {
            throw cannotCreate(error.code)
        }
        if let role = protected.find(identity: location.identity, path: location.path, place: nil) {
            throw refusal(role)
        }
        let isDescriptor = Self.namesADescriptor(path)
        switch location.kind {
        case .directory: throw refusal("directory")
        case .other: throw refusal("special")
        case .stream where fileOnly: throw refusal("special")
        case .regular where !force && !isDescriptor: throw refusal("exists")
        default: break
        }
        let stream = location.kind == .stream || isDescriptor
        if stream {
            protected.add(.output(path), identity: location.identity, path: location.path, place: nil)
            return OutputTarget(
                shown: path, location: location, folder: nil, protected: protected, refusal: refusal,
                isStream: true, replaces: false)
        }
        if access(location.folder, W_OK) != 0 { throw cannotCreate(errno) }
        // A folder is opened once, at its first claim, and kept under the name it was given as well as
        // where it led: a later file named in the same folder (a site's pages, an export's files) goes
        // into the folder that was checked, even if the name has been swapped for a link since.
        let given = FileLocation.split(path).folder
        let folder: OutputFolder
        if let opened = folders[given] ?? folders[location.folder] {
            folder = opened
        } else {
            do {
                folder = try OutputFolder(path: location.folder)
            } catch {
                throw cannotCreate(error.code)
            }
            folders[location.folder] = folder
        }
        folders[given] = folder
        // The name as the folder now holds it: what was resolved may have been swapped since.
        let seen = folder.status(of: location.name)
        let place = Place(folder: folder.identity, name: location.name)
        if let role = protected.find(identity: seen.map(FileLocation.Identity.init), path: nil, place: place) {
            throw refusal(role)
        }
        protected.add(.output(path), identity: location.identity, path: location.path, place: place)
        return OutputTarget(
            shown: path, location: location, folder: folder, protected: protected, refusal: refusal,
            isStream: false, replaces: location.kind == .regular)
    }

    /// How many lookups this guard's checks made (`OutputGuardTests`).
    var lookups: Int { protected.lookups }

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
