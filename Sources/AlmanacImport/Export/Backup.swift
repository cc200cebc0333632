import AlmanacKinds
import AlmanacOutput
import AlmanacStore
import AlmanacText
import Foundation

/// `almanac backup FILE`: a consistent copy of a live database in one file.
///
/// The store copies every page in one read transaction of the source (`Database.copy(into:)`, SQLite's
/// online backup): another process may go on writing while the copy is made, and the copy holds every
/// transaction committed before it began and none after. It reads without SQL, so the read-only
/// connection `backup` opens (which refuses every statement that could write) serves, and the
/// database is never written.
public enum Backup {
    /// What one backup wrote.
    public struct Report: Sendable {
        /// The file, as given.
        public let path: String
        /// Its size in bytes.
        public let bytes: Int64
    }

    /// Copies `database` to `path`, claimed through an `OutputGuard` (never the database, its
    /// `-wal`, `-shm` or `-journal`, or a link to one of them; an existing file only with `force`;
    /// never a FIFO or a device, refused before it is opened), written under a temporary name in the
    /// folder the claim opened and renamed into place there once complete and on the disk.
    /// A database on a server is not copied into a file: it is refused before anything is made.
    public static func write(_ database: Database, to path: String, force: Bool = false) throws -> Report {
        guard database.dialect == .sqlite else {
            throw AlmanacError(.usage, "backup.error.server", ["path": path, "database": database.path])
        }
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

    /// Copies every page of `source` into the (empty) file at `destination` (`shown` in messages).
    private static func copy(_ source: Database, into destination: String, shown: String) throws {
        do {
            // A file that is not empty is not the one this run made.
            guard try source.copy(into: destination) else {
                throw AlmanacError(.cannotCreate, "write.error.moved", ["path": shown])
            }
        } catch let error as DatabaseError {
            throw error.at(shown).almanacError()
        }
    }
}
