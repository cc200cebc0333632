# Almanac: `make demo` sets up and runs the demo; `make test` runs the tests; `make install` installs.

SWIFT ?= swift
APT_PACKAGES := libsqlite3-dev libcsv-dev libpq-dev tzdata python3 iso-flags-svg

# Where `make install` puts things: $(DESTDIR)$(PREFIX)/bin/almanac, the man pages and the completions.
PREFIX ?= /usr/local
DESTDIR ?=
# The binary `make install-files` installs (`make install` builds and installs the release binary),
# and where the man pages and completion scripts are written from it first.
BINARY ?= .build/release/almanac
GENERATED ?= .build/generated
INSTALLED := bin/almanac share/man/man1/almanac.1 share/man/ru/man1/almanac.1 \
	share/bash-completion/completions/almanac share/zsh/site-functions/_almanac share/fish/vendor_completions.d/almanac.fish

.PHONY: all deps test-deps build release demo test mutation install install-files uninstall test-browser bench bench-serve bench-sniff bench-overdue bench-agenda bench-wide bench-listing bench-postgres fuzz fuzz-corpus stress lint format clean

all: build

# Installs the Debian packages named in the shell variable `missing` with apt-get (through sudo when
# not root); where there is no apt-get, says what to install and runs $(1).
apt-install = if [ -n "$$missing" ]; then \
	  if ! command -v apt-get >/dev/null 2>&1; then \
	    echo "make $@: install$$missing with your package manager (no apt-get here)" >&2; $(1); \
	  fi; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  echo "make $@: installing$$missing"; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

## deps: install the C libraries (SQLite, libcsv, PostgreSQL's client libpq, libical) with apt-get when they
## are missing, what the tests compare dates with: the system's tz database and Python 3 (its
## zoneinfo and datetime), and the flags pages and the quiz show as pictures: Debian's iso-flags-svg
## (read from /usr/share/iso-flags-svg/country-4x3 at run time, not embedded; docs/pages.md).
deps:
	@missing=""; \
	[ -f /usr/include/sqlite3.h ] || missing="$$missing libsqlite3-dev"; \
	[ -f /usr/include/csv.h ] || missing="$$missing libcsv-dev"; \
	[ -f /usr/include/postgresql/libpq-fe.h ] || missing="$$missing libpq-dev"; \
	[ -f /usr/include/libical/ical.h ] || missing="$$missing libical-dev"; \
	[ -d /usr/share/zoneinfo ] || missing="$$missing tzdata"; \
	command -v python3 >/dev/null 2>&1 || missing="$$missing python3"; \
	[ -f /usr/share/iso-flags-svg/country-4x3/fr.svg ] || missing="$$missing iso-flags-svg"; \
	$(call apt-install,exit 1)

## test-deps: what the install and completion tests need: man and groff to check the man page, zsh
## and fish to load their completions (installed with apt-get when missing); curl, which asks the
## server, and nginx, which the deployment test puts in front of it (docs/deploy/); and Python's babel 2.17.0,
## CLDR 46's data the country names are compared with, in .build/test-python (pinned: each CLDR
## release renames a few territories, so a newer babel would compare against other names); and for
## the spreadsheet corpus, LibreOffice's Calc (libreoffice-calc-nogui, whose soffice writes the CSV
## files) and openpyxl 3.1.5 (which writes the workbooks) in .build/test-python; and PostgreSQL's
## server (Debian's postgresql: initdb, pg_ctl, pg_basebackup), which scripts/pg-cluster runs for
## the store suites; and for the calendar files, khal (Debian's), which imports Almanac's .ics, and
## Python's icalendar 7.3.2 in .build/test-python, which writes and reads them (docs/calendars.md).
## The tests that need one that is missing say so and are skipped.
BABEL_VERSION := 2.17.0
OPENPYXL_VERSION := 3.1.5
ICALENDAR_VERSION := 7.3.2
test-deps:
	@missing=""; \
	command -v man >/dev/null 2>&1 || missing="$$missing man-db"; \
	command -v groff >/dev/null 2>&1 || missing="$$missing groff-base"; \
	command -v zsh >/dev/null 2>&1 || missing="$$missing zsh"; \
	command -v fish >/dev/null 2>&1 || missing="$$missing fish"; \
	python3 -m pip --version >/dev/null 2>&1 || missing="$$missing python3-pip"; \
	command -v soffice >/dev/null 2>&1 || missing="$$missing libreoffice-calc-nogui"; \
	command -v curl >/dev/null 2>&1 || missing="$$missing curl"; \
	command -v khal >/dev/null 2>&1 || missing="$$missing khal"; \
	[ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	set -- /usr/lib/postgresql/*/bin/initdb; [ -x "$$1" ] || missing="$$missing postgresql"; \
	$(call apt-install,exit 0)
	@PYTHONPATH=.build/test-python python3 -c 'import babel, sys; sys.exit(babel.__version__ != "$(BABEL_VERSION)")' 2>/dev/null || { \
	  echo "make $@: installing Python's babel $(BABEL_VERSION) (CLDR 46) into .build/test-python"; \
	  python3 -m pip install -q --upgrade --target .build/test-python 'babel==$(BABEL_VERSION)' || true; }
	@PYTHONPATH=.build/test-python python3 -c 'import openpyxl, sys; sys.exit(openpyxl.__version__ != "$(OPENPYXL_VERSION)")' 2>/dev/null || { \
	  echo "make $@: installing Python's openpyxl $(OPENPYXL_VERSION) into .build/test-python"; \
	  python3 -m pip install -q --target .build/test-python 'openpyxl==$(OPENPYXL_VERSION)' || true; }
	@PYTHONPATH=.build/test-python python3 -c 'import icalendar, sys; sys.exit(icalendar.__version__ != "$(ICALENDAR_VERSION)")' 2>/dev/null || { \
	  echo "make $@: installing Python's icalendar $(ICALENDAR_VERSION) into .build/test-python"; \
	  python3 -m pip install -q --target .build/test-python 'icalendar==$(ICALENDAR_VERSION)' || true; }

## build: a debug build.
build: deps
	$(SWIFT) build

## release: an optimized, self-contained binary at .build/release/almanac. Linked by the toolchain's
## lld with its relative relocations packed (RELR) where the C library reads them (glibc 2.36 and
## later): the loader then reads 22 KB of relocations instead of 2.7 MB at every start, and
## `almanac --version` stays under 20 MiB resident with the server's libraries linked in.
RELR := $(shell ldd --version 2>/dev/null | awk 'NR == 1 { split($$NF, v, "."); if (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) print "yes" }')
RELEASE_LINK := $(if $(RELR),-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs)
release: deps
	$(SWIFT) build -c release --product almanac --static-swift-stdlib $(RELEASE_LINK)

## demo: build the release binary and run the demo on a fresh database in a temporary directory.
demo: release
	.build/release/almanac demo

## test: run every test (unit and end-to-end); the long suites run short (make stress runs them whole).
## Their temporary folders go to a RAM disk when there is one with room (/dev/shm, 2 GiB free): every
## test database commits with fsync, and on a disk those waits held the two test threads idle for
## most of the run (docs/performance.md). TEST_TMPDIR=/tmp (or any folder) chooses another.
## Around the run, scripts/pg-cluster starts a throwaway PostgreSQL primary and hot standby in a
## folder there (ALMANAC_TEST_POSTGRES and ALMANAC_TEST_POSTGRES_REPLICA name them to the tests) and
## stops them afterwards, whatever the tests' outcome; without the server binaries the PostgreSQL
## suites are skipped, or the run fails when ALMANAC_REQUIRE_POSTGRES is set (.ci/run sets it).
## With a cluster, the end-to-end suites (AlmanacTests) then run a second time on PostgreSQL
## (ALMANAC_TEST_STORE=postgresql maps every --db onto a database of the server), leaving out the
## suites only about PostgreSQL, which ran in the first pass, the tests about SQLite's own file, and
## the suites that open no database (PG_PASS_SKIP: the sources, the docs, the command declarations).
TEST_TMPDIR ?= $(shell [ -w /dev/shm ] && df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 && $$4 >= 2097152 { print "/dev/shm" }')
TEST_COMMAND = $(if $(TEST_TMPDIR),TMPDIR=$(TEST_TMPDIR) )$(SWIFT) test
PG_PASS_SKIP = Postgres|SourceLayoutTests|DocumentationTests|CommandDeclarationTests|TestRulesTests|WrongValueTests
test: deps test-deps
	@cluster="$$(mktemp -d "$(or $(TEST_TMPDIR),$${TMPDIR:-/tmp})/almanac-pg.XXXXXX")" || exit 1; \
	status=0; variables="$$(scripts/pg-cluster start "$$cluster")" || status=$$?; \
	if [ "$$status" = 3 ] && [ -z "$${ALMANAC_REQUIRE_POSTGRES:-}" ]; then rmdir "$$cluster"; \
	elif [ "$$status" != 0 ]; then rm -rf "$$cluster"; echo "make $@: no PostgreSQL cluster (scripts/pg-cluster start: exit $$status$${ALMANAC_REQUIRE_POSTGRES:+; ALMANAC_REQUIRE_POSTGRES is set})" >&2; exit 1; \
	else \
	  trap 'scripts/pg-cluster stop "$$cluster"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM; \
	  echo "make $@: PostgreSQL primary and hot standby in $$cluster"; \
	  set -a; eval "$$variables"; set +a; \
	fi; \
	echo '$(subst ','\'',$(TEST_COMMAND))'; \
	$(TEST_COMMAND) || exit $$?; \
	if [ -n "$${ALMANAC_TEST_POSTGRES:-}" ]; then \
	  echo 'ALMANAC_TEST_STORE=postgresql $(subst ','\'',$(TEST_COMMAND)) --skip-build --filter AlmanacTests --skip '"'"'$(PG_PASS_SKIP)'"'"; \
	  ALMANAC_TEST_STORE=postgresql $(TEST_COMMAND) --skip-build --filter AlmanacTests --skip '$(PG_PASS_SKIP)'; \
	fi

## test-browser: open every page `--format html` writes in headless Chromium (Debian's
## chromium-headless-shell, installed with apt-get when missing, with DejaVu for Latin and Cyrillic and
## no emoji font: Tests/Browser/cdp.py gives it a font configuration of DejaVu alone, so flags show
## only as pictures) and check what a reader sees: no console error or outside request, tables equal to
## --format json, bars proportional to their numbers, the snowman on its timeline, hostile values as
## text. Then `almanac serve`, clicked through as a person would (doors 1, 2 and 5, five quiz rounds,
## the snowman paused and resumed, a loan returned; the quiz's name asked, a wrong answer showing the
## right flag, the language switched mid-game), each step checked in the database. Screenshots,
## light and dark, in English and Russian, go to .build/screenshots/.
test-browser: deps
	@missing=""; \
	command -v chromium-headless-shell >/dev/null 2>&1 || command -v chromium >/dev/null 2>&1 || missing="$$missing chromium-headless-shell"; \
	[ -d /usr/share/fonts/truetype/dejavu ] || missing="$$missing fonts-dejavu-core"; \
	$(call apt-install,exit 1)
	$(SWIFT) build --product almanac
	python3 Tests/Browser/check_pages.py --almanac "$$($(SWIFT) build --show-bin-path)/almanac" --samples SampleData --screenshots .build/screenshots
	python3 Tests/Browser/check_serve.py --almanac "$$($(SWIFT) build --show-bin-path)/almanac" --samples SampleData --screenshots .build/screenshots

## install: build the release binary and install it with its man pages (English; Russian under
## share/man/ru) and its bash, zsh and fish completions: make install [PREFIX=/usr/local] [DESTDIR=].
install: release
	@$(MAKE) --no-print-directory install-files BINARY=.build/release/almanac

## install-files: install $(BINARY) stripped of its debug information and symbols, with the man pages
## and completions generated from it.
install-files:
	@test -x "$(BINARY)" || { echo "make install-files: no binary at $(BINARY) (run make release)" >&2; exit 1; }
	mkdir -p $(GENERATED)
	LC_ALL=C "$(BINARY)" __man > $(GENERATED)/almanac.1
	LC_ALL=ru "$(BINARY)" __man > $(GENERATED)/almanac.ru.1
	for shell in bash zsh fish; do "$(BINARY)" --generate-completion-script $$shell > $(GENERATED)/almanac.$$shell || exit 1; done
	install -D -s -m 755 "$(BINARY)" "$(DESTDIR)$(PREFIX)/bin/almanac"
	install -D -m 644 $(GENERATED)/almanac.1 "$(DESTDIR)$(PREFIX)/share/man/man1/almanac.1"
	install -D -m 644 $(GENERATED)/almanac.ru.1 "$(DESTDIR)$(PREFIX)/share/man/ru/man1/almanac.1"
	install -D -m 644 $(GENERATED)/almanac.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/almanac"
	install -D -m 644 $(GENERATED)/almanac.zsh "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_almanac"
	install -D -m 644 $(GENERATED)/almanac.fish "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/almanac.fish"

## uninstall: remove exactly the files `make install` put there (same PREFIX and DESTDIR).
uninstall:
	cd "$(DESTDIR)$(PREFIX)" 2>/dev/null && rm -f $(INSTALLED) || true

## bench: time a 1,000,000-row import (BENCH_ROWS=10000000 for ten million) against `sqlite3 .import`
## + CREATE INDEX, a C floor program and DuckDB; listings and every report against the sqlite3 shell; a
## week's agenda over 1,000,000 events, headers and rows of millions of columns, and `almanac serve`
## under wrk (see Bench/).
bench: release
	Bench/run.sh
	Bench/listing.sh
	Bench/agenda.sh
	Bench/overdue.sh
	Bench/wide.sh
	Bench/sniff.sh
	Bench/serve.sh

## bench-serve: only `almanac serve` under load (part of bench): 30 s of wrk on /, /books and
## /books?page=1 over 100,000 loans, each on the FlyingFox build it replaced (e64ec39, built once into
## .build/bench/flyingfox, or BENCH_SERVE_REFERENCE=BINARY) and on this one, in one table, with the
## issue's bounds; a 60 s flood with the server's memory every 10 s; then /books while 4 clients POST
## returns and door openings and a cron `overdue --notify` runs every second; checks no 5xx and no
## lost or doubled write. Needs wrk (apt-get install wrk): skipped with a message without it.
bench-serve: release
	Bench/serve.sh

## bench-sniff: only what finding the delimiter costs at 1,000,000 rows (part of bench).
bench-sniff: release
	Bench/sniff.sh

## bench-listing: only the listings, reports and nagios check against the sqlite3 shell (part of bench);
## the listings also against b22d355's release binary, in the same table (built once into
## .build/bench/reference-b22d355, or BENCH_LISTING_REFERENCE=BINARY).
bench-listing: release
	Bench/listing.sh

## bench-wide: only the files with millions of columns (part of bench).
bench-wide: release
	Bench/wide.sh

## bench-overdue: only the overdue check over 1,000,000 loans (part of bench).
bench-overdue: release
	Bench/overdue.sh

## bench-agenda: only a week's agenda over 1,000,000 events (part of bench).
bench-agenda: release
	Bench/agenda.sh

## bench-postgres: Almanac on PostgreSQL (not part of bench: it needs Debian's postgresql, which
## test-deps installs), on a throwaway cluster (scripts/pg-cluster): a 1,000,000-row import against
## `psql \copy` into the same table and indexes, with the SQLite import for reference; `books list
## --format csv` against `psql --csv` and, on SQLite, `sqlite3 -csv`; every report and the overdue
## check on SQLite and PostgreSQL side by side (see Bench/postgres.sh).
bench-postgres: release
	Bench/postgres.sh

## mutation: three rules of the worlds (door order, overdue grace, quiz points), each changed by one line
## in a copy of the sources (.build-mutation), must each make the worlds' unit tests (AlmanacKitTests,
## in process) fail; the unmutated copy must pass. MUTATION_TESTS=FILTER narrows the tests run.
mutation: deps
	Tests/Mutation/run.sh

## fuzz: fuzz the CSV reader and every kind's import, then headers, then the output-path guard, then
## the renderer, then the delimiter sniffer, then TZif files and POSIX TZ rules, with libFuzzer and
## ASan for SECONDS each (default 60), on JOBS workers (default 2), from Tests/Fuzz/Corpus,
## HeaderCorpus, PathCorpus, RendererCorpus, SnifferCorpus, TZifCorpus and PosixTZCorpus; fails on
## any crash or broken invariant. HARNESS=NAME runs that one only (make fuzz HARNESS=tzif SECONDS=600).
SECONDS ?= 60
JOBS ?= 2
FUZZ_HARNESSES := import header paths renderer sniffer tzif posixtz
fuzz: deps
	@for harness in $(or $(HARNESS),$(FUZZ_HARNESSES)); do \
	  JOBS=$(JOBS) HARNESS=$$harness Tests/Fuzz/fuzz.sh run $(SECONDS) || exit 1; \
	done

## fuzz-corpus: merge what `make fuzz` found into Tests/Fuzz/Corpus, HeaderCorpus, RendererCorpus,
## SnifferCorpus, TZifCorpus and PosixTZCorpus, minimized (libFuzzer -merge=1); HARNESS=NAME for one.
fuzz-corpus: deps
	@for harness in $(or $(HARNESS),import header renderer sniffer tzif posixtz); do \
	  HARNESS=$$harness Tests/Fuzz/fuzz.sh minimize || exit 1; \
	done

## stress: the long suites `make test` leaves out or runs short, on the release binary: 20 SIGKILLs
## during a 1,000,000-row import, overdue in a loop during another, 200,000 rows listed in every
## format and a site of 100,000 loans within bounded memory, 50 rounds of output folders
## swapped for links to the database in every command that writes a file, imports of 200 and
## 2,000 files costing the same per file, and every input of the fuzz corpus through every kind.
STRESS_SUITES := CrashSafetyTests|ServeStreamingTests|ConcurrencyTests|StreamingMemoryTests|SiteMemoryTests|OutputRaceTests|ManyFilesImportTests|FuzzCorpusTests
stress: release
	ALMANAC_STRESS=1 ALMANAC_BINARY=$(CURDIR)/.build/release/almanac $(SWIFT) test --filter '$(STRESS_SUITES)'

## lint: check every Swift file against .swift-format (line length 120) with the toolchain's
## `swift format`; `make format` rewrites them so.
FORMATTED := Package.swift Plugins Sources Tests
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

clean:
	rm -rf .build
