"""`make bench`'s DuckDB reference: loads a seeded CSV file into a typed table of a new DuckDB file with
one CREATE TABLE … AS SELECT * FROM read_csv(…), as a data user would, and prints the row count.
usage: duck.py DATABASE books|events FILE"""
import sys

import duckdb

TYPES = {
    "books": {"id": "BIGINT", "title": "VARCHAR", "author": "VARCHAR", "borrower": "VARCHAR",
              "loaned_on": "DATE", "due_on": "DATE", "returned_on": "DATE"},
    "events": {"id": "BIGINT", "title": "VARCHAR", "person": "VARCHAR", "starts_at": "TIMESTAMPTZ",
               "ends_at": "TIMESTAMPTZ", "image": "VARCHAR", "description": "VARCHAR"},
}

database, kind, path = sys.argv[1:4]
connection = duckdb.connect(database)
connection.execute(f"CREATE TABLE {kind} AS SELECT * FROM read_csv(?, header = true, columns = ?)",
                   [path, TYPES[kind]])
print(connection.execute(f"SELECT count(*) FROM {kind}").fetchone()[0])
connection.close()
