# Sourced by the bench scripts: where things are, how many rows, and the C helpers built into $WORK.
# Each script sets `set -euo pipefail` and its own RUNS before sourcing this.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
ALMANAC=$ROOT/.build/release/almanac
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

# needs_sqlite3: installs the sqlite3 shell when it is missing (the reference, and a reader of counts).
needs_sqlite3() {
  command -v sqlite3 >/dev/null 2>&1 && return
  echo "make bench: installing the sqlite3 shell" >&2
  local sudo=sudo
  [ "$(id -u)" = 0 ] && sudo=""
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq sqlite3
}
