#!/usr/bin/env bash
# `make bench`: Almanac's import against `sqlite3 .import` + CREATE INDEX, a C floor program (libcsv +
# one prepared INSERT, no validation, indexes built after the rows) and DuckDB (a typed CREATE TABLE …
# AS SELECT * FROM read_csv(…) into its own file, as a whole process), on seeded books and events files
# of $BENCH_ROWS rows (default 1,000,000). Every figure is the median of 3 runs on a fresh database;
# peak RSS comes from wait4's rusage.
set -euo pipefail
source "$(dirname "$0")/common.sh"
RUNS=${BENCH_RUNS:-3}
TODAY=2025-06-01
needs_sqlite3
needs_duckdb
needs_disk 1.0
build generate
build floor -lcsv -lsqlite3
build measure

cd "$WORK"
echo "Generating seeded files ($ROWS rows) in $WORK ..."
./generate books "$ROWS" 42 > books.csv
./generate books $((ROWS / 10)) 42 > books-small.csv
./generate books "$ROWS" 7 $((ROWS / 10 + 1)) > books-more.csv
./generate books $((ROWS / 10)) 9 $((ROWS + 1)) > books-tail.csv
./generate events "$ROWS" 42 > events.csv
# At more than a million rows the first million are imported too: the time's growth with the input.
[ "$ROWS" -gt 1000000 ] && head -n 1000001 books.csv > books-1m.csv

BOOK_COLUMNS=id,title,author,borrower,loaned_on,due_on,returned_on
EVENT_COLUMNS=id,title,person,starts_at,ends_at,image,description

# sqlite3 has no NULL for empty fields and no date-time normalization: .import goes into a TEMP table,
# then one INSERT … SELECT gives the same rows as the other tools (the schema's CHECKs refuse ''). Into
# an empty table the schema's indexes are dropped first and made again after the rows, as Almanac does.
sqlite_script() { # kind file database
  local drops="" creates=""
  if [ "$(sqlite3 "$3" "SELECT count(*) FROM $1")" = 0 ]; then
    drops=$(sqlite3 "$3" "SELECT 'DROP INDEX ' || name || ';' FROM sqlite_schema WHERE type = 'index' AND tbl_name = '$1' AND sql IS NOT NULL")
    creates=$(sqlite3 "$3" "SELECT sql || ';' FROM sqlite_schema WHERE type = 'index' AND tbl_name = '$1' AND sql IS NOT NULL")
  fi
  if [ "$1" = books ]; then
    cat <<SQL
.bail on
BEGIN;
$drops
.import --csv --schema temp $2 raw
INSERT INTO books ($BOOK_COLUMNS) SELECT nullif(id, ''), title, nullif(author, ''), nullif(borrower, ''),
  coalesce(nullif(loaned_on, ''), '$TODAY'), due_on, nullif(returned_on, '') FROM temp.raw;
$creates
COMMIT;
SQL
  else
    cat <<SQL
.bail on
BEGIN;
$drops
.import --csv --schema temp $2 raw
INSERT INTO events ($EVENT_COLUMNS) SELECT nullif(id, ''), title, nullif(person, ''),
  strftime('%Y-%m-%dT%H:%M:%SZ', starts_at), strftime('%Y-%m-%dT%H:%M:%SZ', nullif(ends_at, '')),
  nullif(image, ''), nullif(description, '') FROM temp.raw;
$creates
COMMIT;
SQL
  fi
}

fresh() { rm -f "$1" "$1-wal" "$1-shm"; "$ALMANAC" --db "$1" init >/dev/null; }

# run TOOL KIND FILE [PRELOAD]: prints "seconds kib" for one run on a fresh database.
run_once() {
  local tool=$1 kind=$2 file=$3 preload=${4:-} db=bench-$1.db out
  fresh "$db"
  if [ -n "$preload" ]; then "$ALMANAC" --db "$db" --today $TODAY import "$kind" "$preload" >/dev/null; fi
  case $tool in
    almanac) out=$(./measure "$ALMANAC" --db "$db" --today $TODAY import "$kind" "$file" 3>&1 >/dev/null 2>errors.txt) ;;
    sqlite3) sqlite_script "$kind" "$file" "$db" > script.sql
             out=$(./measure sqlite3 "$db" ".read script.sql" 3>&1 >/dev/null 2>errors.txt) ;;
    floor)   out=$(./measure ./floor "$db" "$kind" "$( [ "$kind" = books ] && echo $BOOK_COLUMNS || echo $EVENT_COLUMNS)" "$file" 3>&1 >/dev/null 2>errors.txt) ;;
  esac
  local count
  count=$(sqlite3 "$db" "SELECT count(*) FROM $kind")
  if [ "$tool" = duckdb ]; then
    rm -f bench-duckdb.duckdb bench-duckdb.duckdb.wal
    out=$(./measure "$DUCKDB_PYTHON" "$ROOT/Bench/duck.py" bench-duckdb.duckdb "$kind" "$file" 3>&1 >count.txt 2>errors.txt)
    count=$(cat count.txt)
    rm -f bench-duckdb.duckdb bench-duckdb.duckdb.wal count.txt
  fi
  echo "$out $count"
}

# median TOOL KIND FILE [PRELOAD]: "seconds kib rows", medians of $RUNS runs.
median() {
  local results=()
  for _ in $(seq "$RUNS"); do results+=("$(run_once "$@")"); done
  local seconds kib rows
  seconds=$(printf '%s\n' "${results[@]}" | awk '{print $1}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  kib=$(printf '%s\n' "${results[@]}" | awk '{print $2}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  rows=$(printf '%s\n' "${results[@]}" | awk '{print $3}' | sort -n | tail -1)
  echo "$seconds $kib $rows"
}

declare -A SECONDS_OF KIB_OF ROWS_OF
table() { # title kind file rows-in-file [preload]
  local title=$1 kind=$2 file=$3 expected=$4 preload=${5:-}
  local bytes
  bytes=$(stat -c %s "$file")
  echo
  echo "$title — $(printf "%'d" "$expected") rows, $(awk -v b="$bytes" 'BEGIN {printf "%.1f", b / 1e6}') MB, median of $RUNS"
  printf '%-10s %9s %12s %8s %10s %9s\n' tool seconds rows/s MB/s "peak RSS" ratio
  for tool in almanac sqlite3 floor duckdb; do
    [ -n "$preload" ] && { [ "$tool" = floor ] || [ "$tool" = duckdb ]; } && continue
    read -r s k r <<<"$(median "$tool" "$kind" "$file" "$preload")"
    SECONDS_OF[$tool]=$s; KIB_OF[$tool]=$k; ROWS_OF[$tool]=$r
  done
  for tool in almanac sqlite3 floor duckdb; do
    [ -n "${SECONDS_OF[$tool]:-}" ] || continue
    awk -v t=$tool -v s="${SECONDS_OF[$tool]}" -v k="${KIB_OF[$tool]}" -v n="$expected" -v b="$bytes" -v a="${SECONDS_OF[almanac]}" \
      'BEGIN {printf "%-10s %9.2f %12.0f %8.1f %7.1f MiB %8.2fx\n", t, s, n / s, b / 1e6 / s, k / 1024, s / a}'
  done
  for tool in almanac sqlite3 floor duckdb; do
    [ -n "${ROWS_OF[$tool]:-}" ] || continue
    echo "  rows in the table after $tool: ${ROWS_OF[$tool]}"
  done
}

table "books into an empty database" books books.csv "$ROWS"
BOOKS_ALMANAC=${SECONDS_OF[almanac]} BOOKS_SQLITE=${SECONDS_OF[sqlite3]} BOOKS_FLOOR=${SECONDS_OF[floor]} BOOKS_KIB=${KIB_OF[almanac]}
BOOKS_DUCKDB=${SECONDS_OF[duckdb]}
BOOKS_1M=$BOOKS_ALMANAC
if [ "$ROWS" -gt 1000000 ]; then
  read -r BOOKS_1M _ _ <<<"$(median almanac books books-1m.csv)"
  echo "  almanac on the file's first 1,000,000 rows: $BOOKS_1M s"
fi
read -r _ SMALL_KIB _ <<<"$(median almanac books books-small.csv)"
unset SECONDS_OF KIB_OF ROWS_OF; declare -A SECONDS_OF KIB_OF ROWS_OF
table "events into an empty database" events events.csv "$ROWS"
unset SECONDS_OF KIB_OF ROWS_OF; declare -A SECONDS_OF KIB_OF ROWS_OF
table "books into a table that already holds $((ROWS / 10)) rows (the file is larger: indexes rebuilt)" books books-more.csv "$ROWS" books-small.csv
MORE_ALMANAC=${SECONDS_OF[almanac]} MORE_SQLITE=${SECONDS_OF[sqlite3]}
unset SECONDS_OF KIB_OF ROWS_OF; declare -A SECONDS_OF KIB_OF ROWS_OF
table "books into a table that already holds $ROWS rows (indexes kept)" books books-tail.csv $((ROWS / 10)) books.csv
TAIL_ALMANAC=${SECONDS_OF[almanac]} TAIL_SQLITE=${SECONDS_OF[sqlite3]}

echo
echo "Almanac's peak RSS importing books: $((SMALL_KIB / 1024)) MiB for $((ROWS / 10)) rows, $((BOOKS_KIB / 1024)) MiB for $ROWS rows"
awk -v a="$BOOKS_ALMANAC" -v s="$BOOKS_SQLITE" -v f="$BOOKS_FLOOR" -v big="$BOOKS_KIB" -v small="$SMALL_KIB" \
    -v ma="$MORE_ALMANAC" -v ms="$MORE_SQLITE" -v ta="$TAIL_ALMANAC" -v ts="$TAIL_SQLITE" 'BEGIN {
  printf "acceptance: almanac / floor = %.2fx (<= 1.25)         %s\n", a / f, (a / f <= 1.25 ? "ok" : "MISSED")
  printf "acceptance: peak RSS %.1f MiB (<= 64 MiB)             %s\n", big / 1024, (big <= 65536 ? "ok" : "MISSED")
  printf "acceptance: RSS 1M / 100k = %.2f (<= 1.2)              %s\n", big / small, (big / small <= 1.2 ? "ok" : "MISSED")
  printf "acceptance: non-empty table, almanac %.2f s vs sqlite3 %.2f s   %s\n", ma, ms, (ma <= ms ? "ok" : "MISSED")
  printf "acceptance: non-empty table, indexes kept, almanac %.2f s vs sqlite3 %.2f s   %s\n", ta, ts, (ta <= ts ? "ok" : "MISSED")
}'
awk -v a="$BOOKS_ALMANAC" -v s="$BOOKS_SQLITE" -v d="$BOOKS_DUCKDB" -v big="$BOOKS_KIB" -v one="$BOOKS_1M" -v rows="$ROWS" 'BEGIN {
  need = rows >= 10000000 ? 1.6 : 1.5
  printf "acceptance: books, sqlite3 .import + CREATE INDEX / almanac = %.2fx (>= %.1f at %d rows)   %s\n", s / a, need, rows, (s / a >= need ? "ok" : "MISSED")
  if (rows > 1000000) printf "acceptance: time %d rows / 1M rows = %.2f (<= %.1f)   %s\n", rows, a / one, rows / 1e6 * 1.1, (a / one <= rows / 1e6 * 1.1 ? "ok" : "MISSED")
  printf "stretch: almanac / duckdb = %.2fx (<= 2)   %s\n", a / d, (a / d <= 2 ? "ok" : "MISSED")
}'
rm -f books-1m.csv
cleanup books.csv books-small.csv books-more.csv books-tail.csv script.sql errors.txt bench-*.db bench-*.db-wal bench-*.db-shm
echo "load while measuring: $(cut -d' ' -f1-3 /proc/loadavg)"
