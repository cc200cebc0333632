#!/usr/bin/env bash
# `make bench` (and `make bench-sniff`): what finding the delimiter (and the dates' form) costs. The
# same seeded 1,000,000-row books file is imported without --delimiter (sniffed from the first 20,000
# lines) and with --delimiter , (nothing sampled), in pairs (the order alternating), each on a fresh
# database, $BENCH_RUNS pairs (default 7). Acceptance: sniffing costs under 3 %, by the median of the
# pairs' own differences, in wall-clock and in processor seconds; the spread is printed beside it.
set -euo pipefail
source "$(dirname "$0")/common.sh"
RUNS=${BENCH_RUNS:-7}
TODAY=2025-06-01
build generate
build measure
cd "$WORK"
[ -s books-sniff.csv ] && [ "$(wc -l < books-sniff.csv)" -eq $((ROWS + 1)) ] || ./generate books "$ROWS" 42 > books-sniff.csv

# once ARGS...: "WALL CPU", the seconds of one import of books-sniff.csv on a fresh database and the
# processor seconds it used (a busy shared machine moves the wall clock far more than these).
once() {
  rm -f sniff.db sniff.db-wal sniff.db-shm
  "$ALMANAC" --db sniff.db init >/dev/null
  MEASURE_CPU=1 ./measure "$ALMANAC" --db sniff.db --today $TODAY import books books-sniff.csv "$@" 3>&1 >/dev/null 2>errors.txt \
    | awk '{print $1, $3}'
}

# Which of the two runs first alternates from pair to pair, so that whatever the first run leaves to
# the second (its database still being written back to the disk) weighs on both sides alike.
sniffed=() given=()
for i in $(seq "$RUNS"); do
  if [ $((i % 2)) -eq 1 ]; then
    sniffed+=("$(once)")
    given+=("$(once --delimiter ,)")
  else
    given+=("$(once --delimiter ,)")
    sniffed+=("$(once)")
  fi
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# field N RUNS...: the Nth number of each run.
field() { local n=$1; shift; printf '%s\n' "$@" | awk -v n="$n" '{print $n}'; }
echo
echo "sniffing: books, $(printf "%'d" "$ROWS") rows, $RUNS pairs, the order alternating"
printf '%-28s %9s %9s\n' "import (medians)" seconds "cpu s"
printf '%-28s %9.3f %9.3f\n' "without --delimiter" "$(median $(field 1 "${sniffed[@]}"))" "$(median $(field 2 "${sniffed[@]}"))"
printf '%-28s %9.3f %9.3f\n' "with --delimiter ," "$(median $(field 1 "${given[@]}"))" "$(median $(field 2 "${given[@]}"))"
# Each pair's own cost, (sniffed - given) / given: its two runs were back to back, so a busy moment
# weighs on both. The median of pairs is the figure; the spread (lowest to highest) says how far to trust it.
verdict=ok
for n in 1 2; do
  costs=()
  for i in "${!sniffed[@]}"; do
    costs+=("$(awk -v s="$(field "$n" "${sniffed[$i]}")" -v g="$(field "$n" "${given[$i]}")" 'BEGIN {printf "%.2f", (s - g) / g * 100}')")
  done
  pair=$(median "${costs[@]}")
  label=$([ "$n" = 1 ] && echo "wall clock" || echo "processor")
  echo "$label: median of pairs $pair %, spread $(printf '%s\n' "${costs[@]}" | sort -g | head -1) % to $(printf '%s\n' "${costs[@]}" | sort -g | tail -1) % (pairs: ${costs[*]})"
  awk -v p="$pair" 'BEGIN {exit !(p < 3)}' || verdict=MISSED
done
echo "acceptance: sniffing costs under 3 % by the median of pairs, wall clock and processor   $verdict"
rm -f sniff.db sniff.db-wal sniff.db-shm
cleanup books-sniff.csv
