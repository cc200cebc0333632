import AlmanacStore
import CSQLite
import Foundation

extension SQLiteDatabase {
    /// Installs the deadline's progress handler when deadlines are enabled. The context is this
    /// connection, unretained: the handler runs only while it is open.
    func watchDeadlines() {
        guard StatementDeadline.enabled.load(ordering: .relaxed) else { return }
        sqlite3_progress_handler(
            handle, StatementDeadline.checkInterval, deadlineProgress, Unmanaged.passUnretained(self).toOpaque())
    }
}

/// SQLite's progress callback: non-zero stops the statement (`SQLITE_INTERRUPT`).
private func deadlineProgress(_ context: UnsafeMutableRawPointer?) -> Int32 {
    guard let deadline = StatementDeadline.current else { return 0 }
    if let context, Unmanaged<SQLiteDatabase>.fromOpaque(context).takeUnretainedValue().isRollingBack { return 0 }
    return deadline.hasPassed ? 1 : 0
}
