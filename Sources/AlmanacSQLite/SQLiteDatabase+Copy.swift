import AlmanacStore
import CSQLite
import Foundation

extension SQLiteDatabase {
    /// How many times a step that found the source busy (a writer checkpointing, a schema change) is
    /// tried again, 50 ms apart, before the copy gives up.
    static let busyRetries = 100

    /// SQLite's online backup API (`sqlite3_backup_init`, `_step`, `_finish`) copies every page in one
    /// step, inside one read transaction of this connection: in WAL mode a reader never waits for a
    /// writer nor a writer for it, so another process may go on writing while the copy is made, and the
    /// copy holds every transaction committed before the step began and none after. It reads without
    /// SQL, so a read-only connection (which refuses `VACUUM INTO`) serves. The copy's own connection
    /// is closed when this returns. False, with nothing written, when the file at `destination` is
    /// not empty.
    public func copy(into destination: String) throws -> Bool {
        var target: OpaquePointer?
        // Never through a symlink: the caller names a file it made, in a folder it checked.
        let opened = sqlite3_open_v2(destination, &target, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW, nil)
        defer { sqlite3_close_v2(target) }
        func failure(_ code: Int32, _ connection: OpaquePointer?) -> Error {
            DatabaseError(connection: connection, code: code, path: destination)
        }
        guard opened == SQLITE_OK else { throw failure(opened, target) }
        // The copy is written into an empty file that is thrown away if anything fails: it needs no
        // journal, and so leaves none behind (a full disk once left a `-journal` per failed backup).
        guard Self.pageCount(target) == 0 else { return false }
        let off = sqlite3_exec(target, "PRAGMA journal_mode = OFF", nil, nil, nil)
        guard off == SQLITE_OK else { throw failure(off, target) }
        guard let backup = sqlite3_backup_init(target, "main", handle, "main") else {
            throw failure(sqlite3_errcode(target), target)
        }
        var code = SQLITE_OK
        for _ in 0...Self.busyRetries {
            code = sqlite3_backup_step(backup, -1)
            guard code == SQLITE_BUSY || code == SQLITE_LOCKED else { break }
            sqlite3_sleep(50)
        }
        let finished = sqlite3_backup_finish(backup)
        if code != SQLITE_DONE {
            throw failure(code, code == SQLITE_BUSY || code == SQLITE_LOCKED ? handle : target)
        }
        guard finished == SQLITE_OK else { throw failure(finished, target) }
        return true
    }

    /// The pages of the database `connection` has open, or nil when it cannot say.
    private static func pageCount(_ connection: OpaquePointer?) -> Int64? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, "PRAGMA page_count", -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW
        else { return nil }
        return sqlite3_column_int64(statement, 0)
    }
}
