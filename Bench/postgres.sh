#!/usr/bin/env bash
# `make bench-postgres`: Almanac on PostgreSQL against PostgreSQL's own client and against itself on
# SQLite, in one run, on a throwaway cluster (scripts/pg-cluster: Unix sockets, fsync off; its standby
# is stopped for the run and autovacuum turned off, so neither replays or vacuums behind a timing;
# a CHECKPOINT before every timed import):
#   import    the import bench's books file ($ROWS rows, `generate books $ROWS 42`, ids given): `almanac
#             import books` into a fresh database after `almanac init`, against `psql -c "\copy books
#             (columns) FROM FILE CSV HEADER"` into another fresh database `almanac init` made (the same
#             table, constraints, trigger and indexes), and `almanac import` into a fresh SQLite file
#             for reference, the three in turn (A B C A B C …). Wall time, the client's CPU, the server's CPU
#             (the postmaster's children and the backends it reaped, from /proc) and the client's peak
#             RSS from wait4 (the server's memory is the server's, alike for both);
#   listings  `books list --format csv` over those $ROWS loans (the last import's database, after
#             VACUUM ANALYZE) on PostgreSQL against `psql --csv` and on SQLite against `sqlite3 -csv` on
#             the same query (`... FROM books ORDER BY due_on, id`, the table's columns: `books list`
#             adds each loan's status and days overdue), all four in turn;
#   reports   every built-in report (`report run NAME --format csv`) and `overdue --format nagios` and
#             `--format csv` over a library's history ($ROWS loans, `generate loans`) and $ROWS events
#             (`generate events`), as listing.sh benches them, on SQLite and PostgreSQL in turn, with
#             whether the two outputs are byte for byte the same.
# Figures are medians of $BENCH_RUNS (default 3) runs, $BENCH_REPORT_RUNS (default 5) for the reports,
# whole processes, output to /dev/null. The cluster lives in $BENCH_PG_DIR (default $WORK/pg) and is
# stopped and removed at the end, whatever happens.
set -euo pipefail
source "$(dirname "$0")/common.sh"
RUNS=${BENCH_RUNS:-3}
REPORT_RUNS=${BENCH_REPORT_RUNS:-5}
PG_DIR=${BENCH_PG_DIR:-$WORK/pg}
TODAY=2025-06-01
HISTORY_DAY=2025-12-22
BOOK_COLUMNS=id,title,author,borrower,loaned_on,due_on,returned_on
LIST_QUERY="SELECT $BOOK_COLUMNS FROM books ORDER BY due_on, id"
needs_sqlite3
needs_disk 2.5
build generate
build measure

# The cluster: started here, stopped (and its folder removed) on every exit.
"$ROOT/scripts/pg-cluster" stop "$PG_DIR" 2>/dev/null || true
cluster=$("$ROOT/scripts/pg-cluster" start "$PG_DIR") || { echo "make bench-postgres: no PostgreSQL cluster (make test-deps installs postgresql)" >&2; exit 1; }
eval "$cluster"
trap '"$ROOT/scripts/pg-cluster" stop "$PG_DIR"' EXIT
PORT=$ALMANAC_TEST_PG_PORT
PSQL=$ALMANAC_TEST_PG_BINDIR/psql
owner=()
[ "$(id -u)" = 0 ] && owner=(runuser -u "$(stat -c %U "$PG_DIR")" --)
"${owner[@]}" "$ALMANAC_TEST_PG_BINDIR/pg_ctl" -D "$PG_DIR/standby" -m fast -w -s stop
POSTMASTER=$(head -n 1 "$PG_DIR/primary/postmaster.pid")
pg() { # DATABASE ARGS...: psql on the cluster as the superuser almanac, stopping at the first error
  local db=$1
  shift
  PGOPTIONS="-c client_min_messages=warning" "$PSQL" -X -q -v ON_ERROR_STOP=1 -h "$PG_DIR" -p "$PORT" -U almanac -d "$db" "$@"
}
url() { echo "postgresql:///$1?host=$PG_DIR&port=$PORT&user=almanac"; }
pg postgres -c "ALTER SYSTEM SET autovacuum = off" -c "SELECT pg_reload_conf()" >/dev/null

cd "$WORK"
echo "Generating seeded files ($ROWS rows) in $WORK ..."
./generate books "$ROWS" 42 > postgres-books.csv
./generate loans "$ROWS" 42 > postgres-loans.csv
./generate events "$ROWS" 42 > postgres-events.csv

TICKS=$(getconf CLK_TCK)
# server_ticks: the cluster's processor time so far, in clock ticks: the postmaster's own and that of
# the children it reaped (every backend that has ended), and its live children's (checkpointer, WAL
# writer, backends still running).
server_ticks() {
  local pid ticks=0 fields
  for pid in "$POSTMASTER" $(pgrep -P "$POSTMASTER"); do
    fields=$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null) || continue
    ticks=$((ticks + $(awk '{print $12 + $13 + $14 + $15}' <<<"$fields")))
  done
  echo "$ticks"
}

# timed COMMAND...: "seconds kib client_cpu server_cpu" of one run, its output to /dev/null, or "failed"
# when it exited above $OK_EXIT (overdue's 0-3 are its verdicts). The server's figure waits until the
# backends the command started have ended (at most 2 s).
timed() {
  local before after children out rc=0 deadline=$((SECONDS + 2)) seconds kib cpu
  children=$(pgrep -c -P "$POSTMASTER" || true)
  before=$(server_ticks)
  out=$(MEASURE_CPU=1 ./measure "$@" 3>&1 >/dev/null 2>postgres-errors.txt) || rc=$?
  while [ "$(pgrep -c -P "$POSTMASTER" || true)" -gt "$children" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.02; done
  after=$(server_ticks)
  if [ "$rc" -gt "${OK_EXIT:-0}" ]; then
    echo "make bench-postgres: $* exited with $rc: $(head -c 300 postgres-errors.txt)" >&2
    echo failed
    return
  fi
  read -r seconds kib cpu <<<"$out"
  echo "$seconds $kib $cpu $(awk -v t=$((after - before)) -v hz="$TICKS" 'BEGIN {printf "%.2f", t / hz}')"
}

# medians: the median of each field of the lines on standard input ("seconds kib cpu server"), or
# "failed" when one is.
medians() {
  awk 'NF' | awk '
    $1 == "failed" { failed = 1 }
    { n++; for (f = 1; f <= 4; f++) v[f, n] = $f }
    END {
      if (failed) { print "failed"; exit }
      for (f = 1; f <= 4; f++) {
        for (i = 1; i <= n; i++) a[i] = v[f, i]
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        printf "%s%s", a[int((n + 1) / 2)], (f < 4 ? " " : "\n")
      }
    }'
}

# fresh_pg NAME: a new database NAME made by `almanac init`, then a checkpoint, so that no run writes
# the last one's pages.
fresh_pg() {
  pg postgres -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1"
  "$ALMANAC" --db "$(url "$1")" init >/dev/null
  pg postgres -c CHECKPOINT
}
fresh_sqlite() { rm -f "$1" "$1-wal" "$1-shm"; "$ALMANAC" --db "$1" init >/dev/null; }
pg_count() { pg "$1" -At -c "SELECT count(*) FROM $2"; }

# The import, the three in turn: "tool seconds kib cpu server rows" for each run.
declare -A RUNS_OF ROWS_OF
for _ in $(seq "$RUNS"); do
  fresh_pg import_almanac
  RUNS_OF[almanac-pg]+="$(timed "$ALMANAC" --db "$(url import_almanac)" --today $TODAY import books postgres-books.csv)"$'\n'
  ROWS_OF[almanac-pg]=$(pg_count import_almanac books)
  fresh_pg import_psql
  RUNS_OF[psql]+="$(timed "$PSQL" -X -q -v ON_ERROR_STOP=1 -h "$PG_DIR" -p "$PORT" -U almanac -d import_psql \
    -c "\\copy books ($BOOK_COLUMNS) FROM 'postgres-books.csv' CSV HEADER")"$'\n'
  ROWS_OF[psql]=$(pg_count import_psql books)
  fresh_sqlite postgres-listing.db
  RUNS_OF[almanac-sqlite]+="$(timed "$ALMANAC" --db postgres-listing.db --today $TODAY import books postgres-books.csv)"$'\n'
  ROWS_OF[almanac-sqlite]=$(sqlite3 postgres-listing.db "SELECT count(*) FROM books")
done
pg postgres -c "DROP DATABASE import_psql"

row() { # label "seconds kib cpu server" [reference seconds]: one line of a table
  awk -v l="$1" -v line="$2" -v ref="${3:-}" 'BEGIN {
    if (line == "failed") { printf "%-46s %8s\n", l, "failed"; exit }
    split(line, f, " ")
    printf "%-46s %8.2f %9.2f %9.2f %8.1f MiB", l, f[1], f[3], f[4], f[2] / 1024
    if (ref != "" && ref != "failed") printf " %8.2fx", f[1] / ref
    printf "\n" }'
}
header() { printf '%-46s %8s %9s %9s %12s %9s\n' "$1" seconds "client s" "server s" "peak RSS" "$2"; }

echo
echo "import of $(printf "%'d" "$ROWS") books ($(awk -v b="$(stat -c %s postgres-books.csv)" 'BEGIN {printf "%.1f", b / 1e6}') MB) into a fresh database after \`almanac init\`, median of $RUNS, in turn"
header "tool" "vs psql"
PSQL_IMPORT=$(medians <<<"${RUNS_OF[psql]}")
PSQL_SECONDS=${PSQL_IMPORT%% *}
ALMANAC_IMPORT=$(medians <<<"${RUNS_OF[almanac-pg]}")
row "almanac import books (PostgreSQL)" "$ALMANAC_IMPORT" "$PSQL_SECONDS"
row "psql \\copy books (PostgreSQL)" "$PSQL_IMPORT" "$PSQL_SECONDS"
row "almanac import books (SQLite, for reference)" "$(medians <<<"${RUNS_OF[almanac-sqlite]}")" "$PSQL_SECONDS"
for tool in almanac-pg psql almanac-sqlite; do echo "  rows in the table after $tool: ${ROWS_OF[$tool]}"; done
echo "client s: the command's user + system time; server s: the cluster's, for that command (SQLite has none)"

# The listing and report databases, made once and read by every run: VACUUM ANALYZE on PostgreSQL (as
# after any large load: statistics, and the visibility map index-only scans read).
pg postgres -c "ALTER DATABASE import_almanac RENAME TO listing"
pg listing -c "VACUUM ANALYZE"
sqlite3 postgres-listing.db "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
echo
echo "Importing $ROWS loans and $ROWS events into both stores for the reports ..."
fresh_sqlite postgres-reports.db
pg postgres -c "CREATE DATABASE reports"
for db in postgres-reports.db "$(url reports)"; do
  "$ALMANAC" --db "$db" init >/dev/null
  "$ALMANAC" --db "$db" --today $HISTORY_DAY import books postgres-loans.csv >/dev/null
  "$ALMANAC" --db "$db" --today $HISTORY_DAY import events postgres-events.csv >/dev/null
done
pg reports -c "VACUUM ANALYZE"
sqlite3 postgres-reports.db "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null

# same SQLITE PG ARGS...: "same" when `almanac ARGS` prints the same bytes on both databases.
same() {
  local sqlite=$1 postgres=$2
  shift 2
  "$ALMANAC" --db "$sqlite" "$@" >postgres-out-sqlite.txt 2>/dev/null || true
  "$ALMANAC" --db "$postgres" "$@" >postgres-out-pg.txt 2>/dev/null || true
  if cmp -s postgres-out-sqlite.txt postgres-out-pg.txt; then echo same; else echo DIFFERS; fi
  rm -f postgres-out-sqlite.txt postgres-out-pg.txt
}

echo
echo "listing $(printf "%'d" "$ROWS") loans to /dev/null, median of $RUNS, the four in turn; the shells on"
echo "\`$LIST_QUERY\`"
header "command" "ratio"
declare -A LIST
for _ in $(seq "$RUNS"); do
  LIST[almanac-pg]+="$(timed "$ALMANAC" --db "$(url listing)" --today $TODAY books list --format csv)"$'\n'
  LIST[psql]+="$(timed "$PSQL" -X -q -h "$PG_DIR" -p "$PORT" -U almanac -d listing --csv -c "$LIST_QUERY")"$'\n'
  LIST[almanac-sqlite]+="$(timed "$ALMANAC" --db postgres-listing.db --today $TODAY books list --format csv)"$'\n'
  LIST[sqlite3]+="$(timed sqlite3 -csv -header postgres-listing.db "$LIST_QUERY")"$'\n'
done
PSQL_LIST=$(medians <<<"${LIST[psql]}")
SQLITE3_LIST=$(medians <<<"${LIST[sqlite3]}")
LIST_PG=$(medians <<<"${LIST[almanac-pg]}")
row "books list --format csv (PostgreSQL) vs psql" "$LIST_PG" "${PSQL_LIST%% *}"
row "psql --csv (PostgreSQL)" "$PSQL_LIST"
row "books list --format csv (SQLite) vs sqlite3" "$(medians <<<"${LIST[almanac-sqlite]}")" "${SQLITE3_LIST%% *}"
row "sqlite3 -csv (SQLite)" "$SQLITE3_LIST"
echo "  books list's output on both stores: $(same postgres-listing.db "$(url listing)" --today $TODAY books list --format csv)"

echo
echo "reports over $(printf "%'d" "$ROWS") loans (a library's history, on $HISTORY_DAY) and $(printf "%'d" "$ROWS") events, --format csv,"
echo "median of $REPORT_RUNS, SQLite and PostgreSQL in turn, whole processes (seconds; peak RSS of the client)"
printf '%-34s %17s %28s %8s %7s\n' command SQLite "PostgreSQL (server s)" "PG/SQL" output
# compare LABEL ARGS...: one line, the command on both databases in turn.
compare() {
  local label=$1 sqlite="" postgres="" s p
  shift
  for _ in $(seq "$REPORT_RUNS"); do
    sqlite+="$(timed "$ALMANAC" --db postgres-reports.db --today $HISTORY_DAY "$@")"$'\n'
    postgres+="$(timed "$ALMANAC" --db "$(url reports)" --today $HISTORY_DAY "$@")"$'\n'
  done
  s=$(medians <<<"$sqlite")
  p=$(medians <<<"$postgres")
  awk -v l="$label" -v s="$s" -v p="$p" -v same="$(same postgres-reports.db "$(url reports)" --today $HISTORY_DAY "$@")" 'BEGIN {
    split(s, a, " "); split(p, b, " ")
    printf "%-34s", l
    if (s == "failed") printf " %17s", "failed"; else printf " %6.3f s %5.1f MiB", a[1], a[2] / 1024
    if (p == "failed") printf " %28s", "failed"; else printf " %6.3f s %5.1f MiB (%6.3f s)", b[1], b[2] / 1024, b[4]
    if (s != "failed" && p != "failed") printf " %7.2fx", b[1] / a[1]; else printf " %8s", "-"
    printf " %7s\n", same }'
}
for report in $("$ALMANAC" --db postgres-reports.db report list --format tsv | tail -n +2 | cut -f1); do
  args=()
  [ "$report" = events-by-day ] && args=(--param from=2025-06-02 --param days=7)
  compare "report run $report" report run "$report" --format csv "${args[@]}"
done
OK_EXIT=3 compare "overdue --format nagios" overdue --format nagios
OK_EXIT=3 compare "overdue --format csv" overdue --format csv

echo
awk -v a="$ALMANAC_IMPORT" -v p="$PSQL_IMPORT" 'BEGIN {
  if (a == "failed" || p == "failed") { print "acceptance: PostgreSQL import failed   MISSED"; exit }
  split(a, x, " "); split(p, y, " ")
  printf "acceptance: PostgreSQL import, almanac %.2f s / psql \\copy %.2f s = %.2fx (<= 1.5)   %s\n", x[1], y[1], x[1] / y[1], (x[1] <= 1.5 * y[1] ? "ok" : "MISSED")
  printf "acceptance: almanac peak RSS importing into PostgreSQL %.1f MiB (<= 64 MiB)   %s\n", x[2] / 1024, (x[2] <= 65536 ? "ok" : "MISSED")
}'
rm -f postgres-errors.txt
cleanup postgres-books.csv postgres-loans.csv postgres-events.csv postgres-listing.db* postgres-reports.db*
echo "load while measuring: $(cut -d' ' -f1-3 /proc/loadavg)"
