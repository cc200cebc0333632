import AlmanacStore
import AlmanacText
import Foundation

extension DatabaseError {
    /// What went wrong, in Almanac's words: the file named, what to do, and the exit status
    /// PRODUCT.md gives (66 cannot read, 73 cannot write, 77 this user may not write, 74 I/O and disk full, 75 busy, 65 a file
    /// that is not a sound database or SQL that SQLite rejects, 70 anything else). SQLite's own
    /// message follows in parentheses only where it helps (which constraint, which token); the SQL
    /// being run never does. `source` names the SQL's origin (`query`, a report's file) when the
    /// statement came from the user, so that SQLite's refusal of it reads as a problem of that SQL.
    /// Where SQLite says only "cannot open" or "read-only", the file system is asked why.
    public func almanacError(source: String? = nil) -> AlmanacError {
        let path = self.path ?? "?"
        let code = ["message": message, "code": shownCode, "engine": engine]
        switch kind {
        case .busy:
            return AlmanacError(.busy, "database.error.busy", ["path": path])
        case .interrupted where StatementDeadline.current?.hasPassed == true:
            // Stopped at its page's deadline (`almanac serve`), its transaction rolled back.
            let seconds = StatementDeadline.current?.seconds ?? 0
            return AlmanacError(.busy, "database.error.deadline", ["seconds": String(seconds)])
        case .full:
            return AlmanacError(.ioError, "database.error.disk-full", ["path": path])
        case .ioError where systemErrno == ENOSPC || systemErrno == EDQUOT:
            return AlmanacError(.ioError, "database.error.disk-full", ["path": path])
        case .ioError:
            return AlmanacError(.ioError, "database.error.io", ["path": path, "code": shownCode, "engine": engine])
        case .notADatabase:
            return AlmanacError(.invalidData, "database.error.not-a-database", ["path": path])
        case .corrupt:
            return AlmanacError(
                .invalidData, "database.error.corrupt", ["path": path, "code": shownCode, "engine": engine])
        case .cannotOpen:
            return DatabaseFiles(path).whyNotOpened(reading: readOnly, errno: systemErrno)
        case .statement where source != nil:
            let key = Self.isParseError(message) ? "query.error.parse" : "query.error.cannot-run"
            return AlmanacError(.invalidData, key, code.merging(["source": source ?? ""]) { $1 })
        case .statement, .constraint, .mismatch, .tooBig, .range, .refused:
            return AlmanacError(.invalidData, "database.error.refused", code.merging(["path": path]) { $1 })
        case .unavailable:
            return AlmanacError(.busy, "database.error.unreachable", ["path": path, "message": message])
        case .permission:
            return AlmanacError(.noPermission, "database.error.login-refused", ["path": path, "message": message])
        case .interrupted, .noMemory, .misuse, .other:
            return AlmanacError(.internalError, "database.error.internal", code)
        }
    }

    /// The engine that reported it, for messages: a server's path is its `postgresql://` address.
    var engine: String { path?.hasPrefix("postgresql") == true ? "PostgreSQL" : "SQLite" }

    /// The engine's code as its manual gives it: SQLite's number, PostgreSQL's SQLSTATE (`23505`).
    var shownCode: String {
        guard engine == "PostgreSQL" else { return String(code) }
        let text = String(UInt32(bitPattern: code), radix: 36).uppercased()
        return String(repeating: "0", count: max(0, 5 - text.count)) + text
    }

    /// True for SQLite's messages about text it could not parse (as opposed to a table or column
    /// that does not exist, which parses but cannot run).
    package static func isParseError(_ message: String) -> Bool {
        ["syntax error", "incomplete input", "unrecognized token"].contains { message.contains($0) }
    }
}

extension DatabaseError {
    /// The exit status a command should end with when this error stops it.
    public var failure: Failure { almanacError().failure }
}

/// An error that says itself in Almanac's words (the store's refusals that are not `DatabaseError`s).
public protocol AlmanacErrorConvertible: Error {
    /// The error in Almanac's words.
    var almanacError: AlmanacError { get }
}

extension AlmanacError {
    /// Runs `body`, turning the store's failures (a `DatabaseError`, a migration's refusal) into
    /// Almanac's words.
    public static func explaining<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw error.almanacError()
        } catch let error as AlmanacErrorConvertible {
            throw error.almanacError
        }
    }

    /// Any error a command ends with, as Almanac's own: SQLite's in Almanac's words, and anything
    /// unforeseen as an internal error (exit 70) that says what it was.
    public init(reporting error: Error) {
        switch error {
        case let error as AlmanacError: self = error
        case let error as DatabaseError: self = error.almanacError()
        case let error as AlmanacErrorConvertible: self = error.almanacError
        default: self.init(.internalError, "error.internal", ["message": String(describing: error)])
        }
    }
}

/// A database file and the files SQLite keeps beside it, as the file system sees them for this user:
/// why SQLite could not open or write them, told so that the user knows what to change.
package struct DatabaseFiles {
    /// The database path, as given.
    package let path: String
    /// The folder holding it (`.` for a bare name).
    package let folder: String
    /// The file's own name, which the side files extend (`library.db-wal`).
    package let name: String

    package init(_ path: String) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let parent = (path as NSString).deletingLastPathComponent
        self.folder = parent.isEmpty ? "." : parent
        self.name = url.lastPathComponent
    }

    /// The write-ahead log and its index, which WAL needs beside the database.
    package var sideFiles: [String] { [path + "-wal", path + "-shm"] }

    private func exists(_ file: String) -> Bool { access(file, F_OK) == 0 }
    private func may(_ file: String, _ mode: Int32) -> Bool { access(file, mode) == 0 }

    /// SQLite could not open the database, or could not write it: the first cause this user can
    /// see, for a reader (`reading`) or a writer. `errno` is the system's last error, a hint only.
    package func whyNotOpened(reading: Bool, errno: Int32) -> AlmanacError {
        let names = ["path": path, "folder": folder, "name": name]
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return AlmanacError(.missingInput, "database.error.is-folder", names)
        }
        guard exists(path) else {
            if !exists(folder) { return AlmanacError(.cannotCreate, "database.error.no-folder", names) }
            if !may(folder, W_OK) { return AlmanacError(.cannotCreate, "database.error.folder-not-writable", names) }
            return AlmanacError(.missingInput, "database.error.missing", names)
        }
        guard may(path, R_OK) else { return AlmanacError(.missingInput, "database.error.unreadable", names) }
        let sideFilesMissing = sideFiles.contains { !exists($0) }
        if reading {
            if sideFilesMissing && !may(folder, W_OK) {
                return AlmanacError(.missingInput, "database.error.side-files-missing", names)
            }
            if sideFiles.contains(where: { exists($0) && !may($0, R_OK) }) {
                return AlmanacError(.missingInput, "database.error.side-files-unreadable", names)
            }
            return AlmanacError(
                .missingInput, "database.error.cannot-open", names.merging(["reason": Self.reason(errno)]) { $1 })
        }
        if errno == EROFS || isOnReadOnlyFileSystem {
            return AlmanacError(.cannotCreate, "database.error.read-only-file-system", names)
        }
        // A write this user may not make is a permission refused (77), not a database that cannot be made.
        guard may(path, W_OK) else { return AlmanacError(.noPermission, "database.error.read-only-file", names) }
        if sideFilesMissing && !may(folder, W_OK) {
            return AlmanacError(.noPermission, "database.error.read-only-folder", names)
        }
        if sideFiles.contains(where: { exists($0) && !may($0, W_OK) }) {
            return AlmanacError(.noPermission, "database.error.side-files-read-only", names)
        }
        return AlmanacError(
            .cannotCreate, "database.error.cannot-open", names.merging(["reason": Self.reason(errno)]) { $1 })
    }

    /// True when the folder's file system is mounted read-only: nobody may write there, root included.
    package var isOnReadOnlyFileSystem: Bool {
        var info = statvfs()
        return statvfs(folder, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// The system's words for an errno, or the database's own where there is none.
    private static func reason(_ errno: Int32) -> String {
        errno == 0 ? "unable to open database file" : String(cString: strerror(errno))
    }
}
