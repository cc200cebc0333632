# Almanac: `make demo` sets up and runs the demo; `make test` runs the tests.

SWIFT ?= swift
APT_PACKAGES := libsqlite3-dev libcsv-dev tzdata python3

.PHONY: all deps build release demo test bench bench-overdue bench-agenda fuzz fuzz-corpus stress clean

all: build

## deps: install the C libraries (SQLite, libcsv) with apt-get when they are missing, and what the
## tests compare dates with: the system's tz database and Python 3 (its zoneinfo and datetime).
deps:
	@missing=""; \
	[ -f /usr/include/sqlite3.h ] || missing="$$missing libsqlite3-dev"; \
	[ -f /usr/include/csv.h ] || missing="$$missing libcsv-dev"; \
	[ -d /usr/share/zoneinfo ] || missing="$$missing tzdata"; \
	command -v python3 >/dev/null 2>&1 || missing="$$missing python3"; \
	if [ -n "$$missing" ]; then \
	  if ! command -v apt-get >/dev/null 2>&1; then \
	    echo "make deps: install$$missing with your package manager (no apt-get here)" >&2; exit 1; \
	  fi; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  echo "make deps: installing$$missing"; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

## build: a debug build.
build: deps
	$(SWIFT) build

## release: an optimized, self-contained binary at .build/release/almanac.
release: deps
	$(SWIFT) build -c release --product almanac --static-swift-stdlib

## demo: build the release binary and run the demo on a fresh database in a temporary directory.
demo: release
	.build/release/almanac demo

## test: run every test (unit and end-to-end).
test: deps
	$(SWIFT) test

## bench: time a 1,000,000-row import against `sqlite3 .import` and a C floor program, a week's
## agenda over 1,000,000 events (see Bench/).
bench: release
	Bench/run.sh
	Bench/agenda.sh
	Bench/overdue.sh

## bench-overdue: only the overdue check over 1,000,000 loans (part of bench).
bench-overdue: release
	Bench/overdue.sh

## bench-agenda: only a week's agenda over 1,000,000 events (part of bench).
bench-agenda: release
	Bench/agenda.sh

## fuzz: fuzz the CSV reader and every kind's import, then the output-path guard, with libFuzzer and
## ASan for SECONDS each (default 60), on JOBS workers (default 2), from Tests/Fuzz/Corpus and
## Tests/Fuzz/PathCorpus; fails on any crash or broken invariant.
SECONDS ?= 60
JOBS ?= 2
fuzz: deps
	JOBS=$(JOBS) Tests/Fuzz/fuzz.sh run $(SECONDS)
	JOBS=$(JOBS) HARNESS=paths Tests/Fuzz/fuzz.sh run $(SECONDS)

## fuzz-corpus: merge what `make fuzz` found into Tests/Fuzz/Corpus, minimized (libFuzzer -merge=1).
fuzz-corpus: deps
	Tests/Fuzz/fuzz.sh minimize

## stress: 20 SIGKILLs during a 1,000,000-row import, and overdue in a loop during another (release binary).
stress: release
	ALMANAC_STRESS=1 ALMANAC_BINARY=$(CURDIR)/.build/release/almanac $(SWIFT) test --filter 'CrashSafetyTests|ConcurrencyTests'

clean:
	rm -rf .build
