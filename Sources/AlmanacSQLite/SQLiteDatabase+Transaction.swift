import AlmanacStore
import CSQLite

extension SQLiteDatabase {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// `.immediate` (the default) takes the write lock at once, so two writers queue on the busy
    /// timeout instead of failing halfway.
    public func transaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind == .keyed ? TransactionKind.immediate.rawValue : kind.rawValue) TRANSACTION")
        let result: T
        do {
            result = try body()
        } catch {
            rollbackQuietly()
            throw error
        }
        do {
            try execute("COMMIT TRANSACTION")
        } catch {
            rollbackQuietly()
            throw error
        }
        return result
    }

    /// Runs `body` inside a savepoint: released when it returns, rolled back to when it throws.
    /// Savepoints nest, and work inside or outside a transaction.
    public func savepoint<T>(_ name: String, _ body: () throws -> T) throws -> T {
        let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        try execute("SAVEPOINT \(quoted)")
        let result: T
        do {
            result = try body()
        } catch {
            // ROLLBACK TO keeps the savepoint open; RELEASE then closes it. A deadline never stops either.
            isRollingBack = true
            defer { isRollingBack = false }
            try? execute("ROLLBACK TO SAVEPOINT \(quoted)")
            try? execute("RELEASE SAVEPOINT \(quoted)")
            throw error
        }
        try execute("RELEASE SAVEPOINT \(quoted)")
        return result
    }

    private func rollbackQuietly() {
        // SQLite may already have rolled back on its own (for example after SQLITE_FULL).
        guard isInTransaction else { return }
        isRollingBack = true
        defer { isRollingBack = false }
        try? execute("ROLLBACK TRANSACTION")
    }
}
