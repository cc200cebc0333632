import AlmanacKinds
import AlmanacOutput
import AlmanacText
import Foundation

/// Where the database is, checked before SQLite sees the path: only `init` creates a database, so
/// every other command needs a file that is there, and no command accepts a name SQLite would turn
/// into a database that vanishes (`:memory:`, the empty name) or read as a URI (`file:…?mode=memory`).
public enum DatabaseLocation {
    /// The default database, in the working directory.
    public static let defaultPath = "./almanac.db"

    /// The database of a run: `--db` (`option`), else `$ALMANAC_DB`, else `./almanac.db`. An empty
    /// `$ALMANAC_DB` counts as unset; an empty `--db` is a usage error, as is any name that is not a
    /// plain file path (see `checkIsAFile`).
    public static func resolve(option: String?, environment: [String: String]) throws -> String {
        if let option {
            try checkIsAFile(option, source: "--db")
            return option
        }
        if let variable = environment["ALMANAC_DB"], !variable.isEmpty {
            try checkIsAFile(variable, source: "ALMANAC_DB")
            return variable
        }
        return defaultPath
    }

    /// Refuses, as a usage error naming `source`, a name that SQLite would not open as a file of
    /// its own: the empty name and `:memory:` (databases that vanish when the connection closes) and
    /// URI filenames (`file:x.db?mode=memory`, `file::memory:`), which SQLite may read as options.
    /// A file whose name starts with `file:` is still reachable as `./file:…`.
    public static func checkIsAFile(_ path: String, source: String = "--db") throws {
        if path.isEmpty { throw AlmanacError(.usage, "database.error.empty-path", ["source": source]) }
        if path == ":memory:" { throw AlmanacError(.usage, "database.error.memory", ["source": source, "path": path]) }
        if path.hasPrefix("file:") {
            throw AlmanacError(.usage, "database.error.uri", ["source": source, "path": path])
        }
    }

    /// Every command but `init`: the database must be there, as a file (exit 66 otherwise, with the
    /// hint to create it with `almanac init`). Nothing is created.
    public static func requireExisting(_ path: String) throws {
        try checkIsAFile(path)
        try checkNotSpecial(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw AlmanacError(.missingInput, "database.error.missing", ["path": path])
        }
        if isFolder.boolValue { throw AlmanacError(.missingInput, "database.error.is-folder", ["path": path]) }
    }

    /// `init`: the path can hold a new database, or holds one already (exit 73 for a folder in the
    /// way or a folder that does not exist).
    public static func requireCreatable(_ path: String) throws {
        try checkIsAFile(path)
        try checkNotSpecial(path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw AlmanacError(.cannotCreate, "database.error.is-folder", ["path": path]) }
            return
        }
        let files = DatabaseFiles(path)
        guard FileManager.default.fileExists(atPath: files.folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw AlmanacError(.cannotCreate, "database.error.no-folder", ["path": path, "folder": files.folder])
        }
    }

    /// Refuses, as a usage error naming it, a path that leads to a FIFO, a device or a socket:
    /// reading one as a database would wait for a writer, or never end. `stat` itself never waits.
    package static func checkNotSpecial(_ path: String) throws {
        if let kind = FileLocation.kind(of: path), kind == .stream || kind == .other {
            throw AlmanacError(.usage, "database.error.not-a-file", ["path": path])
        }
    }
}
