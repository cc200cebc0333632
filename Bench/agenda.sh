#!/usr/bin/env bash
# `make bench`, events part: a week's agenda over 1,000,000 events, timed inside the process
# (`almanac events agenda --timing`: open, range query, grouping by day, rendering the table), the
# median of $RUNS runs after one not counted, on the seeded events file of Bench/generate.c (a year, 2025, to the minute:
# about 20,000 events a week). Then again with 1,000 events of two to thirty days and one of a year
# added, which the agenda must find without reading further back.
set -euo pipefail
source "$(dirname "$0")/common.sh"
RUNS=${BENCH_AGENDA_RUNS:-9}
WEEK=(--from 2025-06-02 --days 7 --tz Europe/Berlin)
build generate
cd "$WORK"
[ -s events.csv ] && [ "$(($(wc -l < events.csv) - 1))" = "$ROWS" ] || ./generate events "$ROWS" 42 > events.csv

rm -f agenda.db agenda.db-wal agenda.db-shm
"$ALMANAC" --db agenda.db init > /dev/null
echo
echo "events agenda: a week (Mon 2 Jun 2025 + 6 days, Europe/Berlin) over $(printf "%'d" "$ROWS") events, median of $RUNS, in-process"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$ALMANAC" --db agenda.db import events events.csv | sed 's/^/  /'

# measure LABEL: runs the agenda $RUNS times and prints the median of each step (wall, and CPU).
measure() {
  local label=$1 line
  : > timings.txt
  # One run first, not counted: the file was just written, and its pages are settled once read.
  "$ALMANAC" --db agenda.db events agenda "${WEEK[@]}" > /dev/null
  for _ in $(seq "$RUNS"); do
    "$ALMANAC" --db agenda.db events agenda "${WEEK[@]}" --timing 2> timing.txt > agenda.txt || { cat timing.txt >&2; exit 1; }
    grep '^agenda:' timing.txt >> timings.txt
  done
  grep '^plan:' timing.txt | sed 's/^/  /'
  # agenda: N rows over 7 days in W ms (cpu C): open W ms (cpu C), query …, group …, render …
  line=$(awk -v runs="$RUNS" '
    { gsub(/[():,]/, " "); n = 0
      for (i = 1; i <= NF; i++) if ($i == "ms") { n++; wall[n, NR] = $(i - 1); cpu[n, NR] = $(i + 2) }
      rows = $2 }
    function median(k, arr,   i, j, t, v) {
      for (i = 1; i <= runs; i++) v[i] = arr[k, i]
      for (i = 1; i <= runs; i++) for (j = i + 1; j <= runs; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
      return v[int((runs + 1) / 2)] }
    END {
      split("total open query group render", names, " ")
      printf "%s rows", rows
      for (k = 1; k <= 5; k++) printf " | %s %.1f ms (cpu %.1f)", names[k], median(k, wall), median(k, cpu)
      printf "\n%.1f %.1f\n", median(1, wall), median(1, cpu) }' timings.txt)
  echo "  $label: $(echo "$line" | head -1)"
  read -r TOTAL_WALL TOTAL_CPU <<<"$(echo "$line" | tail -1)"
}

measure "$(printf "%'d" "$ROWS") events in one year"
BASE_WALL=$TOTAL_WALL BASE_CPU=$TOTAL_CPU
sqlite3 agenda.db "
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
  INSERT INTO events (title, starts_at, ends_at)
    SELECT 'long ' || i, strftime('%Y-%m-%dT%H:%M:%SZ', '2025-01-01', '+' || (i * 8) || ' hours'),
           strftime('%Y-%m-%dT%H:%M:%SZ', '2025-01-01', '+' || (i * 8) || ' hours', '+' || (2 + i % 29) || ' days') FROM n;
  INSERT INTO events (title, starts_at, ends_at) VALUES ('a year', '2025-01-01T00:00:00Z', '2025-12-31T00:00:00Z');"
measure "with 1,001 events of 2 days to a year"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
cleanup events.csv agenda.db agenda.db-wal agenda.db-shm timings.txt timing.txt agenda.txt
# Wall time is the figure; on a shared machine it includes waiting for a core, which the thread's CPU
# time does not, so both are judged, with the load beside them.
# The 50 ms bound is for a week of 1,000,000 events a year; with more, a week holds more events (at ten
# million, 200,000 rows) and the figures are shown without a verdict.
[ "$ROWS" -le 1000000 ] || { echo "(the 50 ms bound is for 1,000,000 events; a week of $(printf "%'d" "$ROWS") holds ten times the rows: not judged)"; exit 0; }
awk -v w="$BASE_WALL" -v c="$BASE_CPU" -v lw="$TOTAL_WALL" -v lc="$TOTAL_CPU" -v load="$(cut -d' ' -f1 /proc/loadavg)" -v cores="$(nproc)" 'BEGIN {
  printf "acceptance: a week of 1M events in-process <= 50 ms: wall %.1f ms %s, cpu %.1f ms %s (load %s on %d cores)\n", w, (w <= 50 ? "ok" : "MISSED"), c, (c <= 50 ? "ok" : "MISSED"), load, cores
  printf "acceptance: the same with long events <= 50 ms:     wall %.1f ms %s, cpu %.1f ms %s\n", lw, (lw <= 50 ? "ok" : "MISSED"), lc, (lc <= 50 ? "ok" : "MISSED")
}'
