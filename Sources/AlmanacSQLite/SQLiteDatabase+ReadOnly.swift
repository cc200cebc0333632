import AlmanacStore
import CSQLite

extension SQLiteDatabase {
    /// Forgets what was refused, before compiling (or running) a statement whose refusal should be explained.
    public func clearRefusal() { refusals = [] }

    /// What the read-only guard refused since `clearRefusal()`, in SQL's words: the first refusal of a
    /// user's object (`DROP TABLE books`), else the first of all (SQLite's own bookkeeping, rarely). Nil
    /// when nothing was refused.
    public var refusedAction: String? {
        refusals.first { !$0.contains(" sqlite_") } ?? refusals.first
    }
}

/// SQLite's schema tables. SQLite itself refuses every statement that writes them directly ("may not
/// be modified"; defensive mode keeps `writable_schema` off), so the guard lets through the writes it
/// is asked about for them: they come with a statement that changes the schema, whose own action is
/// denied, or from SQLite's bookkeeping when a table-valued function (`json_each`, `pragma_table_info`)
/// is first named in a SELECT, which only reads.
private let schemaTables: Set<String> = ["sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema"]

/// Pragmas whose argument names a table or index to describe, not a value to set.
private let readingPragmasWithArgument: Set<String> = [
    "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo",
    "foreign_key_list", "foreign_key_check", "integrity_check", "quick_check",
]

/// Pragmas that, without an argument, only report a setting or a list. Any other pragma without an
/// argument may act (`optimize`, `wal_checkpoint`, `incremental_vacuum`, `shrink_memory`) and is denied.
private let readingPragmas: Set<String> = [
    "application_id", "auto_vacuum", "automatic_index", "busy_timeout", "cache_size", "cache_spill",
    "cell_size_check", "collation_list", "compile_options", "data_version", "database_list",
    "defer_foreign_keys", "encoding", "foreign_keys", "freelist_count", "function_list",
    "ignore_check_constraints", "journal_mode", "journal_size_limit", "locking_mode", "max_page_count",
    "mmap_size", "module_list", "page_count", "page_size", "pragma_list", "query_only", "recursive_triggers",
    "schema_version", "secure_delete", "synchronous", "temp_store", "trusted_schema", "user_version",
    "wal_autocheckpoint",
]

/// SQL functions a read-only connection refuses, from SQLite's documentation of the functions this
/// build has (`PRAGMA function_list`): `load_extension` runs native code from a file;
/// `fts3_tokenizer` returns the address of a tokenizer's C structure and, given one as a blob,
/// installs it (a pointer from SQL: this build has SQLITE_ENABLE_FTS3_TOKENIZER, so the
/// two-argument form is on); `sqlite_log` writes to SQLite's error log, not to the result; FTS3's
/// `optimize` rewrites an index. Every other function of the build computes a value from its
/// arguments or reads the connection's state. The shell's `readfile`, `writefile` and `edit` and the
/// debugging `sqlite_offset` are not in the library (SQLite says "no such function").
let deniedFunctions: Set<String> = ["load_extension", "fts3_tokenizer", "sqlite_log", "optimize"]

/// Decides what a statement on a read-only connection may touch, as SQLite compiles it: reading
/// (SELECT, any table's or view's columns, table-valued functions, CTEs, ordinary functions, reading
/// pragmas, `pragma_*` functions whose pragma reads) is allowed; every write to a table, every change
/// of the schema (the temporary schema too), ATTACH and DETACH (a new writable file), transactions,
/// pragmas that set a value or act, and the functions of `deniedFunctions` are denied and recorded.
/// A `pragma_*` function runs its pragma when stepped, and that pragma comes here too.
func readOnlyAuthorizer(
    _ context: UnsafeMutableRawPointer?, _ action: Int32,
    _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?,
    _ database: UnsafePointer<CChar>?, _ trigger: UnsafePointer<CChar>?
) -> Int32 {
    let firstName = first.map { String(cString: $0) }
    let secondName = second.map { String(cString: $0) }
    switch action {
    case SQLITE_SELECT, SQLITE_READ, SQLITE_RECURSIVE:
        return SQLITE_OK
    case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
        if schemaTables.contains(firstName?.lowercased() ?? "") && trigger == nil { return SQLITE_OK }
    case SQLITE_FUNCTION:
        guard deniedFunctions.contains(secondName?.lowercased() ?? "") else { return SQLITE_OK }
    case SQLITE_PRAGMA:
        // `PRAGMA x = v` and `PRAGMA x(v)` set something, except for the few whose argument names what
        // to read; without an argument, only pragmas known to read are allowed.
        let name = firstName?.lowercased() ?? ""
        if readingPragmasWithArgument.contains(name) { return SQLITE_OK }
        if secondName == nil && readingPragmas.contains(name) { return SQLITE_OK }
    default:
        break
    }
    if let context {
        let connection = Unmanaged<SQLiteDatabase>.fromOpaque(context).takeUnretainedValue()
        // A few are enough to name the refusal (ANALYZE asks once for each table).
        if connection.refusals.count < 8 { connection.refusals.append(describeAction(action, firstName, secondName)) }
    }
    return SQLITE_DENY
}

/// The refused action in SQL's own words: `DELETE FROM books`, `PRAGMA writable_schema = 1`.
func describeAction(_ action: Int32, _ first: String?, _ second: String?) -> String {
    let object = first ?? ""
    switch action {
    case SQLITE_INSERT: return "INSERT INTO " + object
    case SQLITE_UPDATE: return "UPDATE " + object
    case SQLITE_DELETE: return "DELETE FROM " + object
    case SQLITE_ATTACH: return "ATTACH"
    case SQLITE_DETACH: return "DETACH"
    case SQLITE_PRAGMA: return "PRAGMA " + object + (second.map { " = " + $0 } ?? "")
    case SQLITE_FUNCTION: return (second ?? "function") + "()"
    case SQLITE_TRANSACTION: return object.isEmpty ? "BEGIN" : object
    case SQLITE_SAVEPOINT: return "SAVEPOINT"
    case SQLITE_ALTER_TABLE: return "ALTER TABLE " + (second ?? object)
    case SQLITE_REINDEX: return "REINDEX"
    case SQLITE_ANALYZE: return "ANALYZE"
    case SQLITE_CREATE_INDEX, SQLITE_CREATE_TEMP_INDEX: return "CREATE INDEX " + object
    case SQLITE_CREATE_TABLE, SQLITE_CREATE_TEMP_TABLE: return "CREATE TABLE " + object
    case SQLITE_CREATE_TRIGGER, SQLITE_CREATE_TEMP_TRIGGER: return "CREATE TRIGGER " + object
    case SQLITE_CREATE_VIEW, SQLITE_CREATE_TEMP_VIEW: return "CREATE VIEW " + object
    case SQLITE_CREATE_VTABLE: return "CREATE VIRTUAL TABLE " + object
    case SQLITE_DROP_INDEX, SQLITE_DROP_TEMP_INDEX: return "DROP INDEX " + object
    case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE: return "DROP TABLE " + object
    case SQLITE_DROP_TRIGGER, SQLITE_DROP_TEMP_TRIGGER: return "DROP TRIGGER " + object
    case SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW: return "DROP VIEW " + object
    case SQLITE_DROP_VTABLE: return "DROP VIRTUAL TABLE " + object
    default: return "statement"
    }
}
