#!/usr/bin/env bash
# `make bench-serve` (part of `make bench`): `almanac serve` under load from second processes, on the
# sample data plus $BENCH_SERVE_LOANS generated loans (100,000; `generate books`), the release binary.
#   reading  wrk, $CONNECTIONS connections for $DURATION s on / (the sample data alone) and on /books
#            and /books?page=1 (with the loans): requests/s, p50, p99, answers other than 2xx, the
#            server's resident memory at start, two thirds of the way and at the end;
#   writing  the same GETs of /books while 4 clients POST book returns and door openings (each its own
#            holiday, doors 1 to 24 in order, then a reset; Bench/serve_writers.py) and a cron
#            `almanac overdue --notify` runs every second from another process, on a fresh copy.
# Then it checks: no 5xx anywhere, every return answered 303 is in the database once and no other loan
# was returned, every holiday's open doors are what its client opened, every cron run ended 0 or 2,
# and the notices are those `overdue --notify` records (no loan noticed twice at a level, and a last
# run finds none missing). Skipped, with a message, when wrk is not installed.
set -euo pipefail
source "$(dirname "$0")/common.sh"
LOANS=${BENCH_SERVE_LOANS:-100000}
DURATION=${BENCH_SERVE_SECONDS:-30}
CONNECTIONS=16
if ! command -v wrk >/dev/null 2>&1; then
  echo "make bench-serve: skipped: wrk is not installed (apt-get install wrk, then make bench-serve)"
  exit 0
fi
needs_sqlite3
build generate
cd "$WORK"

# The sample data (`almanac demo --keep`) with $LOANS generated loans from id 1001, made once.
base=serve-base.db
if [ ! -f "$base" ] || [ "$(sqlite3 "$base" 'SELECT count(*) FROM books WHERE id > 1000')" != "$LOANS" ]; then
  echo "Making $base: the sample data and $LOANS generated loans ..."
  rm -rf serve-demo "$base" "$base-wal" "$base-shm"
  mkdir serve-demo
  TMPDIR=$WORK/serve-demo "$ALMANAC" demo --keep >/dev/null
  mv serve-demo/almanac-demo-*/almanac.db "$base"
  rm -rf serve-demo
  ./generate books "$LOANS" 42 1001 >serve-books.csv
  "$ALMANAC" --db "$base" --today 2025-06-01 import books serve-books.csv >/dev/null
  sqlite3 "$base" 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
  rm -f serve-books.csv
fi

# The sample data alone, for the home page (a library's front page; it lists ten overdue loans).
sample=serve-sample.db
if [ ! -f "$sample" ]; then
  rm -rf serve-demo && mkdir serve-demo
  TMPDIR=$WORK/serve-demo "$ALMANAC" demo --keep >/dev/null
  mv serve-demo/almanac-demo-*/almanac.db "$sample"
  rm -rf serve-demo
fi

# fresh [BASE]: a copy of the base (or BASE) to serve, whatever the last run left.
fresh() {
  rm -f serve.db serve.db-wal serve.db-shm
  cp "${1:-$base}" serve.db
}

# start: the server on serve.db, a free port; sets PID and URL.
start() {
  "$ALMANAC" --db serve.db serve --port 0 >serve.out 2>serve.err &
  PID=$!
  for _ in $(seq 100); do
    URL=$(grep -o 'http://[^ ]*' serve.out 2>/dev/null || true)
    [ -n "$URL" ] && return
    sleep 0.1
  done
  echo "make bench-serve: the server did not start: $(cat serve.err)" >&2
  exit 1
}

stop() {
  kill -TERM "$PID"
  wait "$PID" || { echo "make bench-serve: the server exited $? on SIGTERM" >&2; FAILED=1; }
  PID=""
}

rss() { ps -o rss= -p "$PID" | awk '{printf "%.0f", $1 / 1024}'; }

# load PATH: one row of the table from wrk's report; counts 5xx and other non-2xx answers. The server's
# memory before, two thirds of the way through and after: flat memory has the last two alike.
load() {
  local path=$1 label=$2 before middle after report
  before=$(rss)
  (sleep "$((DURATION * 2 / 3))"; rss >serve-rss.txt) &
  report=$(wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency "${URL%/}$path")
  after=$(rss)
  wait $!
  middle=$(cat serve-rss.txt)
  local rate p50 p99 other
  rate=$(awk '/^Requests\/sec/ {printf "%.0f", $2}' <<<"$report")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$report")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$report")
  other=$(awk '/Non-2xx or 3xx responses/ {print $5}' <<<"$report")
  other=${other:-0}
  [ "$other" = 0 ] || { echo "make bench-serve: $label: $other answers were not 2xx" >&2; FAILED=1; }
  printf '%-34s %10s %9s %9s %8s %10s %8s %8s\n' "$label" "$rate" "$p50" "$p99" "$other" "$before MB" "$middle MB" \
    "$after MB"
}

FAILED=0
# A run stopped half way (a failure, Ctrl-C) leaves no server or cron loop behind.
PID="" CRON=""
trap 'for job in $PID $CRON; do kill "$job" 2>/dev/null || true; done' EXIT
echo
echo "almanac serve: wrk -t2 -c$CONNECTIONS -d${DURATION}s from another process, on loopback; the sample data, then"
echo "the sample data and $LOANS generated loans (load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-34s %10s %9s %9s %8s %10s %8s %8s\n' scenario requests/s p50 p99 non-2xx "RSS start" "at $((DURATION * 2 / 3)) s" end

fresh "$sample"
start
load / "GET / (sample data)"
stop
fresh
start
for path in /books "/books?page=1"; do load "$path" "GET $path ($LOANS loans)"; done
stop

# Writers: a fresh copy, every holiday's doors closed, its open loans as the clients' work.
fresh
for holiday in $(sqlite3 serve.db 'SELECT key FROM holidays ORDER BY key LIMIT 4'); do
  "$ALMANAC" --db serve.db calendar reset "$holiday" --yes >/dev/null
done
holidays=$(sqlite3 serve.db 'SELECT group_concat(key) FROM (SELECT key FROM holidays ORDER BY key LIMIT 4)')
sqlite3 serve.db 'SELECT id FROM books WHERE returned_on IS NULL ORDER BY random()' >serve-open.txt
start
page=$(curl -s "${URL}books")
token=$(grep -o -m1 'name="csrf" value="[0-9a-f]*"' <<<"$page" | cut -d'"' -f4)
(
  while kill -0 "$PID" 2>/dev/null; do
    status=0
    "$ALMANAC" --db serve.db overdue --notify --quiet >/dev/null 2>>serve-cron.err || status=$?
    echo "$status"
    sleep 1
  done
) >serve-cron.txt &
CRON=$!
python3 "$ROOT/Bench/serve_writers.py" "$URL" "$token" "$DURATION" "$holidays" serve-open.txt >serve-writers.json &
WRITERS=$!
load /books "GET /books + 4 writers + cron"
wait "$WRITERS"
stop
wait "$CRON" || true
CRON=""
today=$(date +%F)

# The checks.
python3 - "$today" <<'PYTHON' || FAILED=1
import json, sqlite3, sys
today = sys.argv[1]
out = json.load(open("serve-writers.json"))
statuses = {int(status): count for status, count in out["statuses"].items()}
failures = []
if any(status >= 500 for status in statuses):
    failures.append("5xx answers: %s" % statuses)
database = sqlite3.connect("serve.db")
returned = set(row[0] for row in database.execute("SELECT id FROM books WHERE returned_on = ?", (today,)))
answered = out["returned"]
if len(answered) != len(set(answered)):
    failures.append("a loan was answered 303 twice")
if returned != set(answered):
    failures.append("%d returns answered 303, %d loans returned today" % (len(answered), len(returned)))
for holiday, doors in out["open_doors"].items():
    opened = database.execute(
        "SELECT count(*) FROM doors WHERE holiday = ? AND opened_at IS NOT NULL", (holiday,)).fetchone()[0]
    if opened != doors:
        failures.append("%s: %d doors open, its client opened %d" % (holiday, opened, doors))
twice = database.execute(
    "SELECT count(*) FROM (SELECT book_id, level FROM overdue_notices GROUP BY 1, 2 HAVING count(*) > 1)").fetchone()[0]
if twice:
    failures.append("%d loans noticed twice at one level" % twice)
runs = [int(line) for line in open("serve-cron.txt") if line.strip()]
if not runs or any(status not in (0, 2) for status in runs):
    failures.append("cron runs ended %s" % sorted(set(runs)))
notices = database.execute("SELECT count(*) FROM overdue_notices WHERE issued_on = ?", (today,)).fetchone()[0]
print("writers: %s; %d loans returned (%d answered 303), %d doors opened, %d resets; %d cron runs, %d notices today"
      % (", ".join("%d x %d" % (count, status) for status, count in sorted(statuses.items())), len(returned),
         len(answered), out["doors_opened"], out["resets"], len(runs), notices))
for failure in failures:
    print("make bench-serve: " + failure, file=sys.stderr)
sys.exit(1 if failures else 0)
PYTHON
before=$(sqlite3 serve.db 'SELECT count(*) FROM overdue_notices')
"$ALMANAC" --db serve.db overdue --notify --quiet >/dev/null || true
after=$(sqlite3 serve.db 'SELECT count(*) FROM overdue_notices')
if [ "$before" != "$after" ]; then
  echo "make bench-serve: a last overdue --notify recorded $((after - before)) notices the cron runs missed" >&2
  FAILED=1
fi
integrity=$(sqlite3 serve.db 'PRAGMA integrity_check')
[ "$integrity" = ok ] || { echo "make bench-serve: integrity_check: $integrity" >&2; FAILED=1; }
echo "checks: $([ "$FAILED" = 0 ] && echo "all held" || echo FAILED) (no 5xx, each return once, doors as opened, notices as recorded, integrity ok)"
exit "$FAILED"
