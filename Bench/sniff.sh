#!/usr/bin/env bash
# `make bench` (and `make bench-sniff`): what finding the delimiter (and the dates' form) costs. The
# same seeded 1,000,000-row books file is imported without --delimiter (sniffed from the first 20,000
# lines) and with --delimiter , (nothing sampled), alternately, each on a fresh database; the medians
# of $BENCH_RUNS pairs (default 7) are compared. Acceptance: sniffing costs under 3 %.
set -euo pipefail
source "$(dirname "$0")/common.sh"
RUNS=${BENCH_RUNS:-7}
TODAY=2025-06-01
build generate
build measure
cd "$WORK"
[ -s books-sniff.csv ] && [ "$(wc -l < books-sniff.csv)" -eq $((ROWS + 1)) ] || ./generate books "$ROWS" 42 > books-sniff.csv

# once ARGS...: seconds of one import of books-sniff.csv on a fresh database.
once() {
  rm -f sniff.db sniff.db-wal sniff.db-shm
  "$ALMANAC" --db sniff.db init >/dev/null
  ./measure "$ALMANAC" --db sniff.db --today $TODAY import books books-sniff.csv "$@" 3>&1 >/dev/null 2>errors.txt | awk '{print $1}'
}

sniffed=() given=()
for _ in $(seq "$RUNS"); do
  sniffed+=("$(once)")
  given+=("$(once --delimiter ,)")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
s=$(median "${sniffed[@]}")
g=$(median "${given[@]}")
echo
echo "sniffing: books, $(printf "%'d" "$ROWS") rows, medians of $RUNS alternating pairs"
printf '%-28s %9s\n' import seconds
printf '%-28s %9.3f\n' "without --delimiter" "$s" "with --delimiter ," "$g"
awk -v s="$s" -v g="$g" 'BEGIN {
  printf "acceptance: sniffing costs %.1f %% of the import (< 3 %%)   %s\n", (s - g) / g * 100, ((s - g) / g < 0.03 ? "ok" : "MISSED")
}'
rm -f sniff.db sniff.db-wal sniff.db-shm
cleanup books-sniff.csv
