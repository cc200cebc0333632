# Sourced by the bench scripts: where things are, how many rows, and the C helpers built into $WORK.
# Each script sets `set -euo pipefail` and its own RUNS before sourcing this.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
ALMANAC=${BENCH_ALMANAC:-$ROOT/.build/release/almanac}
WORK=${BENCH_DIR:-$ROOT/.build/bench}
ROWS=${BENCH_ROWS:-1000000}
CC=${CC:-cc}
mkdir -p "$WORK"

# build NAME [LIBS...]: compiles Bench/NAME.c into $WORK/NAME.
build() {
  local name=$1
  shift
  $CC -O2 -o "$WORK/$name" "Bench/$name.c" "$@"
}

# needs_disk GB_PER_MILLION: stops with a message when the bench folder's disk has less free space than
# the script needs for $ROWS rows. At more than a million rows each script removes its files when done.
needs_disk() {
  local need_kib available
  need_kib=$(awk -v r="$ROWS" -v g="$1" 'BEGIN {printf "%d", r / 1e6 * g * 1048576}')
  available=$(df -Pk "$WORK" | awk 'NR == 2 {print $4}')
  if [ "$available" -lt "$need_kib" ]; then
    echo "make bench: $ROWS rows need about $((need_kib / 1048576)) GB free in $WORK; $((available / 1048576)) GB are" >&2
    exit 1
  fi
}

# cleanup FILES...: removes the files at more than a million rows (a million are kept for the next run).
cleanup() {
  [ "$ROWS" -gt 1000000 ] || return 0
  rm -f "$@"
}

# needs_sqlite3: installs the sqlite3 shell when it is missing (the reference, and a reader of counts).
needs_sqlite3() {
  command -v sqlite3 >/dev/null 2>&1 && return
  echo "make bench: installing the sqlite3 shell" >&2
  local sudo=sudo
  [ "$(id -u)" = 0 ] && sudo=""
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq sqlite3
}

# needs_duckdb: sets DUCKDB_PYTHON to a Python that imports duckdb, installing DuckDB from PyPI into a
# virtual environment under .build when the system's Python has none (Debian's pip refuses to install
# into the system). The reference a data user would reach for; needs python3 with venv.
needs_duckdb() {
  DUCKDB_PYTHON=python3
  python3 -c 'import duckdb' 2>/dev/null && return
  DUCKDB_PYTHON=$ROOT/.build/duckdb/bin/python3
  "$DUCKDB_PYTHON" -c 'import duckdb' 2>/dev/null && return
  echo "make bench: installing DuckDB (pip) into .build/duckdb" >&2
  python3 -m venv "$ROOT/.build/duckdb" && "$ROOT/.build/duckdb/bin/pip" install -q duckdb
}
