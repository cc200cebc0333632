#!/usr/bin/env bash
# `make bench`, wide part: files whose header or row has millions of columns. Each import must be
# refused at its line (exit 65) with time and memory that do not follow the width: a header of
# 1,000,000 commas in under 2 s and 64 MiB (the acceptance line), then 10,000,000 commas as a header
# and as a data row, for comparison. Time and peak RSS come from Bench/measure.c (wait4's rusage);
# each figure is the median of $RUNS runs.
set -euo pipefail
source "$(dirname "$0")/common.sh"
RUNS=${BENCH_WIDE_RUNS:-3}
build measure
cd "$WORK"

# commas FILE COUNT [HEAD]: HEAD (default empty), then COUNT commas and a line break.
commas() {
  { printf '%s' "${3:-}"; head -c "$2" /dev/zero | tr '\0' ','; printf '\n'; } > "$1"
}
commas header-1m.csv 1000000
commas header-10m.csv 10000000
commas row-10m.csv 10000000 $'id,title,due_on\n71,Dune,2025-12-20'

rm -f wide.db wide.db-wal wide.db-shm
"$ALMANAC" --db wide.db init > /dev/null

# median FILE KIND: "seconds kib status first-line" of the middle run by time.
median() {
  local file=$1 kind=$2 results=() out status
  for _ in $(seq "$RUNS"); do
    set +e
    out=$(./measure "$ALMANAC" --db wide.db import "$kind" "$file" 3>&1 >/dev/null 2>errors.txt)
    status=$?
    set -e
    results+=("$out $status")
  done
  printf '%s\n' "${results[@]}" | sort -n | sed -n "$(((RUNS + 1) / 2))p"
}

echo
echo "wide files, refused at their line: median of $RUNS (load before: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-36s %9s %10s %7s\n' file seconds "peak RSS" status
declare -A SECONDS_OF KIB_OF STATUS_OF
for entry in "header-1m.csv books" "header-10m.csv books" "row-10m.csv books" "header-1m.csv animation-settings"; do
  read -r file kind <<<"$entry"
  read -r seconds kib status <<<"$(median "$file" "$kind")"
  SECONDS_OF[$entry]=$seconds KIB_OF[$entry]=$kib STATUS_OF[$entry]=$status
  awk -v f="$file ($kind)" -v s="$seconds" -v k="$kib" -v st="$status" 'BEGIN {printf "%-36s %9.2f %6.1f MiB %7d\n", f, s, k / 1024, st}'
done
echo "  first line for header-1m.csv: $("$ALMANAC" --db wide.db import books header-1m.csv 2>&1 | head -1 | cut -c1-100)"
echo "  first line for row-10m.csv:   $("$ALMANAC" --db wide.db import books row-10m.csv 2>&1 | head -1)"
key="header-1m.csv books"
awk -v s="${SECONDS_OF[$key]}" -v k="${KIB_OF[$key]}" -v st="${STATUS_OF[$key]}" 'BEGIN {
  ok = s < 2 && k <= 65536 && st == 65
  printf "acceptance: a header of 1,000,000 commas refused (exit %d) in %.2f s (< 2) with %.1f MiB (<= 64)   %s\n", st, s, k / 1024, (ok ? "ok" : "MISSED")
}'
