import AlmanacKit
import AlmanacSQLite
import Foundation
import Testing

@testable import AlmanacKinds

/// Opening the database never releases a lock another connection of the same process holds. POSIX
/// drops every lock a process holds on a file when any descriptor of it closes, so a header read with
/// open() and close() beside a connection in a transaction let a second process take the file's
/// exclusive lock, checkpoint, and truncate the log under that connection (`serve` saw SQLite errors
/// 11 and 522 with four writers and a cron job).
@Suite struct DatabaseLockTests {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("a.db")
        _ = try Store.initialize(path)
    }

    /// Whether another process could take a write lock on the bytes SQLite's SHARED lock covers
    /// (SQLite's unix VFS: 510 bytes from PENDING_BYTE + 2), that is, whether no connection of this
    /// process reads the file. Asked through an open file description lock (F_OFD_GETLK), which
    /// conflicts with this process's own locks as another process's would, on a descriptor opened
    /// before the first connection and closed after the last, so the probe itself releases nothing.
    final class SharedLockProbe {
        let descriptor: Int32
        init(_ path: String) { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        deinit { close(descriptor) }

        var anotherProcessCouldWrite: Bool {
            var lock = flock()
            lock.l_type = Int16(F_WRLCK)
            lock.l_whence = Int16(SEEK_SET)
            lock.l_start = 0x4000_0002
            lock.l_len = 510
            let fOFDGetLock: Int32 = 36  // F_OFD_GETLK, not imported by Glibc's module
            precondition(fcntl(descriptor, fOFDGetLock, &lock) == 0, "F_OFD_GETLK: errno \(errno)")
            return lock.l_type == Int16(F_UNLCK)
        }
    }

    @Test func openingBesideAWriteTransactionKeepsItsLocks() throws {
        let probe = SharedLockProbe(path)
        #expect(probe.descriptor >= 0)
        #expect(probe.anotherProcessCouldWrite)
        do {
            let writer = try Store.open(path)
            try writer.execute("BEGIN IMMEDIATE")
            try writer.execute("UPDATE books SET title = title WHERE 0")
            #expect(!probe.anotherProcessCouldWrite, "the writer holds SQLite's shared lock")

            // Every way a command opens the file, while the writer is in its transaction.
            _ = try Store.openReadOnly(path)
            #expect(!probe.anotherProcessCouldWrite, "opening read-only released the writer's lock")
            _ = try Store.open(path, busyTimeout: 0)
            #expect(!probe.anotherProcessCouldWrite, "opening for writing released the writer's lock")
            #expect(throws: Never.self) { try writer.execute("ROLLBACK") }
        }
        #expect(probe.anotherProcessCouldWrite, "the last connection closed")
    }
}
