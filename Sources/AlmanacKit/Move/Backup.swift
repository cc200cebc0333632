import CSQLite
import Foundation

/// `almanac backup FILE`: a consistent copy of a live database in one file.
///
/// SQLite's online backup API (`sqlite3_backup_init`, `_step`, `_finish`) copies every page in one
/// step, inside one read transaction of the source: in WAL mode a reader never waits for a writer
/// nor a writer for it, so another process may go on writing while the copy is made, and the copy
/// holds every transaction committed before the step began and none after. It reads through the
/// source connection without SQL, so the read-only connection `backup` opens (which refuses every
/// statement that could write, `VACUUM INTO` too) serves, and the database is never written.
public enum Backup {
    /// What one backup wrote.
    public struct Report: Sendable {
        /// The file, as given.
        public let path: String
        /// Its size in bytes.
        public let bytes: Int64
    }

    /// How many times a step that found the source busy (a writer checkpointing, a schema change) is
    /// tried again, 50 ms apart, before the backup gives up (exit 75).
    static let busyRetries = 100

    /// Copies `database` to `path`, claimed through an `OutputGuard` (never the database, its
    /// `-wal`, `-shm` or `-journal`, or a link to one of them; an existing file only with `force`),
    /// written under a temporary name beside it and renamed into place once complete and on the disk.
    public static func write(_ database: Database, to path: String, force: Bool = false) throws -> Report {
        var outputs = OutputGuard(database: database.path, force: force)
        let file = try outputs.claim(path, option: "backup").open()
        guard let temporary = file.temporaryPath else {
            // A stream (`/dev/stdout`, a FIFO) cannot hold a database: SQLite writes pages in any order.
            file.discard()
            throw AlmanacError(.usage, "backup.error.stream", ["path": path])
        }
        do {
            try copy(database, into: temporary)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        return Report(path: path, bytes: size)
    }

    /// Copies every page of `source` into the (empty) file at `destination`, whose own connection is
    /// closed, and its side files gone, when this returns.
    private static func copy(_ source: Database, into destination: String) throws {
        var handle: OpaquePointer?
        let opened = sqlite3_open_v2(destination, &handle, SQLITE_OPEN_READWRITE, nil)
        defer { sqlite3_close_v2(handle) }
        func failure(_ code: Int32, _ connection: OpaquePointer?) -> Error {
            DatabaseError(connection: connection, code: code, path: destination).almanacError()
        }
        guard opened == SQLITE_OK else { throw failure(opened, handle) }
        guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
            throw failure(sqlite3_errcode(handle), handle)
        }
        var code = SQLITE_OK
        for _ in 0...busyRetries {
            code = sqlite3_backup_step(backup, -1)
            guard code == SQLITE_BUSY || code == SQLITE_LOCKED else { break }
            sqlite3_sleep(50)
        }
        let finished = sqlite3_backup_finish(backup)
        if code != SQLITE_DONE { throw failure(code, code == SQLITE_BUSY || code == SQLITE_LOCKED ? source.handle : handle) }
        guard finished == SQLITE_OK else { throw failure(finished, handle) }
    }
}
