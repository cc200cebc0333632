import AlmanacStore
import CSQLite
import Foundation

extension SQLiteDatabase {
    /// An embedded engine runs no statement without its client: the watchdog's interrupt is its limit.
    public func limitStatements(to limit: Duration) throws {}

    /// Caps every text and blob a statement on this connection makes at `bytes`
    /// (`SQLITE_LIMIT_LENGTH`): SQLite refuses a larger value with SQLITE_TOOBIG. Its `printf()` (and
    /// `format()`, the same function) answers NULL instead, so both are replaced here by the built-in
    /// itself, run on a private in-memory connection under the same cap: a NULL from a format that
    /// is not NULL is the refusal it stands for, and becomes SQLITE_TOOBIG.
    public func capValues(at bytes: Int32) throws {
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, bytes)
        let printer = try CappedPrinter(cap: bytes)
        for name in printer.names {
            // SQLite owns one reference per registration and releases it when the function is
            // replaced or the connection closes.
            let box = Unmanaged.passRetained(printer).toOpaque()
            let code = sqlite3_create_function_v2(
                handle, name, -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, box,
                { context, count, arguments in
                    guard let context, let pointer = sqlite3_user_data(context) else { return }
                    Unmanaged<CappedPrinter>.fromOpaque(pointer).takeUnretainedValue().call(context, count, arguments)
                },
                nil, nil,
                { pointer in
                    if let pointer { Unmanaged<CappedPrinter>.fromOpaque(pointer).release() }
                })
            guard code == SQLITE_OK else { throw DatabaseError(self, code: code) }
        }
    }
}

/// SQLite's own `printf()` behind a private connection, one prepared statement per number of
/// arguments. A large result is lent, not copied (a copy would double the memory of a value near
/// the cap): the calling statement gets the text where the private statement holds it, and its
/// destructor (`giveBack`) resets that statement when SQLite is done with the value. Used only from
/// the thread that runs the connection's statements.
private final class CappedPrinter {
    private let connection: SQLiteDatabase
    /// Statements ready for a call, by their number of arguments.
    private var ready: [Int32: [OpaquePointer]] = [:]
    /// The names the built-in has in this SQLite (`format` since 3.38).
    let names: [String]
    /// Results from this size on are lent rather than copied.
    static let lentFrom: Int32 = 64 << 10

    /// The statements whose text a calling statement holds, by that text's address, with their
    /// printer (kept alive meanwhile). SQLite's destructor gets only the address.
    nonisolated(unsafe) private static var lent:
        [UnsafeMutableRawPointer: (printer: CappedPrinter, statement: OpaquePointer)] = [:]
    private static let lentLock = NSLock()

    init(cap: Int32) throws {
        let connection = try SQLiteDatabase(path: ":memory:", mode: .create)
        sqlite3_limit(connection.handle, SQLITE_LIMIT_LENGTH, cap)
        self.connection = connection
        names = ["printf", "format"].filter { name in (try? connection.prepare("SELECT \(name)('')")) != nil }
    }

    deinit {
        for statement in ready.values.joined() { sqlite3_finalize(statement) }
    }

    /// `printf(arguments…)` as the built-in answers it; a value past the cap is SQLITE_TOOBIG.
    func call(_ context: OpaquePointer, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let statement = statement(count) else {
            sqlite3_result_error_nomem(context)
            return
        }
        for index in 0..<Int(count) { sqlite3_bind_value(statement, Int32(index + 1), arguments?[index]) }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW else {
            sqlite3_result_error(context, sqlite3_errmsg(connection.handle), -1)
            sqlite3_result_error_code(context, sqlite3_extended_errcode(connection.handle))
            return reuse(statement)
        }
        let value = sqlite3_column_value(statement, 0)
        let size = sqlite3_column_bytes(statement, 0)
        if sqlite3_value_type(value) == SQLITE_NULL {
            if count > 0, sqlite3_value_type(arguments?[0]) != SQLITE_NULL {
                sqlite3_result_error_toobig(context)
            } else {
                sqlite3_result_null(context)
            }
        } else if size >= Self.lentFrom, let text = sqlite3_column_text(statement, 0), memchr(text, 0, Int(size)) == nil
        {
            // Given with its length unsaid (-1), the text is known to end in NUL: SQLite reads it
            // where it is (a length given would make it copy the text to add one).
            let address = UnsafeMutableRawPointer(mutating: text)
            Self.lentLock.withLock { Self.lent[address] = (self, statement) }
            sqlite3_result_text(context, address.assumingMemoryBound(to: CChar.self), -1) { address in
                CappedPrinter.giveBack(address)
            }
            return
        } else {
            sqlite3_result_value(context, value)
        }
        reuse(statement)
    }

    /// SQLite is done with a lent text: its statement is reset and ready again.
    private static func giveBack(_ address: UnsafeMutableRawPointer?) {
        guard let address, let entry = lentLock.withLock({ lent.removeValue(forKey: address) }) else { return }
        entry.printer.reuse(entry.statement)
    }

    /// Resets a statement (its large arguments are not kept) and makes it ready for the next call.
    private func reuse(_ statement: OpaquePointer) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        ready[sqlite3_bind_parameter_count(statement), default: []].append(statement)
    }

    /// A ready `SELECT printf(?1, …, ?count)`, prepared when none is.
    private func statement(_ count: Int32) -> OpaquePointer? {
        if let statement = ready[count]?.popLast() { return statement }
        let sql = "SELECT printf(" + (0..<Int(count)).map { "?\($0 + 1)" }.joined(separator: ", ") + ")"
        var statement: OpaquePointer?
        guard
            sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
                == SQLITE_OK
        else { return nil }
        return statement
    }
}
