#!/usr/bin/env bash
# `make bench` (and `make bench-listing`): printing rows. Two databases of $ROWS rows each:
#   books   the import bench's books file (`generate books`, 80% of the loans open), listed whole by
#           this build (`query "select * from books"` in every format, `books list`), by the reference
#           (the release binary of $REFERENCE_COMMIT, built once into $WORK/reference-$REFERENCE_COMMIT, or
#           $BENCH_LISTING_REFERENCE, a binary; it reads the same database) and by the sqlite3 shell
#           (-csv, -json, -box) on the same query, the three in turn, in one table: time and peak RSS,
#           output to /dev/null;
#   reports a library's loan history (`generate loans`, the database cron checks every night) and the
#           events file: every built-in report (`report run NAME --format csv`) and
#           `overdue --format nagios`, as whole processes.
# Each command runs under `ulimit -v` ($BENCH_LISTING_VMEM_KIB, default 8 GiB): one that would take more
# is reported as failed instead of taking the machine. Listings: the median of $BENCH_LISTING_RUNS
# (default 3: one lucky or slow run of either side must not decide a line); reports and nagios: the
# median of $BENCH_REPORT_RUNS (default 5).
set -euo pipefail
source "$(dirname "$0")/common.sh"
# The listings' reference: the last release before issue 39 made them faster again.
REFERENCE_COMMIT=b22d355
RUNS=${BENCH_LISTING_RUNS:-3}
REPORT_RUNS=${BENCH_REPORT_RUNS:-5}
VMEM_KIB=${BENCH_LISTING_VMEM_KIB:-8388608}
TODAY=2025-06-01
HISTORY_DAY=2025-12-22
needs_sqlite3
needs_disk 0.7
build generate
build measure

# The reference binary, built once from its commit as `make release` built it then (a few minutes).
REFERENCE=${BENCH_LISTING_REFERENCE:-$WORK/reference-$REFERENCE_COMMIT/almanac}
if [ ! -x "$REFERENCE" ]; then
  echo "Building the reference ($REFERENCE_COMMIT) into $WORK/reference-$REFERENCE_COMMIT ..."
  rm -rf "$WORK/reference-src"
  git -C "$ROOT" worktree prune
  git -C "$ROOT" worktree add --detach "$WORK/reference-src" "$REFERENCE_COMMIT" >/dev/null
  (cd "$WORK/reference-src" &&
    swift build -c release --product almanac --static-swift-stdlib --scratch-path "$WORK/reference-build" \
      >"$WORK/reference-build.log" 2>&1) ||
    { tail -20 "$WORK/reference-build.log" >&2; echo "make bench-listing: the reference did not build" >&2; exit 1; }
  mkdir -p "$(dirname "$REFERENCE")"
  cp "$WORK/reference-build/release/almanac" "$REFERENCE"
  git -C "$ROOT" worktree remove --force "$WORK/reference-src"
fi
cd "$WORK"

# database NAME TODAY KIND:GENERATOR...: imports freshly generated files (on the day TODAY: no loan is
# returned after it) unless NAME.db already holds them.
database() {
  local db=$1 today=$2 stamp=$1.$ROWS.done
  shift 2
  [ -f "$db.db" ] && [ -f "$stamp" ] && return
  echo "Generating and importing $ROWS rows of $* into $db.db ..."
  rm -f "$db".db "$db".db-wal "$db".db-shm "$db".*.done
  "$ALMANAC" --db "$db.db" init >/dev/null
  for spec in "$@"; do
    IFS=: read -r kind generator <<<"$spec"
    ./generate "$generator" "$ROWS" 42 > "listing-$generator.csv"
    "$ALMANAC" --db "$db.db" --today "$today" import "$kind" "listing-$generator.csv" >/dev/null
    rm -f "listing-$generator.csv"
  done
  sqlite3 "$db.db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
  touch "$stamp"
}
database listing "$TODAY" books:books
database reports "$HISTORY_DAY" books:loans events:events

# medians LINES...: "seconds kib", the medians of LINES (each "seconds kib"), or the first line that
# is "failed kib".
medians() {
  local line seconds=() kibs=()
  for line in "$@"; do
    [ "${line%% *}" = failed ] && { echo "$line"; return; }
    seconds+=("${line% *}"); kibs+=("${line#* }")
  done
  echo "$(printf '%s\n' "${seconds[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" \
    "$(printf '%s\n' "${kibs[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')"
}

# once RUNS COMMAND...: "seconds kib" (medians of RUNS runs), or "failed kib" when a run failed: exited
# with more than $OK_EXIT (overdue's 0-3 are its verdicts) or was stopped by a signal.
once() {
  local runs=$1 lines=() out rc
  shift
  for _ in $(seq "$runs"); do
    rc=0
    out=$( (ulimit -v "$VMEM_KIB"; ./measure "$@" 3>&1 >/dev/null 2>listing-errors.txt) ) || rc=$?
    if [ "$rc" -gt "${OK_EXIT:-0}" ] || [ -s listing-errors.txt ]; then
      echo "failed ${out#* }"; return
    fi
    lines+=("$out")
  done
  medians "${lines[@]}"
}

row() { # label seconds kib
  awk -v l="$1" -v s="$2" -v k="${3:-0}" 'BEGIN {
    if (s == "failed") { printf "%-44s %9s %10s\n", l, "failed", "-"; exit }
    printf "%-44s %9.2f %6.1f MiB\n", l, s, k / 1024 }'
}

QUERY="select * from books"
# `books list` reads its loans by due date (`ORDER BY due_on, id`, through no index: most are returned)
# and adds each loan's status on the day: it is compared with the shell on that same query.
LIST_QUERY="select * from books order by due_on, id"

# listing NAME LABEL MODE SQL ARGS...: `almanac --db listing.db ARGS` on this build and on the
# reference, and `sqlite3 -MODE` on SQL, RUNS times in turn (a drift in the machine's speed falls on
# all three alike); prints the table's line and keeps "NAME seconds kib reference sqlite3" for the
# acceptance lines.
ACCEPT=()
listing() {
  local name=$1 label=$2 mode=$3 sql=$4 this=() reference=() shell=() s k r rk q qk
  shift 4
  for _ in $(seq "$RUNS"); do
    this+=("$(once 1 "$ALMANAC" --db listing.db "$@")")
    reference+=("$(once 1 "$REFERENCE" --db listing.db "$@")")
    shell+=("$(once 1 sqlite3 "-$mode" listing.db "$sql")")
  done
  read -r s k <<<"$(medians "${this[@]}")"
  read -r r rk <<<"$(medians "${reference[@]}")"
  read -r q qk <<<"$(medians "${shell[@]}")"
  awk -v l="$label" -v s="$s" -v k="$k" -v r="$r" -v rk="$rk" -v q="$q" -v qk="$qk" 'BEGIN {
    split(s " " r " " q, t); split(k " " rk " " qk, m)
    printf "%-40s", l
    for (i = 1; i <= 3; i++)
      if (t[i] == "failed") printf " %17s", "failed"; else printf " %6.2f s %5.1f MiB", t[i], m[i] / 1024
    for (i = 2; i <= 3; i++)
      if (s == "failed" || t[i] == "failed") printf " %11s", "-"; else printf " %10.2fx", s / t[i]
    printf "\n" }'
  ACCEPT+=("$name $s $k $r $q")
}

echo
echo "listing $(printf "%'d" "$ROWS") books to /dev/null, median of $RUNS run(s) of each, the three in turn:"
echo "\`query \"$QUERY\"\` against \`sqlite3 -MODE\` on that query, \`books list\` on \`$LIST_QUERY\`;"
echo "the reference: $REFERENCE_COMMIT's release binary ($REFERENCE)"
printf '%-40s %17s %17s %17s %11s %11s\n' "command (sqlite3's mode)" "this build" "$REFERENCE_COMMIT" sqlite3 \
  "vs $REFERENCE_COMMIT" "vs sqlite3"
for format in csv tsv json markdown table; do
  case $format in csv | tsv) mode=csv ;; json | markdown) mode=json ;; table) mode=box ;; esac
  listing "$format" "query --format $format (-$mode)" "$mode" "$QUERY" query "$QUERY" --format "$format"
done
listing books-list "books list (-box, ordered)" box "$LIST_QUERY" --today "$TODAY" books list
listing books-list-csv "books list --format csv (-csv, ordered)" csv "$LIST_QUERY" --today "$TODAY" books list \
  --format csv

echo
echo "reports over $(printf "%'d" "$ROWS") loans (a library's history, on $HISTORY_DAY) and $(printf "%'d" "$ROWS") events, --format csv, median of $REPORT_RUNS, whole process"
printf '%-44s %9s %10s\n' command seconds "peak RSS"
REPORTS=()
for report in $("$ALMANAC" --db reports.db report list --format tsv | tail -n +2 | cut -f1); do
  args=()
  [ "$report" = events-by-day ] && args=(--param from=2025-06-02 --param days=7)
  read -r s k <<<"$(once "$REPORT_RUNS" "$ALMANAC" --db reports.db --today "$HISTORY_DAY" report run "$report" --format csv "${args[@]}")"
  row "report run $report" "$s" "$k"
  REPORTS+=("$report $s")
done
read -r s k <<<"$(OK_EXIT=3 once "$REPORT_RUNS" "$ALMANAC" --db reports.db --today "$HISTORY_DAY" overdue --format nagios)"
row "overdue --format nagios" "$s" "$k"
NAGIOS=$s

printf '%s\n' "${ACCEPT[@]}" | awk -v rows="$ROWS" -v commit="$REFERENCE_COMMIT" '{
  name = $1; s = $2; k = $3; reference = $4; r = $5
  if (s == "failed") { printf "acceptance: %s failed   MISSED\n", name; next }
  if (reference == "failed") printf "acceptance: %s %.2f s <= %s failed   MISSED\n", name, s, commit
  else printf "acceptance: %s %.2f s <= %s %.2f s   %s\n", name, s, commit, reference, (s <= reference ? "ok" : "MISSED")
  if (name == "table" || name == "books-list") {
    cap = rows > 1000000 ? 256 : 128
    printf "acceptance: %s %.2f s <= sqlite3 -box %.2f s, %.1f MiB <= %d MiB   %s\n", name, s, r, k / 1024, cap,
      (s <= r && k <= cap * 1024 ? "ok" : "MISSED")
  } else
    printf "acceptance: %s %.2f s <= 1.1 x sqlite3 %.2f s, %.1f MiB <= 64 MiB   %s\n", name, s, r, k / 1024,
      (r != "failed" && s <= 1.1 * r && k <= 65536 ? "ok" : "MISSED")
}'
printf '%s\n' "${REPORTS[@]}" | awk '{ printf "acceptance: report %s %s s <= 1 s   %s\n", $1, $2, ($2 != "failed" && $2 <= 1 ? "ok" : "MISSED") }'
awk -v s="$NAGIOS" 'BEGIN { printf "acceptance: overdue --format nagios %.0f ms <= 100 ms   %s\n", s * 1000, (s != "failed" && s <= 0.1 ? "ok" : "MISSED") }'
rm -f listing-errors.txt
cleanup listing.db listing.db-wal listing.db-shm reports.db reports.db-wal reports.db-shm listing.*.done reports.*.done
echo "load while measuring: $(cut -d' ' -f1-3 /proc/loadavg)"
