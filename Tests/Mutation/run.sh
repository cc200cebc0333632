#!/usr/bin/env bash
# make mutation: each rule below, changed by one line, must be caught by the worlds' unit tests alone
# (the AlmanacKitTests target: in process, through the worlds' APIs, no command run). The sources are
# copied into .build-mutation (its own build folder, so the working tree and its build are never
# touched); the unmutated copy must pass first, then each mutation must make the tests fail.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${MUTATION_DIR:-$root/.build-mutation}
suites=${MUTATION_TESTS:-AlmanacKitTests}
mkdir -p "$work"
rm -rf "$work/src"
mkdir -p "$work/src"
# The files git knows or would add (not the builds), as they are now.
(cd "$root" && git ls-files -co --exclude-standard -z | tar --null -cf - -T -) | tar -xf - -C "$work/src"
cd "$work/src"

# FILE|TEXT|MUTATED|WHAT: one line of a world's rules and the mutation of it.
mutations=(
    "Sources/AlmanacCalendar/DoorOrder.swift|doors.subtracting(opened).min()|doors.subtracting(opened).max()|door order: the highest closed door opens next"
    "Sources/AlmanacBooks/OverdueRule.swift|if days > grace {|if days >= grace {|overdue grace: overdue on the last day of grace"
    "Sources/AlmanacQuiz/Quiz/Scoring.swift|public var points: Int { right - wrong }|public var points: Int { right }|quiz points: a wrong answer costs nothing"
)

# tests: runs the unit tests; prints "passed" or "failed (N issues)".
tests() {
    local log=$work/tests.log
    if swift test --scratch-path "$work/build" --filter "$suites" >"$log" 2>&1; then
        echo passed
    else
        echo "failed ($(grep -c '✘ Test .* recorded an issue' "$log" || true) issues; $(grep -m1 -o '✘ Test [^ ]*' "$log" || echo 'did not build'))"
    fi
}

echo "mutation: the unmutated sources ..."
baseline=$(tests)
echo "  $baseline"
[ "$baseline" = passed ] || { tail -30 "$work/tests.log"; echo "mutation: the tests fail without a mutation" >&2; exit 1; }
caught=0
for mutation in "${mutations[@]}"; do
    IFS='|' read -r file text mutated what <<<"$mutation"
    [ "$(grep -cF "$text" "$file")" = 1 ] || { echo "mutation: \"$text\" is not once in $file" >&2; exit 1; }
    cp "$file" "$file.orig"
    TEXT=$text MUTATED=$mutated perl -0pi -e 's/\Q$ENV{TEXT}\E/$ENV{MUTATED}/' "$file"
    result=$(tests)
    mv "$file.orig" "$file"
    echo "  $what: $result"
    case $result in failed*) caught=$((caught + 1)) ;; esac
done
echo "mutation: $caught of ${#mutations[@]} caught by $suites"
[ "$caught" = "${#mutations[@]}" ]
