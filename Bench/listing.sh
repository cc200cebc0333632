#!/usr/bin/env bash
# `make bench` (and `make bench-listing`): printing rows. Two databases of $ROWS rows each:
#   books   the import bench's books file (`generate books`, 80% of the loans open), listed whole by
#           almanac (`query "select * from books"` in every format, `books list`) and by the sqlite3
#           shell (-csv, -json, -box) on the same query: time and peak RSS, output to /dev/null;
#   reports a library's loan history (`generate loans`, the database cron checks every night) and the
#           events file: every built-in report (`report run NAME --format csv`) and
#           `overdue --format nagios`, as whole processes.
# Each command runs under `ulimit -v` ($BENCH_LISTING_VMEM_KIB, default 8 GiB): one that would take more
# is reported as failed instead of taking the machine. Listings: the median of $BENCH_LISTING_RUNS
# (default 3: one lucky or slow run of either side must not decide a line); reports and nagios: the
# median of $BENCH_REPORT_RUNS (default 5).
set -euo pipefail
source "$(dirname "$0")/common.sh"
RUNS=${BENCH_LISTING_RUNS:-3}
REPORT_RUNS=${BENCH_REPORT_RUNS:-5}
VMEM_KIB=${BENCH_LISTING_VMEM_KIB:-8388608}
TODAY=2025-06-01
HISTORY_DAY=2025-12-22
needs_sqlite3
needs_disk 0.7
build generate
build measure
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

# once RUNS COMMAND...: "seconds kib" (medians of RUNS runs), or "failed kib" when a run failed: exited
# with more than $OK_EXIT (overdue's 0-3 are its verdicts) or was stopped by a signal.
once() {
  local runs=$1 seconds=() kibs=() out rc
  shift
  for _ in $(seq "$runs"); do
    rc=0
    out=$( (ulimit -v "$VMEM_KIB"; ./measure "$@" 3>&1 >/dev/null 2>listing-errors.txt) ) || rc=$?
    if [ "$rc" -gt "${OK_EXIT:-0}" ] || [ -s listing-errors.txt ]; then
      echo "failed ${out#* }"; return
    fi
    seconds+=("${out% *}"); kibs+=("${out#* }")
  done
  echo "$(printf '%s\n' "${seconds[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" \
    "$(printf '%s\n' "${kibs[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')"
}

row() { # label seconds kib [reference-seconds]
  awk -v l="$1" -v s="$2" -v k="${3:-0}" -v r="${4:-}" 'BEGIN {
    if (s == "failed") { printf "%-44s %9s %10s\n", l, "failed", "-"; exit }
    printf "%-44s %9.2f %6.1f MiB", l, s, k / 1024
    if (r != "" && r != "failed") printf " %8.2fx", s / r
    printf "\n" }'
}

QUERY="select * from books"
# `books list` reads its loans by due date (`ORDER BY due_on, id`, through no index: most are returned)
# and adds each loan's status on the day: it is compared with the shell on that same query.
LIST_QUERY="select * from books order by due_on, id"
echo
echo "listing $(printf "%'d" "$ROWS") books: \`$QUERY\` to /dev/null, median of $RUNS run(s) each; books list against \`$LIST_QUERY\`"
printf '%-44s %9s %10s %9s\n' command seconds "peak RSS" "vs sqlite3"
declare -A S K
for mode in csv json box; do
  read -r S[$mode] K[$mode] <<<"$(once "$RUNS" sqlite3 "-$mode" listing.db "$QUERY")"
  read -r S[list-$mode] K[list-$mode] <<<"$(once "$RUNS" sqlite3 "-$mode" listing.db "$LIST_QUERY")"
done
ACCEPT=()
for format in csv tsv json markdown table; do
  read -r s k <<<"$(once "$RUNS" "$ALMANAC" --db listing.db query "$QUERY" --format "$format")"
  case $format in csv|tsv) ref=${S[csv]} ;; json|markdown) ref=${S[json]} ;; table) ref=${S[box]} ;; esac
  row "almanac query --format $format" "$s" "$k" "$ref"
  ACCEPT+=("$format $s $k $ref")
done
read -r s k <<<"$(once "$RUNS" "$ALMANAC" --db listing.db --today "$TODAY" books list)"
row "almanac books list (table)" "$s" "$k" "${S[list-box]}"
ACCEPT+=("books-list $s $k ${S[list-box]}")
read -r s k <<<"$(once "$RUNS" "$ALMANAC" --db listing.db --today "$TODAY" books list --format csv)"
row "almanac books list --format csv" "$s" "$k" "${S[list-csv]}"
ACCEPT+=("books-list-csv $s $k ${S[list-csv]}")
for mode in csv json box; do row "sqlite3 -$mode" "${S[$mode]}" "${K[$mode]}"; done
for mode in csv box; do row "sqlite3 -$mode (order by due_on, id)" "${S[list-$mode]}" "${K[list-$mode]}"; done

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

printf '%s\n' "${ACCEPT[@]}" | awk -v rows="$ROWS" '{
  name = $1; s = $2; k = $3; r = $4
  if (s == "failed") { printf "acceptance: %s failed   MISSED\n", name; next }
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
