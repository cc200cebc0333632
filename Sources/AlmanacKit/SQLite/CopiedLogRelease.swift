import CSQLite
import Foundation
import Synchronization

/// Lets the kernel have back the file pages of the write-ahead log that a checkpoint has already
/// copied into the database, while it copies the rest.
///
/// A large import's COMMIT ends with a checkpoint that reads the whole log (1.2 GB at ten million
/// books) and writes the same amount into the database file. Without this, the database's new file
/// pages come from memory the machine has not touched lately, which on some virtual machines costs
/// several times a page it has just freed (docs/perf-notes.md, "The checkpoint's copy"). The log is
/// synced before the copy starts, so its pages are clean: letting them go writes nothing, and a
/// page read again is read from the disk. The log is emptied after the checkpoint anyway.
///
/// Every connection opens through `vfsName`, the system's default VFS whose log files report their
/// reads here; only the connection inside `during(_:_:)` has any of them counted.
final class CopiedLogRelease {
    /// The name of the VFS every connection opens with (see `Database.init`).
    static var vfsName: String? { registeredVFS }

    /// The log's file as SQLite holds it, whose reads are counted.
    private let logFile: UnsafeMutablePointer<sqlite3_file>
    /// A descriptor of the same file, to tell the kernel which pages may go.
    private let descriptor: Int32
    private var log: CopiedLog
    /// How many bytes of the log the kernel was told it may drop (on a file system that keeps no page
    /// cache, such as tmpfs, the advice changes nothing).
    private(set) var releasedBytes: Int64 = 0

    private init?(_ database: Database) {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(database.handle, "main", SQLITE_FCNTL_JOURNAL_POINTER, &file) == SQLITE_OK,
              let file, file.pointee.pMethods == LogFileMethods.shared.wrapper,
              let name = sqlite3_db_filename(database.handle, "main"), let logPath = sqlite3_filename_wal(name),
              case .integer(let pageSize)? = try? database.scalar("PRAGMA page_size") else { return nil }
        let descriptor = open(logPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.logFile = file
        self.descriptor = descriptor
        self.log = CopiedLog(pageSize: Int(pageSize))
    }

    deinit { close(descriptor) }

    /// Runs `body` (a COMMIT) letting go of the log's pages as its checkpoint copies them, and returns
    /// `releasedBytes`. Where the connection's log is not one this VFS opened, `body` just runs.
    @discardableResult
    static func during(_ database: Database, _ body: () throws -> Void) throws -> Int64 {
        guard let release = CopiedLogRelease(database) else {
            try body()
            return 0
        }
        lock.withLock {
            active[release.logFile] = release
            isActive.store(true, ordering: .releasing)
        }
        defer {
            lock.withLock {
                active[release.logFile] = nil
                isActive.store(!active.isEmpty, ordering: .releasing)
            }
        }
        try body()
        return release.releasedBytes
    }

    /// Called after every successful read of a log file this VFS opened.
    fileprivate static func noteRead(_ file: UnsafeMutablePointer<sqlite3_file>?, offset: Int64, amount: Int32) {
        guard isActive.load(ordering: .acquiring) else { return }
        lock.withLock {
            guard let file, let release = active[file] else { return }
            for stretch in release.log.read(offset: offset, amount: Int(amount)) {
                if posix_fadvise(release.descriptor, off_t(stretch.lowerBound), off_t(stretch.count), POSIX_FADV_DONTNEED) == 0 {
                    release.releasedBytes += Int64(stretch.count)
                }
            }
        }
    }

    /// Whether any release is under way: every read of a log file looks, most find none.
    private static let isActive = Atomic<Bool>(false)
    /// The releases under way, by the log file they count, read and changed under `lock`.
    private nonisolated(unsafe) static var active: [UnsafeMutablePointer<sqlite3_file>: CopiedLogRelease] = [:]
    private static let lock = NSLock()
}

/// The system's default VFS under another name, registered once; nil where there is none.
private let registeredVFS: String? = {
    let name = "almanac"
    guard let system = sqlite3_vfs_find(nil) else { return nil }
    systemVFS = system
    let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
    vfs.initialize(to: system.pointee)  // its methods and their data (pAppData) stay the system's
    vfs.pointee.zName = UnsafePointer(strdup(name))
    vfs.pointee.pNext = nil
    vfs.pointee.xOpen = { _, path, file, flags, outFlags in
        guard let systemVFS, let open = systemVFS.pointee.xOpen else { return SQLITE_ERROR }
        let code = open(systemVFS, path, file, flags, outFlags)
        if code == SQLITE_OK, flags & SQLITE_OPEN_WAL != 0, let file, let methods = file.pointee.pMethods {
            file.pointee.pMethods = LogFileMethods.shared.wrapping(methods)
        }
        return code
    }
    return sqlite3_vfs_register(vfs, 0) == SQLITE_OK ? name : nil
}()

private nonisolated(unsafe) var systemVFS: UnsafeMutablePointer<sqlite3_vfs>?

/// The methods of a log file: the system's, with a read that reports to `CopiedLogRelease`. The
/// system VFS gives every file of a kind the same methods; a file with other methods keeps them.
private final class LogFileMethods: @unchecked Sendable {
    static let shared = LogFileMethods()

    private let lock = NSLock()
    /// The system's methods this wraps, and the wrapper, both set by the first log file opened and
    /// read under `lock`.
    private var system: UnsafePointer<sqlite3_io_methods>?
    private var wrapped: UnsafePointer<sqlite3_io_methods>?

    var wrapper: UnsafePointer<sqlite3_io_methods>? { lock.withLock { wrapped } }

    func wrapping(_ methods: UnsafePointer<sqlite3_io_methods>) -> UnsafePointer<sqlite3_io_methods> {
        lock.withLock {
            if system == nil {
                let wrapper = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
                wrapper.initialize(to: methods.pointee)
                wrapper.pointee.xRead = { file, buffer, amount, offset in
                    guard let read = LogFileMethods.shared.systemRead else { return SQLITE_IOERR }
                    let code = read(file, buffer, amount, offset)
                    if code == SQLITE_OK { CopiedLogRelease.noteRead(file, offset: offset, amount: amount) }
                    return code
                }
                system = methods
                wrapped = UnsafePointer(wrapper)
            }
            return system == methods ? wrapped! : methods
        }
    }

    private var systemRead: (@convention(c) (UnsafeMutablePointer<sqlite3_file>?, UnsafeMutableRawPointer?, Int32, sqlite3_int64) -> Int32)? {
        lock.withLock { system?.pointee.xRead }
    }
}
