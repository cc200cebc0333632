#!/bin/bash
# Builds and runs a libFuzzer harness: HARNESS=import (the default), the CSV reader and the import
# checks of every kind; HARNESS=header, headers built from the bytes (Tests/AlmanacKitTests/Support/
# HeaderFuzz.swift: the import's binary run with ALMANAC_FUZZ=header, on Tests/Fuzz/HeaderCorpus);
# HARNESS=paths, the output-path guard (Tests/Fuzz/FuzzOutputPath.swift); HARNESS=renderer, tables
# built from the bytes written in every format (Tests/AlmanacKitTests/Support/RendererFuzz.swift);
# HARNESS=sniffer, the delimiter sniffer on any bytes and on clean tables built from them
# (Tests/AlmanacKitTests/Support/SnifferFuzz.swift); HARNESS=tzif, TZif files, and HARNESS=posixtz,
# POSIX TZ rules (Tests/Fuzz/FuzzTZif.swift and FuzzPosixTZ.swift, one binary, on TZifCorpus and
# PosixTZCorpus; the invariants in Tests/AlmanacKitTests/Support/ZoneFuzz.swift).
#
#   Tests/Fuzz/fuzz.sh build            compile .build/fuzz/fuzz-HARNESS (ASan + libFuzzer)
#   Tests/Fuzz/fuzz.sh run SECONDS      fuzz for SECONDS from the committed corpus and the seeds
#   Tests/Fuzz/fuzz.sh minimize         merge what a run found into Tests/Fuzz/Corpus, minimized
#
# The harness is compiled outside SwiftPM: AlmanacKit's sources, the embedded data files (written by
# the EmbedTool, as the build plugin does) and the harness go into one module with swiftc, because a
# SwiftPM executable brings its own `main` and libFuzzer needs to provide it.
set -euo pipefail
cd "$(dirname "$0")/../.."

out=.build/fuzz
harness=${HARNESS:-import}
import_sources="Tests/Fuzz/FuzzImport.swift Tests/AlmanacKitTests/Support/ImportProbe.swift Tests/AlmanacKitTests/Support/HeaderFuzz.swift"
zone_sources="Tests/Fuzz/FuzzTZif.swift Tests/Fuzz/FuzzPosixTZ.swift Tests/AlmanacKitTests/Support/ZoneFuzz.swift"
built=$harness
case "$harness" in
    import) harness_sources=$import_sources; corpus=Tests/Fuzz/Corpus ;;
    header) harness_sources=$import_sources; corpus=Tests/Fuzz/HeaderCorpus; built=import; export ALMANAC_FUZZ=header ;;
    paths) harness_sources="Tests/Fuzz/FuzzOutputPath.swift"; corpus=Tests/Fuzz/PathCorpus ;;
    renderer) harness_sources="Tests/Fuzz/FuzzRenderer.swift Tests/AlmanacKitTests/Support/RendererFuzz.swift"; corpus=Tests/Fuzz/RendererCorpus ;;
    sniffer) harness_sources="Tests/Fuzz/FuzzSniffer.swift Tests/AlmanacKitTests/Support/SnifferFuzz.swift"; corpus=Tests/Fuzz/SnifferCorpus ;;
    tzif) harness_sources=$zone_sources; corpus=Tests/Fuzz/TZifCorpus; built=zone ;;
    posixtz) harness_sources=$zone_sources; corpus=Tests/Fuzz/PosixTZCorpus; built=zone; export ALMANAC_FUZZ=posixtz ;;
    *) echo "fuzz: unknown HARNESS=$harness (import, header, paths, renderer, sniffer, tzif or posixtz)" >&2; exit 64 ;;
esac
binary=$out/fuzz-$built
work=$out/corpus-$harness
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
    # Every library layer's sources compiled as one module; each layer's `import` then finds an empty
    # module of that name, made here.
    local sources layer layers
    # The layers AlmanacKit stands on (Package.swift); the server above it is not part of the harness.
    layers="AlmanacText AlmanacOutput AlmanacArguments AlmanacStore AlmanacSQLite AlmanacKinds AlmanacCalendar"
    layers="$layers AlmanacEvents AlmanacBooks AlmanacQuiz AlmanacAnimation AlmanacImport"
    for layer in $layers; do
        [ -f "$out/$layer.swiftmodule" ] && continue
        : > "$out/$layer.swift"
        (cd "$out" && "$swiftc" -swift-version 6 -parse-as-library -emit-module -module-name "$layer" "$layer.swift" \
            -o "$layer.swiftmodule")
    done
    # shellcheck disable=SC2086
    sources=$(for layer in AlmanacKit $layers; do find "Sources/$layer" -name '*.swift'; done | LC_ALL=C sort)
    inputs="$sources $out/EmbeddedFiles.swift $harness_sources"
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
    (cd "$out" && "$swiftc" -swift-version 6 -module-name AlmanacKit -package-name almanac -parse-as-library -D FUZZING -I . \
        -O -g -sanitize=fuzzer,address -num-threads 2 -wmo \
        -I "$root/Sources/CSQLite" -I "$root/Sources/CCSV" -lsqlite3 -lcsv "${linker[@]}" \
        "${absolute[@]}" -o "$root/$binary.partial")
    # Only a finished build takes the binary's name, so an interrupted one is never thought up to date.
    mv "$binary.partial" "$binary"
}

# The seeds: for the import, every sample file as its own kind, each with the options of a few first
# bytes; for the paths, each layout with the database, a side file, the input and a link as the path;
# for the renderer, each shape of table (columns, options, held memory) at a few terminal widths.
seeds() {
    local dir=$out/seeds-$harness
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ "$harness" = renderer ]; then
        local shape width cell cells
        for shape in 0 7 9 26 51 63 100 127 140 191 200 255; do
            # 48 cells walking through every kind of cell and every piece of text.
            cells=""
            for cell in $(seq 0 47); do cells="$cells\\$(printf %03o $(((cell * 37 + shape) % 256)))"; done
            for width in 0 12 40 100; do
                printf "\\$(printf %03o "$shape")\\$(printf %03o "$width")$cells" > "$dir/table-$shape-$width"
            done
        done
        echo "$dir"
        return
    fi
    if [ "$harness" = sniffer ]; then
        # Each sample file's start behind each first byte (delimiter, width, line ends, sep= line).
        local file flags
        for file in SampleData/*.csv; do
            for flags in 0 1 2 3 37 102 230; do
                { printf "\\$(printf %03o "$flags")"; head -c 2000 "$file"; } > "$dir/$(basename "$file" .csv)-$flags"
            done
        done
        echo "$dir"
        return
    fi
    if [ "$harness" = tzif ]; then
        # Zone files of every shape the tz database has: plain, leap seconds, no footer, long, a
        # skipped day, southern and negative daylight saving time, fixed offsets.
        local zone
        for zone in UTC Europe/Berlin right/Europe/Berlin America/Santiago Asia/Hebron Pacific/Apia Europe/Dublin \
            Australia/Lord_Howe Etc/GMT-14 America/New_York Africa/Casablanca; do
            [ -f "/usr/share/zoneinfo/$zone" ] && cp "/usr/share/zoneinfo/$zone" "$dir/${zone//\//-}"
        done
        echo "$dir"
        return
    fi
    if [ "$harness" = posixtz ]; then
        # Every footer of the system's tz database, once each.
        local file footer index=0
        for file in $(find /usr/share/zoneinfo -type f -size -8k 2>/dev/null | LC_ALL=C sort | head -600); do
            footer=$(tail -c 200 "$file" 2>/dev/null | tr -d '\0' | tail -n 1)
            [ -n "$footer" ] && [ ! -f "$dir/footer-$(printf %s "$footer" | cksum | cut -d' ' -f1)" ] \
                && printf %s "$footer" > "$dir/footer-$(printf %s "$footer" | cksum | cut -d' ' -f1)"
            index=$((index + 1))
        done
        echo "$dir"
        return
    fi
    if [ "$harness" = paths ]; then
        local flags token
        for flags in 0 3 7 31 95 127; do
            for token in 0 1 2 3 4 5 6 7 8 9 10 11 26; do
                printf "\\$(printf %03o "$flags")\\$(printf %03o "$token")" > "$dir/layout-$flags-$token"
            done
            printf "\\$(printf %03o "$flags")\\005\\377\\014\\017\\015\\005" > "$dir/layout-$flags-twice"
        done
        echo "$dir"
        return
    fi
    if [ "$harness" = header ]; then
        # Per kind: its columns in order with a row, each spelling, and a wide run of one name.
        local kind spelling
        for kind in 0 1 2 3 4 5 6 7; do
            printf "\\$(printf %03o $((kind | 32)))\\000\\001\\002\\003\\004\\005\\006" > "$dir/columns-$kind"
            for spelling in 1 2 3 4 5 6; do
                printf "\\$(printf %03o "$kind")\\$(printf %03o $((spelling * 16)))\\$(printf %03o $((spelling * 16 + 1)))\\$(printf %03o $((spelling * 16 + 5)))" > "$dir/spelling-$kind-$spelling"
            done
            printf "\\$(printf %03o "$kind")\\201\\317\\000\\001\\200\\200" > "$dir/wide-$kind"
        done
        echo "$dir"
        return
    fi
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
    mkdir -p "$work" "$corpus" "$out/artifacts" "$out/logs"
    local seed_dir
    seed_dir=$(seeds)
    rm -f "$out"/logs/fuzz-*.log
    find "$out/artifacts" -type f -delete
    echo "fuzz: $harness: $jobs worker(s) for $seconds s; logs in $out/logs"
    local root=$PWD
    (cd "$out/logs" && "$root/$binary" -jobs="$jobs" -workers="$jobs" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
        -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$root/$out/artifacts/" \
        "$root/$work" "$root/$corpus" "$root/$seed_dir" > "$root/$out/logs/driver.log" 2>&1) || true
    local total=0 line
    for log in "$out"/logs/fuzz-*.log; do
        # A worker that crashed has no "Done" line: that is reported below, not a reason to stop here.
        line=$(grep -E '^Done [0-9]+ runs' "$log" | tail -1 || true)
        echo "fuzz: $(basename "$log"): ${line:-no summary (see the log)}"
        total=$((total + $(echo "${line:-Done 0}" | awk '{print $2}')))
    done
    if [ -n "$(find "$out/artifacts" -type f | head -1)" ]; then
        echo "fuzz: FAILED: inputs that crash are in $out/artifacts/:" >&2
        ls "$out/artifacts" >&2
        grep -h -A3 'invariant broken\|ERROR: AddressSanitizer\|Fatal error' "$out"/logs/fuzz-*.log | head -20 >&2
        exit 1
    fi
    echo "fuzz: $harness: $total executions in $seconds s, no crash, no invariant broken"
}

minimize() {
    build
    local merged=$out/merged-$harness
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
    run) run "${2:-60}" ;;
    minimize) minimize ;;
    *) echo "usage: $0 build | run SECONDS | minimize" >&2; exit 64 ;;
esac
