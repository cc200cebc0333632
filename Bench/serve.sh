#!/usr/bin/env bash
# `make bench-serve` (part of `make bench`): `almanac serve` under load from second processes, on the
# sample data plus $BENCH_SERVE_LOANS generated loans (100,000; `generate books`), the release binary,
# side by side with the reference: the last release on FlyingFox (e64ec39, built once into
# $WORK/flyingfox; or $BENCH_SERVE_REFERENCE, a binary), in one table.
#   reading  wrk, $CONNECTIONS connections for $DURATION s on / (the sample data alone) and on /books
#            and /books?page=1 (with the loans), the reference then this build: requests/s, p50, p99,
#            answers other than 2xx, the server's resident memory at start, two thirds of the way and
#            at the end;
#   flood    this build under wrk for $FLOOD s on /books?page=1, its memory every 10 s: bounded when
#            the last samples hold;
#   writing  the same GETs of /books while 4 clients POST book returns and door openings (each its own
#            holiday, doors 1 to 24 in order, then a reset; Bench/serve_writers.py) and a cron
#            `almanac overdue --notify` runs every second from another process, on a fresh copy.
# Then it checks: no 5xx anywhere, every return answered 303 is in the database once and no other loan
# was returned, every holiday's open doors are what its client opened, every cron run ended 0 or 2,
# and the notices are those `overdue --notify` records (no loan noticed twice at a level, and a last
# run finds none missing); and the issue's bounds: / at 5,000 requests/s or more with a p99 of 10 ms
# or less, /books?page=1 at 3,000 or more. Skipped, with a message, when wrk is not installed.
set -euo pipefail
source "$(dirname "$0")/common.sh"
LOANS=${BENCH_SERVE_LOANS:-100000}
DURATION=${BENCH_SERVE_SECONDS:-30}
FLOOD=${BENCH_SERVE_FLOOD:-60}
CONNECTIONS=16
REFERENCE_COMMIT=e64ec39
if ! command -v wrk >/dev/null 2>&1; then
  echo "make bench-serve: skipped: wrk is not installed (apt-get install wrk, then make bench-serve)"
  exit 0
fi
needs_sqlite3
build generate

# The reference binary: the FlyingFox server as it was, built once from its commit (a few minutes).
REFERENCE=${BENCH_SERVE_REFERENCE:-$WORK/flyingfox/almanac}
if [ ! -x "$REFERENCE" ]; then
  echo "Building the reference ($REFERENCE_COMMIT, almanac serve on FlyingFox) into $WORK/flyingfox ..."
  rm -rf "$WORK/flyingfox-src"
  git -C "$ROOT" worktree prune
  git -C "$ROOT" worktree add --detach "$WORK/flyingfox-src" "$REFERENCE_COMMIT" >/dev/null
  # FlyingFox brought Foundation's networking, which a static binary links against libcurl.
  if [ ! -f /usr/include/curl/curl.h ] && [ ! -f "/usr/include/$(uname -m)-linux-gnu/curl/curl.h" ]; then
    sudo=sudo
    [ "$(id -u)" = 0 ] && sudo=""
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libcurl4-openssl-dev
  fi
  (cd "$WORK/flyingfox-src" &&
    swift build -c release --product almanac --static-swift-stdlib --scratch-path "$WORK/flyingfox-build" \
      >"$WORK/flyingfox-build.log" 2>&1) ||
    { tail -20 "$WORK/flyingfox-build.log" >&2; echo "make bench-serve: the reference did not build" >&2; exit 1; }
  mkdir -p "$WORK/flyingfox"
  cp "$WORK/flyingfox-build/release/almanac" "$REFERENCE"
  git -C "$ROOT" worktree remove --force "$WORK/flyingfox-src"
fi
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

# start [BINARY]: the server (this build, or BINARY) on serve.db, a free port; sets PID and URL.
start() {
  "${1:-$ALMANAC}" --db serve.db serve --port 0 >serve.out 2>serve.err &
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
  printf '%-42s %10s %9s %9s %8s %10s %8s %8s\n' "$label" "$rate" "$p50" "$p99" "$other" "$before MB" "$middle MB" \
    "$after MB"
  RATE=$rate P99=$p99
}

# ms TIME: wrk's latency (850.00us, 5.61ms, 1.02s) in milliseconds.
ms() { awk -v t="$1" 'BEGIN { if (t ~ /us$/) print t / 1000; else if (t ~ /ms$/) print t + 0; else print t * 1000 }'; }

# bound LABEL OK-CONDITION TEXT: prints the issue's bound as ok or MISSED.
bound() {
  if awk "BEGIN { exit !($2) }"; then echo "  ok      $1: $3"; else echo "  MISSED  $1: $3"; fi
}

FAILED=0
# A run stopped half way (a failure, Ctrl-C) leaves no server or cron loop behind.
PID="" CRON=""
trap 'for job in $PID $CRON; do kill "$job" 2>/dev/null || true; done' EXIT
echo
echo "almanac serve: wrk -t2 -c$CONNECTIONS -d${DURATION}s from another process, on loopback; the sample data, then"
echo "the sample data and $LOANS generated loans (load average $(cut -d' ' -f1-3 /proc/loadavg)); each page on the"
echo "reference (FlyingFox, $REFERENCE_COMMIT) and on this build (Hummingbird 2), one after the other"
printf '%-42s %10s %9s %9s %8s %10s %8s %8s\n' scenario requests/s p50 p99 non-2xx "RSS start" "at $((DURATION * 2 / 3)) s" end
declare -A RATES P99S
for page in / /books "/books?page=1"; do
  for server in FlyingFox Hummingbird; do
    binary=$ALMANAC
    [ "$server" = FlyingFox ] && binary=$REFERENCE
    if [ "$page" = / ]; then fresh "$sample"; data="sample data"; else fresh; data="$LOANS loans"; fi
    start "$binary"
    load "$page" "$server: GET $page ($data)"
    stop
    RATES[$server$page]=$RATE P99S[$server$page]=$(ms "$P99")
  done
done
echo
echo "The issue's bounds, this build (the reference for comparison):"
bound "GET / requests/s" "${RATES[Hummingbird/]} >= 5000" "${RATES[Hummingbird/]} (>= 5,000; FlyingFox ${RATES[FlyingFox/]})"
bound "GET / p99" "${P99S[Hummingbird/]} <= 10" "${P99S[Hummingbird/]} ms (<= 10 ms; FlyingFox ${P99S[FlyingFox/]} ms)"
bound "GET /books?page=1 requests/s" "${RATES[Hummingbird/books?page=1]} >= 3000" \
  "${RATES[Hummingbird/books?page=1]} (>= 3,000; FlyingFox ${RATES[FlyingFox/books?page=1]})"

# A flood: this build under wrk for $FLOOD s, its resident memory every 10 s.
fresh
start
wrk -t2 -c"$CONNECTIONS" -d"${FLOOD}s" "${URL%/}/books?page=1" >serve-flood.txt &
FLOODER=$!
samples=()
for ((second = 0; second <= FLOOD; second += 10)); do
  samples+=("$(rss)")
  [ "$second" -lt "$FLOOD" ] && sleep 10
done
wait "$FLOODER" || true
stop
flood_rate=$(awk '/^Requests\/sec/ {printf "%.0f", $2}' serve-flood.txt)
echo
echo "Flood: GET /books?page=1 for $FLOOD s at $flood_rate requests/s; resident memory every 10 s: ${samples[*]} MB"
last=${samples[-1]} before_last=${samples[-2]}
bound "memory under a ${FLOOD} s flood" "$last <= $before_last * 1.1 + 2 && $last <= 256" \
  "$last MB at the end, $before_last MB 10 s before (holds within 10 %, under 256 MB)"

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
