import AlmanacOutput
import AlmanacSQLite
import AlmanacText
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
    /// `-wal`, `-shm` or `-journal`, or a link to one of them; an existing file only with `force`;
    /// never a FIFO or a device, refused before it is opened), written under a temporary name in the
    /// folder the claim opened and renamed into place there once complete and on the disk.
    public static func write(_ database: Database, to path: String, force: Bool = false) throws -> Report {
        var outputs = OutputGuard(database: database.path, force: force)
        let target: OutputTarget
        do {
            target = try outputs.claim(path, option: "backup", fileOnly: true)
        } catch let error as AlmanacError where error.key == "write.refused.special" {
            // A stream cannot hold a database: SQLite writes pages in any order.
            throw AlmanacError(.usage, "backup.error.stream", ["path": path])
        }
        let file = try target.open()
        guard let temporary = file.temporaryPath else {
            file.discard()
            throw AlmanacError(.usage, "backup.error.stream", ["path": path])
        }
        do {
            try copy(database, into: temporary, shown: path)
            // SQLite opened the copy by its name: the bytes must be in the file this run made.
            guard let size = file.writtenSize, size > 0 else {
                throw AlmanacError(.cannotCreate, "write.error.moved", ["path": path])
            }
            try file.commit()
            return Report(path: path, bytes: size)
        } catch {
            file.discard()
            throw error
        }
    }

    /// Copies every page of `source` into the (empty) file at `destination` (`shown` in messages),
    /// whose own connection is closed when this returns.
    private static func copy(_ source: Database, into destination: String, shown: String) throws {
        var handle: OpaquePointer?
        // Never through a symlink: the name is the temporary this run made, in the folder it checked.
        let opened = sqlite3_open_v2(destination, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW, nil)
        defer { sqlite3_close_v2(handle) }
        func failure(_ code: Int32, _ connection: OpaquePointer?) -> Error {
            DatabaseError(connection: connection, code: code, path: shown).almanacError()
        }
        guard opened == SQLITE_OK else { throw failure(opened, handle) }
        // The copy is written into an empty file that is thrown away if anything fails: it needs no
        // journal, and so leaves none behind (a full disk once left a `-journal` per failed backup).
        // A file that is not empty is not the one this run made.
        guard pageCount(handle) == 0 else { throw AlmanacError(.cannotCreate, "write.error.moved", ["path": shown]) }
        let off = sqlite3_exec(handle, "PRAGMA journal_mode = OFF", nil, nil, nil)
        guard off == SQLITE_OK else { throw failure(off, handle) }
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
        if code != SQLITE_DONE {
            throw failure(code, code == SQLITE_BUSY || code == SQLITE_LOCKED ? source.handle : handle)
        }
        guard finished == SQLITE_OK else { throw failure(finished, handle) }
    }

    /// The pages of the database `handle` has open, or nil when it cannot say.
    private static func pageCount(_ handle: OpaquePointer?) -> Int64? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(handle, "PRAGMA page_count", -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW
        else { return nil }
        return sqlite3_column_int64(statement, 0)
    }
}
