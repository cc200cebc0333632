import AlmanacBooks
import AlmanacCalendar
import AlmanacEvents
import AlmanacKinds
import AlmanacStore
import AlmanacText
import Foundation

// The worlds take an open database; the command line and the server open it by its path here, where
// the engine is chosen (`Store`).

extension LoanStore {
    /// Opens an existing database read-only, for reading loans.
    public static func openForReading(_ path: String) throws -> LoanStore {
        LoanStore(database: try Store.openReadOnly(path))
    }

    /// Opens an existing database for changes.
    public static func openForWriting(_ path: String) throws -> LoanStore {
        LoanStore(database: try Store.open(path))
    }
}

extension OverdueCheck {
    /// Opens the database for the check: read-only, or read-write for `--notify`. A missing file
    /// is an error, never an empty database that would report nothing overdue. `wait` is how long,
    /// in seconds, to wait for another writer (a long import) before giving up as busy.
    public static func open(_ path: String, forNotices: Bool, wait: Int = OverdueCheck.defaultWait) throws -> Database {
        let timeout = Int32(clamping: wait * 1000)
        return try forNotices ? Store.open(path, busyTimeout: timeout) : Store.openReadOnly(path, busyTimeout: timeout)
    }
}

extension CalendarEditor {
    /// An editor of the database at `path`, which must exist.
    public init(path: String) throws {
        self.init(database: try Store.open(path))
    }
}

extension EventStore {
    /// Opens the existing database at `path` for the events commands. Reading commands read it
    /// read-only, like reports, unless its schema is older than this almanac's: then it is migrated
    /// first, as every command does, since the agenda's query needs the indexes of `Schema/002`.
    /// `add` (`writing`) opens it for writing.
    public static func open(_ path: String, writing: Bool) throws -> EventStore {
        var database: Database
        if writing {
            database = try Store.open(path)
        } else {
            database = try Store.openReadOnly(path)
            if try !Store.isCurrent(database) { database = try Store.open(path) }
        }
        return EventStore(database: database)
    }
}
