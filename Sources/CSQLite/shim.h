#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: these wrappers give it a fixed signature.

/// Sets an integer-valued connection option (SQLITE_DBCONFIG_DEFENSIVE, ..._ENABLE_LOAD_EXTENSION, ...).
static inline int almanac_db_config_int(sqlite3 *db, int op, int value) {
    int applied = -1;
    int rc = sqlite3_db_config(db, op, value, &applied);
    return rc == SQLITE_OK ? applied : -1;
}

/// Turns off SQLite's memory statistics, which take a global mutex on every allocation. Must run
/// before the library initializes (the first open); later it returns SQLITE_MISUSE and changes nothing.
static inline int almanac_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
