#!/bin/bash
# Builds and runs the libFuzzer harness for the CSV reader and the import checks of every kind.
#
#   Tests/Fuzz/fuzz.sh build            compile .build/fuzz/fuzz-import (ASan + libFuzzer)
#   Tests/Fuzz/fuzz.sh run SECONDS      fuzz for SECONDS from the committed corpus and the seeds
#   Tests/Fuzz/fuzz.sh minimize         merge what a run found into Tests/Fuzz/Corpus, minimized
#
# The binary has two harnesses, each with its own corpus: `import` (CSV files, Tests/Fuzz/Corpus)
# and `header` (headers built from the bytes, Tests/Fuzz/HeaderCorpus; ALMANAC_FUZZ=header).
# `run` and `minimize` do both, `import` first; HARNESS=import or HARNESS=header does one.
#
# The harness is compiled outside SwiftPM: AlmanacKit's sources, the embedded data files (written by
# the EmbedTool, as the build plugin does) and the harness go into one module with swiftc, because a
# SwiftPM executable brings its own `main` and libFuzzer needs to provide it.
set -euo pipefail
cd "$(dirname "$0")/../.."

out=.build/fuzz
binary=$out/fuzz-import
corpus=Tests/Fuzz/Corpus
work=$out/corpus
export SWIFT_BACKTRACE=enable=no
# Speed over depth of use-after-free reports: without a quarantine and with short allocation stacks
# an execution costs half as much, and buffer overflows are still caught at the byte.
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0:quarantine_size_mb=0:thread_local_quarantine_size_kb=0:max_malloc_fill_size=0}
swiftc=${SWIFTC:-swiftc}

build() {
    mkdir -p "$out"
    # The embedded data files, written by the EmbedTool from the folders the EmbedResources plugin
    # names (read from the plugin, so the two never differ).
    if [ ! -x "$out/embedtool" ] || [ Sources/EmbedTool/main.swift -nt "$out/embedtool" ]; then
        "$swiftc" -O Sources/EmbedTool/main.swift -o "$out/embedtool"
    fi
    local folders
    folders=$(sed -n 's/^ *("\([A-Za-z]*\)", "\([a-z]*\)"),$/\1:\2/p' Plugins/EmbedResources/plugin.swift)
    [ -n "$folders" ] || { echo "fuzz: no data folders found in Plugins/EmbedResources/plugin.swift" >&2; exit 1; }
    # shellcheck disable=SC2086
    "$out/embedtool" "$out/EmbeddedFiles.swift" "$PWD" $folders
    local sources
    sources=$(find Sources/AlmanacKit -name '*.swift' | LC_ALL=C sort)
    inputs="$sources $out/EmbeddedFiles.swift Tests/Fuzz/FuzzImport.swift Tests/AlmanacKitTests/Support/ImportProbe.swift"
    inputs="$inputs Tests/AlmanacKitTests/Support/HeaderFuzz.swift"
    # shellcheck disable=SC2086
    if [ -x "$binary" ] && [ -z "$(find $inputs -newer "$binary" | head -1)" ]; then
        echo "fuzz: $binary is up to date"
        return
    fi
    echo "fuzz: compiling $binary (a few minutes)"
    linker=()
    # gold has crashed on sanitizer builds; lld, shipped with the toolchain, links them reliably.
    if command -v ld.lld >/dev/null 2>&1 || [ -x "$(dirname "$(command -v "$swiftc")")/ld.lld" ]; then linker=(-use-ld=lld); fi
    local root=$PWD absolute=()
    for input in $inputs; do absolute+=("$root/$input"); done
    # Run from the output folder: swiftc leaves module files in the current directory.
    (cd "$out" && "$swiftc" -swift-version 6 -module-name AlmanacKit -parse-as-library -D FUZZING \
        -O -g -sanitize=fuzzer,address -num-threads 2 -wmo \
        -I "$root/Sources/CSQLite" -I "$root/Sources/CCSV" -lsqlite3 -lcsv "${linker[@]}" \
        "${absolute[@]}" -o "$root/$binary.partial")
    # Only a finished build takes the binary's name, so an interrupted one is never thought up to date.
    mv "$binary.partial" "$binary"
}

# --- Harnesses --------------------------------------------------------------------------------
# use_harness NAME: points corpus, work and the seeds at harness NAME (see the top).
use_harness() {
    export ALMANAC_FUZZ=$1
    echo "fuzz: the $1 harness"
    if [ "$1" = header ]; then corpus=Tests/Fuzz/HeaderCorpus work=$out/corpus-header; else corpus=Tests/Fuzz/Corpus work=$out/corpus; fi
    mkdir -p "$corpus"
}

# The header harness's seeds: per kind, its columns in order (then a row), and one of each spelling.
header_seeds() {
    local dir=$out/seeds-header kind spelling
    rm -rf "$dir"
    mkdir -p "$dir"
    for kind in 0 1 2 3 4 5 6 7; do
        printf "\\$(printf %03o $((kind | 32)))\\000\\001\\002\\003\\004\\005\\006" > "$dir/columns-$kind"
        for spelling in 1 2 3 4 5 6; do
            printf "\\$(printf %03o "$kind")\\$(printf %03o $((spelling * 16)))\\$(printf %03o $((spelling * 16 + 1)))\\$(printf %03o $((spelling * 16 + 5)))" > "$dir/spelling-$kind-$spelling"
        done
        printf "\\$(printf %03o "$kind")\\201\\317\\000\\001\\200\\200" > "$dir/wide-$kind"
    done
    echo "$dir"
}
# ------------------------------------------------------------------------------------------------

# The seeds: every sample file as its own kind, each with the options of a few first bytes.
seeds() {
    if [ "${ALMANAC_FUZZ:-}" = header ]; then header_seeds; return; fi
    local dir=$out/seeds
    rm -rf "$dir"
    mkdir -p "$dir"
    local index=0
    for kind in holidays doors events countries quiz-answers animation-properties animation-settings books; do
        local file=SampleData/$kind.csv
        [ -f "$file" ] || { index=$((index + 1)); continue; }
        for options in 0 8 32 64 128; do
            { printf "\\$(printf %03o $((index | options)))"; head -c 3000 "$file"; } > "$dir/$kind-$options"
        done
        index=$((index + 1))
    done
    echo "$dir"
}

# Fuzzes for SECONDS with JOBS workers (default 2, one per core) sharing the corpus; fails when
# any worker found an input that crashes or breaks an invariant, and prints the executions.
run() {
    local seconds=${1:-60} jobs=${JOBS:-2}
    build
    mkdir -p "$work" "$out/artifacts" "$out/logs"
    local seed_dir
    seed_dir=$(seeds)
    rm -f "$out"/logs/fuzz-*.log
    find "$out/artifacts" -type f -delete
    echo "fuzz: $jobs worker(s) for $seconds s; logs in $out/logs"
    local root=$PWD
    (cd "$out/logs" && "$root/$binary" -jobs="$jobs" -workers="$jobs" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
        -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$root/$out/artifacts/" \
        "$root/$work" "$root/$corpus" "$root/$seed_dir" > "$root/$out/logs/driver.log" 2>&1) || true
    local total=0 line
    for log in "$out"/logs/fuzz-*.log; do
        line=$(grep -E '^Done [0-9]+ runs' "$log" | tail -1)
        echo "fuzz: $(basename "$log"): ${line:-no summary (see the log)}"
        total=$((total + $(echo "${line:-Done 0}" | awk '{print $2}')))
    done
    if [ -n "$(find "$out/artifacts" -type f | head -1)" ]; then
        echo "fuzz: FAILED: inputs that crash are in $out/artifacts/:" >&2
        ls "$out/artifacts" >&2
        grep -h -A3 'invariant broken\|ERROR: AddressSanitizer\|Fatal error' "$out"/logs/fuzz-*.log | head -20 >&2
        exit 1
    fi
    echo "fuzz: $total executions in $seconds s, no crash, no invariant broken"
}

minimize() {
    build
    local merged=$out/merged
    rm -rf "$merged"
    mkdir -p "$merged"
    "$binary" -merge=1 -max_len=4096 -timeout=10 "$merged" "$corpus" "$work" "$(seeds)" 2>&1 | tail -2
    rm -rf "$corpus"
    mkdir -p "$corpus"
    cp "$merged"/* "$corpus"/
    echo "fuzz: $(ls "$corpus" | wc -l) files in $corpus"
}

case "${1:-run}" in
    build) build ;;
    run) for harness in ${HARNESS:-import header}; do use_harness "$harness"; run "${2:-60}"; done ;;
    minimize) for harness in ${HARNESS:-import header}; do use_harness "$harness"; minimize; done ;;
    *) echo "usage: $0 build | run SECONDS | minimize" >&2; exit 64 ;;
esac
