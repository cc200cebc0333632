/* The floor for `make bench`: libcsv into one prepared INSERT, no validation; the table's secondary
 * indexes are dropped first and built again after the rows, in the same transaction. Empty fields
 * are bound as NULL (the schema's CHECKs refuse ''). usage: floor DB TABLE COLUMNS FILE */
#include <csv.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct load {
    sqlite3 *db;
    sqlite3_stmt *insert;
    int field;
    long rows;
    int header;
};

static void on_field(void *text, size_t length, void *data) {
    struct load *load = data;
    if (load->header) return;
    load->field++;
    if (length == 0)
        sqlite3_bind_null(load->insert, load->field);
    else
        sqlite3_bind_text(load->insert, load->field, text, (int)length, SQLITE_TRANSIENT);
}

static void on_row(int c, void *data) {
    struct load *load = data;
    (void)c;
    if (load->header) {
        load->header = 0;
        return;
    }
    if (sqlite3_step(load->insert) != SQLITE_DONE) {
        fprintf(stderr, "floor: %s\n", sqlite3_errmsg(load->db));
        exit(1);
    }
    sqlite3_reset(load->insert);
    load->field = 0;
    load->rows++;
}

static void run(sqlite3 *db, const char *sql) {
    char *error = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &error) != SQLITE_OK) {
        fprintf(stderr, "floor: %s: %s\n", sql, error);
        exit(1);
    }
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: floor DB TABLE COLUMNS FILE\n");
        return 64;
    }
    struct load load = {0};
    load.header = 1;
    if (sqlite3_open(argv[1], &load.db) != SQLITE_OK) return 1;
    run(load.db, "PRAGMA foreign_keys = ON; BEGIN IMMEDIATE");
    /* Keep the CREATE INDEX statements, drop the indexes, load, build them again. */
    char query[512], *indexes[16], *names[16];
    int count = 0;
    snprintf(query, sizeof query, "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = '%s' AND sql IS NOT NULL", argv[2]);
    sqlite3_stmt *list;
    sqlite3_prepare_v2(load.db, query, -1, &list, NULL);
    while (sqlite3_step(list) == SQLITE_ROW && count < 16) {
        names[count] = strdup((const char *)sqlite3_column_text(list, 0));
        indexes[count++] = strdup((const char *)sqlite3_column_text(list, 1));
    }
    sqlite3_finalize(list);
    for (int i = 0; i < count; i++) {
        char drop[256];
        snprintf(drop, sizeof drop, "DROP INDEX \"%s\"", names[i]);
        run(load.db, drop);
    }
    int columns = 1;
    for (const char *p = argv[3]; *p; p++) columns += *p == ',';
    char insert[1024];
    int used = snprintf(insert, sizeof insert, "INSERT INTO %s (%s) VALUES (?", argv[2], argv[3]);
    for (int i = 1; i < columns; i++) used += snprintf(insert + used, sizeof insert - used, ", ?");
    snprintf(insert + used, sizeof insert - used, ")");
    if (sqlite3_prepare_v2(load.db, insert, -1, &load.insert, NULL) != SQLITE_OK) {
        fprintf(stderr, "floor: %s\n", sqlite3_errmsg(load.db));
        return 1;
    }
    struct csv_parser parser;
    csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI);
    FILE *file = fopen(argv[4], "rb");
    if (!file) return 66;
    static char chunk[1 << 20];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, file)) > 0) {
        if (csv_parse(&parser, chunk, n, on_field, on_row, &load) != n) {
            fprintf(stderr, "floor: %s\n", csv_strerror(csv_error(&parser)));
            return 65;
        }
    }
    csv_fini(&parser, on_field, on_row, &load);
    csv_free(&parser);
    sqlite3_finalize(load.insert);
    for (int i = 0; i < count; i++) run(load.db, indexes[i]);
    run(load.db, "COMMIT");
    sqlite3_close(load.db);
    fprintf(stderr, "floor: %ld rows\n", load.rows);
    return 0;
}
